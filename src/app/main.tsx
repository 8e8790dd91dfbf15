import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from './providers';
import { createRouter } from './router';
import { connectSessionExpiry } from './session';

const queryClient = createQueryClient();
const router = createRouter();
connectSessionExpiry(router, queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
