import { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../src/app/providers';
import { routes } from '../../src/app/router';
import { connectSessionExpiry } from '../../src/app/session';

/**
 * The whole console at one URL, as the app composes it (same routes, providers and 401
 * handling), talking to the story's MSW handlers. A fresh QueryClient and router per story.
 */
export function AppStory({ path }: { path: string }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  const [router] = useState(() => createMemoryRouter(routes, { initialEntries: [path] }));
  useEffect(() => connectSessionExpiry(router, client), [router, client]);
  useEffect(() => () => client.clear(), [client]);
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/** The path the story's router is at, shown for flows that navigate (read by plays). */
export function currentPath(canvasElement: HTMLElement): string | null {
  return canvasElement.ownerDocument.defaultView?.location.pathname ?? null;
}
