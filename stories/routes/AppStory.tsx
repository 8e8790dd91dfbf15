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
  const [location, setLocation] = useState(router.state.location);
  useEffect(() => connectSessionExpiry(router, client), [router, client]);
  useEffect(() => () => client.clear(), [client]);
  useEffect(() => router.subscribe((state) => setLocation(state.location)), [router]);
  return (
    // The in-memory router's URL, for plays to read (storyLocation): the page's own URL is Storybook's.
    <div data-story-location={`${location.pathname}${location.search}`} style={{ display: 'contents' }}>
      <AppProviders client={client}>
        <RouterProvider router={router} />
      </AppProviders>
    </div>
  );
}

/** The path and query the story's router is at ('/articles?q=tomato'), for plays of flows that navigate. */
export function storyLocation(canvasElement: HTMLElement): URL {
  const at = canvasElement.querySelector('[data-story-location]')?.getAttribute('data-story-location') ?? '';
  return new URL(at, 'http://story.invalid');
}
