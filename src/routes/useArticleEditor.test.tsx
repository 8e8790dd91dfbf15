// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articles } from '../../stories/fixtures';
import { articleHandlers } from '../../stories/mocks/articles';
import { articleQuery, useArticle } from '../api/articles';
import { api } from '../api/client';
import { slugCheckState } from '../components/article-editor';
import type { Article } from '../contract';
import { accessFor } from '../lib/access';
import { DRAFT_DEBOUNCE_MS, draftKey, readDraft, writeDraft } from '../lib/articleDraft';
import { useArticleEditor } from './useArticleEditor';

const server = setupServer();
const requests: string[] = [];
const ifMatches: (string | null)[] = [];
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    if (request.method === 'PATCH') ifMatches.push(request.headers.get('if-match'));
  });
});
afterEach(() => {
  // Unmounted, so no page of an earlier test still listens or keeps drafts.
  cleanup();
  server.resetHandlers();
  requests.length = 0;
  ifMatches.length = 0;
  vi.useRealTimers();
  localStorage.clear();
});
afterAll(() => server.close());

const draft = articles[1]!; // sample-article-2, a draft
const other = articles[2]!; // sample-article-3

function setup(article: Article = draft) {
  server.use(...articleHandlers.api());
  // Fresh for ever: only an invalidation could fetch the article again.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(articleQuery(article.id).queryKey, article);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/articles/${article.id}`]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const onDeleted = vi.fn();
  // The editor gets the article from its query, observed as on the screen.
  const hook = renderHook(
    () => {
      const query = useArticle(article.id);
      return useArticleEditor(query.data ?? article, {
        isRefreshing: false,
        onRefresh: () => {},
        onReload: () => query.refetch({ throwOnError: true }),
        onDeleted,
        access: accessFor('admin'),
      });
    },
    { wrapper },
  );
  return { ...hook, client, onDeleted };
}

describe('slugCheckState', () => {
  const base = { checked: 'a', value: 'a', isFetching: false, isError: false };
  it('is idle before Verify and as soon as the field no longer holds the checked slug', () => {
    expect(slugCheckState({ ...base, checked: null })).toEqual({ status: 'idle' });
    expect(slugCheckState({ ...base, value: 'ab', data: { available: true, message: 'ok', slug: 'a' } })).toEqual({ status: 'idle' });
  });
  it('says checking, failed, available, or taken with the suggestion', () => {
    expect(slugCheckState({ ...base, isFetching: true })).toEqual({ status: 'checking' });
    expect(slugCheckState({ ...base, isError: true })).toEqual({ status: 'error' });
    expect(slugCheckState({ ...base, data: { available: true, message: 'Slug is available', slug: 'a' } })).toEqual({
      status: 'available',
      message: 'Slug is available',
    });
    expect(slugCheckState({ ...base, data: { available: false, message: 'Slug is already taken', slug: 'a-2' } })).toEqual({
      status: 'unavailable',
      message: 'Slug is already taken',
      suggestion: 'a-2',
    });
  });
});

