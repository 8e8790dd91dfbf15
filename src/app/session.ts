import type { QueryClient } from '@tanstack/react-query';
import { onUnauthorized } from '../api/client';

type Navigator = {
  state: { location: { pathname: string; search: string } };
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
};

/**
 * Any 401: the token is already cleared; forget cached data, go to /login and come back to
 * this page after signing in. Returns the function that disconnects it.
 */
export function connectSessionExpiry(router: Navigator, queryClient: QueryClient): () => void {
  return onUnauthorized(() => {
    const { pathname, search } = router.state.location;
    if (pathname === '/login') return;
    queryClient.clear();
    void router.navigate(`/login?next=${encodeURIComponent(pathname + search)}`, { replace: true });
  });
}
