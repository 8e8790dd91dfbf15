// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articles } from '../../stories/fixtures';
import { articleHandlers } from '../../stories/mocks/articles';
import { articleQuery, useArticle } from '../api/articles';
import { slugCheckState } from '../components/article-editor';
import type { Article } from '../contract';
import { useArticleEditor } from './useArticleEditor';

const server = setupServer();
const requests: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  server.events.on('request:start', ({ request }) => void requests.push(`${request.method} ${new URL(request.url).pathname}`));
});
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  vi.useRealTimers();
});
afterAll(() => server.close());

const draft = articles[1]!; // sample-article-2, a draft
const other = articles[2]!; // sample-article-3

function setup(article: Article = draft) {
  server.use(...articleHandlers.api());
  // Fresh for ever: only an invalidation could fetch the article again.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(articleQuery(article.id).queryKey, article);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const onDeleted = vi.fn();
  // The editor gets the article from its query, observed as on the screen.
  const hook = renderHook(
    () => useArticleEditor(useArticle(article.id).data ?? article, { isRefreshing: false, onRefresh: () => {}, onDeleted }),
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
});
