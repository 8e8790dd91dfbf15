// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authHandlers } from '../../stories/mocks/system';
import { accessFor } from '../lib/access';
import { systemKeys, useAccess } from './system';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderAccess() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, ...renderHook(() => useAccess(), { wrapper }) };
}

describe('useAccess', () => {
  it('is null until the signed-in user is known, then what their role may do', async () => {
    server.use(...authHandlers.signedInAs('author'));
    const { result } = renderAccess();
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toBe(accessFor('author')));
    expect(result.current?.may('publishArticle')).toBe(false);
  });

  it('reads a me without a role (an older server) as an admin', async () => {
    server.use(...authHandlers.signedInWithoutRole());
    const { result } = renderAccess();
    await waitFor(() => expect(result.current).toBe(accessFor('admin')));
  });

  it('stays null when the session check fails', async () => {
    server.use(...authHandlers.expired());
    const { client, result } = renderAccess();
    await waitFor(() => expect(client.getQueryState(systemKeys.me)?.status).toBe('error'));
    expect(result.current).toBeNull();
  });
});
