// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Presence } from '../contract';
import { useArticlePresence } from './presence';

// The calls the hook makes, answered by the test when it chooses.
const calls: { path: string; answer: (list: Presence[]) => Promise<void> }[] = [];
vi.mock('./client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./client')>()),
  api: (path: string) =>
    new Promise((resolve) => {
      calls.push({
        path,
        answer: async (list) => {
          const answered = Promise.resolve({ data: list });
          resolve(answered);
          // The hook's own `then` runs before this await resumes (it was registered first).
          await act(async () => void (await answered));
        },
      });
    }),
}));

/** The page's stream: the test says what the server sends on it. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | undefined;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {}
  send(list: Presence[]) {
    act(() => void this.dispatchEvent(new MessageEvent('presence', { data: JSON.stringify({ data: list }) })));
  }
}

const at = '2026-12-06T08:00:00.000Z';
const person = (tab: string, email: string): Presence => ({ tab, userId: `u-${email}`, email, role: 'editor', openedAt: at, editingSince: null });

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useArticlePresence', () => {
  it('keeps the list the stream sent while its own call was answered: an older answer never hides a newcomer', async () => {
    const { result } = renderHook(() => useArticlePresence('a1', false));
    const me = person(result.current.tab, 'admin@example.com');
    const dana = person('dana-tab', 'dana@example.com');
    FakeEventSource.last!.send([me]);
    // The stream is open: the page says it does not edit.
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/articles/a1/presence']));
    // Dana opens the article before the answer, which the server read before she came.
    FakeEventSource.last!.send([me, dana]);
    expect(result.current.others).toEqual([dana]);
    await calls[0]!.answer([me]);
    expect(result.current.others).toEqual([dana]);
  });

  it('takes the answer when the stream said nothing meanwhile', async () => {
    const { result } = renderHook(() => useArticlePresence('a1', false));
    const me = person(result.current.tab, 'admin@example.com');
    const dana = person('dana-tab', 'dana@example.com');
    FakeEventSource.last!.send([me]);
    await waitFor(() => expect(calls).toHaveLength(1));
    await calls[0]!.answer([me, dana]);
    expect(result.current.others).toEqual([dana]);
  });
});
