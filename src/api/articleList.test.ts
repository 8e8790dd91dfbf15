// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toArticleCard, type ArticleListResult } from '../contract';
import { makeArticle } from '../../stories/fixtures';
import { articleListKeys, articleListQuery, fetchArticleSites } from './articleList';
import { articleKeys, fetchArticlePage } from './articles';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Answers the list, remembering the query it was asked with. */
function listAnswering(seen: URLSearchParams[]) {
  return http.get('*/api/articles/admin/articles', ({ request }) => {
    seen.push(new URL(request.url).searchParams);
    return HttpResponse.json<ArticleListResult>({
      data: [toArticleCard(makeArticle())],
      counts: { all: 1, published: 0, draft: 1 },
      nextCursor: null,
    });
  });
}

describe('the articles list query', () => {
  it('sends the search, order, site and cursor it has, and leaves out what is empty', async () => {
    const seen: URLSearchParams[] = [];
    server.use(listAnswering(seen));
    await fetchArticlePage({ status: 'draft', q: 'tomato', sort: 'title', site: 'garden.example.com', limit: 50, cursor: 'abc' });
    await fetchArticlePage({ status: 'all', q: '', site: '', limit: 5, cursor: undefined });
    expect(Object.fromEntries(seen[0]!)).toEqual({
      status: 'draft',
      q: 'tomato',
      sort: 'title',
      site: 'garden.example.com',
      limit: '50',
      cursor: 'abc',
    });
    // No sort: the server's default (best match for a search, newest otherwise).
    expect(Object.fromEntries(seen[1]!)).toEqual({ status: 'all', limit: '5' });
  });

  it('keys pages and sites under the lists every article write invalidates', () => {
    const params = { status: 'all', q: 'x', sort: 'oldest', site: 'a.example' } as const;
    expect(articleListQuery(params).queryKey.slice(0, 2)).toEqual(articleKeys.lists());
    expect(articleListKeys.sites('all').slice(0, 2)).toEqual(articleKeys.lists());
    // Each order and site is a list of its own.
    expect(articleListKeys.pages(params)).not.toEqual(articleListKeys.pages({ ...params, sort: undefined }));
    expect(articleListKeys.pages(params)).not.toEqual(articleListKeys.pages({ ...params, site: '' }));
  });

  it("keeps showing the tab's last results while another search, order or site loads, not another tab's", () => {
    const previous = { pages: [], pageParams: [] };
    const placeholder = articleListQuery({ status: 'draft', q: 'b', site: '' }).placeholderData as unknown as (
      data: typeof previous,
      query: { queryKey: readonly unknown[] },
    ) => unknown;
    const sameTab = { queryKey: articleListKeys.pages({ status: 'draft', q: 'a', sort: 'title', site: 'x.example' }) };
    const otherTab = { queryKey: articleListKeys.pages({ status: 'published', q: 'b', site: '' }) };
    expect(placeholder(previous, sameTab)).toBe(previous);
    expect(placeholder(previous, otherTab)).toBeUndefined();
  });
});

describe('the source sites query', () => {
  it('asks for the tab (not the search), and reads the hosts with their counts', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('*/api/articles/admin/sites', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: [{ site: 'garden.example.com', count: 12 }] });
      }),
    );
    expect(await fetchArticleSites('published')).toEqual({ data: [{ site: 'garden.example.com', count: 12 }] });
    await fetchArticleSites('all');
    expect(Object.fromEntries(seen[0]!)).toEqual({ status: 'published' });
    expect(Object.fromEntries(seen[1]!)).toEqual({ status: 'all' });
  });

  it('refuses an answer that is not a list of sites', async () => {
    server.use(http.get('*/api/articles/admin/sites', () => HttpResponse.json({ data: [{ site: 'x' }] })));
    await expect(fetchArticleSites('all')).rejects.toThrow();
  });
});
