// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../contract';
import { articles, trashedSamples } from '../../stories/fixtures';
import { articleHandlers } from '../../stories/mocks';
import { articleListKeys } from './articleList';
import { fetchTrashPage, restoreArticle, trashCountQuery, trashKeys, trashListQuery } from './articleTrash';
import { articleKeys, articleStatsQuery } from './articles';
import { ApiError } from './client';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the trash queries', () => {
  it('key the pages and the count under the lists every article write invalidates', () => {
    expect(trashListQuery().queryKey.slice(0, 2)).toEqual(articleKeys.lists());
    expect(trashCountQuery().queryKey.slice(0, 2)).toEqual(articleKeys.lists());
    expect(trashKeys.pages()).not.toEqual(trashKeys.count());
    // Not a status tab's pages.
    expect(trashKeys.pages()).not.toEqual(articleListKeys.pages({ status: 'all', q: '', site: '' }));
  });

  it('read pages with their cursor, and the count as a page of one', async () => {
    server.use(...articleHandlers.api(articles, trashedSamples()));
    const first = await fetchTrashPage({ limit: 2 });
    expect(first.total).toBe(3);
    expect(first.data).toHaveLength(2);
    const rest = await fetchTrashPage({ limit: 2, cursor: first.nextCursor! });
    expect(rest.nextCursor).toBeNull();
    expect(rest.data.map((card) => card.id)).toEqual([trashedSamples()[2]!.article.id]);
    const client = new QueryClient();
    expect(await client.fetchQuery(trashCountQuery())).toBe(3);
  });
});

describe('restoreArticle', () => {
  it('refuses a taken slug with the suggestion, restores under it, and refreshes the lists and the dashboard figures', async () => {
    const [, , taken] = trashedSamples();
    server.use(...articleHandlers.api(articles, trashedSamples()));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery(articleStatsQuery());
    await client.fetchQuery(trashCountQuery());

    const refusal = await restoreArticle(client, taken!.article.id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 409,
      code: 'restore_slug_taken',
      message: serverMessages.restoreSlugTaken,
      suggestion: 'sample-article-2-2',
    });
    expect(client.getQueryState(trashKeys.count())?.isInvalidated).toBe(false);

    const article = await restoreArticle(client, taken!.article.id, 'sample-article-2-2');
    expect(article).toMatchObject({ id: taken!.article.id, slug: 'sample-article-2-2' });
    expect(client.getQueryData(articleKeys.detail(taken!.article.id))).toEqual(article);
    // Invalidated (a screen showing them fetches them again): the trash counts one less, the dashboard one more.
    expect(client.getQueryState(trashKeys.count())?.isInvalidated).toBe(true);
    expect(client.getQueryState(articleStatsQuery().queryKey)?.isInvalidated).toBe(true);
    expect(await client.fetchQuery({ ...trashCountQuery(), staleTime: 0 })).toBe(2);
    expect((await client.fetchQuery(articleStatsQuery())).counts.all).toBe(articles.length + 1);
  });
});