describe('useArticleEditor', () => {
  it('shows the saved values until edited, and Reset brings them back', () => {
    const { result } = setup();
    expect(result.current.slug.value).toBe(draft.slug);
    expect(result.current.slug.check).toEqual({ status: 'idle' });
    act(() => result.current.slug.onChange('edited'));
    expect(result.current.slug.value).toBe('edited');
    act(() => result.current.slug.onReset());
    expect(result.current.slug.value).toBe(draft.slug);
  });

  it('checks a taken slug and offers the free suggestion; editing the field makes the check idle again', async () => {
    const { result } = setup();
    act(() => result.current.slug.onChange(other.slug!));
    act(() => result.current.slug.onVerify());
    expect(result.current.slug.check.status).toBe('checking');
    await waitFor(() => expect(result.current.slug.check.status).toBe('unavailable'));
    expect(result.current.slug.check.suggestion).toBe(`${other.slug}-2`);
    act(() => result.current.slug.onChange(`${other.slug}-2`));
    expect(result.current.slug.check).toEqual({ status: 'idle' });
  });

  it('saves once: the answer replaces the cached article, which is not fetched again', async () => {
    const { result, client } = setup();
    act(() => result.current.slug.onChange('brand-new-slug'));
    act(() => result.current.slug.onSave());
    await waitFor(() => expect(client.getQueryData<Article>(articleQuery(draft.id).queryKey)?.slug).toBe('brand-new-slug'));
    await waitFor(() => expect(result.current.slug.isSaving).toBe(false));
    expect(requests.filter((r) => r === `PATCH /api/articles/${draft.id}`)).toHaveLength(1);
    expect(requests.filter((r) => r === `GET /api/articles/${draft.id}`)).toHaveLength(0);
  });

  it('publishing shows the success banner for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { result } = setup();
    act(() => result.current.onPublish());
    await waitFor(() => expect(result.current.banner).toBe('published'));
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.banner).toBeNull();
  });

  it('an edit of a published article opens the convert dialog instead', () => {
    const { result } = setup(articles[0]!);
    expect(result.current.dialogOpen).toBe(false);
    act(() => result.current.onOpenDialog());
    expect(result.current.dialogOpen).toBe(true);
    act(() => result.current.onCloseDialog());
    expect(result.current.dialogOpen).toBe(false);
  });

  it('deleting calls back when done', async () => {
    const { result, onDeleted } = setup();
    act(() => result.current.onDelete());
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
  });

  it('keeps the unsaved HTML in the browser a moment after typing, and forgets it once saved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { result } = setup();
    act(() => result.current.html.onChange('<p>Mine</p>'));
    expect(readDraft(draft.id)).toBeNull();
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS));
    expect(readDraft(draft.id)).toMatchObject({ html: '<p>Mine</p>', basedOn: draft.updatedAt });
    act(() => result.current.html.onSave());
    await waitFor(() => expect(result.current.article.blogData).toBe('<p>Mine</p>'));
    expect(result.current.html.value).toBe('<p>Mine</p>');
    expect(readDraft(draft.id)).toBeNull();
  });

  it('forgets the kept HTML when the edit is undone back to the saved text', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { result } = setup();
    act(() => result.current.html.onChange('<p>Mine</p>'));
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS));
    expect(readDraft(draft.id)).not.toBeNull();
    act(() => result.current.html.onChange(draft.blogData!));
    expect(readDraft(draft.id)).toBeNull();
  });

  it('offers a kept draft: Restore puts it in the editor, based on the version it began from', async () => {
    const older = '2026-01-01T00:00:00.000Z';
    writeDraft(draft.id, { html: '<p>Kept</p>', basedOn: older, savedAt: new Date().toISOString() });
    const { result } = setup();
    expect(result.current.draftOffer).toMatchObject({ changedSince: true });
    expect(result.current.html.value).toBe(draft.blogData);
    act(() => result.current.draftOffer!.onRestore());
    expect(result.current.draftOffer).toBeNull();
    expect(result.current.html.value).toBe('<p>Kept</p>');
    // Saved with the version the draft was based on: the server says it is stale.
    act(() => result.current.html.onSave());
    await waitFor(() => expect(result.current.conflict?.field).toBe('blogData'));
    expect(ifMatches).toEqual([older]);
  });

  it('Discard forgets the kept draft', () => {
    writeDraft(draft.id, { html: '<p>Kept</p>', basedOn: draft.updatedAt, savedAt: new Date().toISOString() });
    const { result } = setup();
    expect(result.current.draftOffer).toMatchObject({ changedSince: false });
    act(() => result.current.draftOffer!.onDiscard());
    expect(result.current.draftOffer).toBeNull();
    expect(localStorage.getItem(draftKey(draft.id))).toBeNull();
    expect(result.current.html.value).toBe(draft.blogData);
  });

  it('a save after another admin saved shows both versions; Keep mine saves over theirs with their version as If-Match', async () => {
    const { result } = setup();
    act(() => result.current.html.onChange('<p>Mine</p>'));
    // Another admin saves first.
    const theirs = (await api<{ data: Article }>(`/articles/${draft.id}`, { method: 'PATCH', body: { blogData: '<p>Theirs</p>' }, schema: (s) => s.articleResultSchema })).data;
    act(() => result.current.html.onSave());
    await waitFor(() => expect(result.current.conflict).not.toBeNull());
    expect(result.current.conflict).toMatchObject({ field: 'blogData', theirs: '<p>Theirs</p>', mine: '<p>Mine</p>', theirsSavedAt: theirs.updatedAt });
    // Not a bare error: the conflict says it.
    expect(result.current.error).toBeFalsy();
    act(() => result.current.conflict!.onKeepMine());
    await waitFor(() => expect(result.current.conflict).toBeNull());
    expect(result.current.article.blogData).toBe('<p>Mine</p>');
    expect(result.current.html.value).toBe('<p>Mine</p>');
    expect(ifMatches).toEqual([null, draft.updatedAt, theirs.updatedAt]);
  });

  it('Take theirs drops the edit and shows their version', async () => {
    const { result } = setup();
    act(() => result.current.html.onChange('<p>Mine</p>'));
    await api(`/articles/${draft.id}`, { method: 'PATCH', body: { blogData: '<p>Theirs</p>' } });
    act(() => result.current.html.onSave());
    await waitFor(() => expect(result.current.conflict).not.toBeNull());
    act(() => result.current.conflict!.onTakeTheirs());
    expect(result.current.conflict).toBeNull();
    expect(result.current.error).toBeFalsy();
    expect(result.current.html.value).toBe('<p>Theirs</p>');
    expect(result.current.leave.open).toBe(false);
  });

  it("the admin's own publish and convert do not make the next save stale", async () => {
    const { result } = setup();
    act(() => result.current.html.onChange('<p>Mine</p>'));
    act(() => result.current.onPublish());
    await waitFor(() => expect(result.current.article.status).toBe('published'));
    act(() => result.current.onConvertToDraft());
    await waitFor(() => expect(result.current.article.status).toBe('draft'));
    act(() => result.current.html.onSave());
    await waitFor(() => expect(result.current.article.blogData).toBe('<p>Mine</p>'));
    expect(result.current.conflict).toBeNull();
  });

  it('asks before the tab closes only while something is unsaved', () => {
    const { result } = setup();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    act(() => result.current.slug.onChange('edited'));
    expect(unload()).toBe(true);
    act(() => result.current.slug.onReset());
    expect(unload()).toBe(false);
  });
});
