import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { onUnauthorized } from '../api/client';
import { AppProviders, createQueryClient } from './providers';
import { createRouter } from './router';

const queryClient = createQueryClient();
const router = createRouter();

// Any 401: the token is already cleared; go to /login and come back here after signing in.
onUnauthorized(() => {
  const { pathname, search } = router.state.location;
  if (pathname === '/login') return;
  queryClient.clear();
  void router.navigate(`/login?next=${encodeURIComponent(pathname + search)}`, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
