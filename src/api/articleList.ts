/**
 * The articles screen's list and its source sites, in a module of their own: only that (lazy)
 * screen loads it, so it does not weigh on the first screen's budget (scripts/check-bundle.mjs).
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ArticleFilter, ArticleSort } from '../contract';
import { ARTICLE_PAGE_SIZE, articleKeys, fetchArticlePage } from './articles';
import { api } from './client';

/** What the list shows: a status tab, narrowed by a search and a source site, in an order. */
export interface ArticleListParams {
  status: ArticleFilter;
  /** The search (title, slug, addresses, raw text on the server); '' for none. */
  q: string;
  /** Unset: a search comes by best match, a plain list newest first (the server's default). */
  sort?: ArticleSort;
  /** A host as GET /articles/admin/sites lists it; '' for every site. */
  site: string;
  /** Only the articles whose last checks found something to fix. */
  attention?: boolean;
  /** Only the articles that look like a copy of another. */
  copies?: boolean;
  /** Only the articles whose source changed, the change waiting for the editor. */
  sourceChanged?: boolean;
  /** Only the articles assigned to the signed-in account. */
  mine?: boolean;
}

/**
 * The screen's query keys. Both sit under `articleKeys.lists()`, so every article write, which
 * invalidates the lists, refreshes the pages and the sites' counts too.
 */
export const articleListKeys = {
  pages: (params: ArticleListParams) => [...articleKeys.lists(), 'pages', params] as const,
  sites: (status: ArticleFilter) => [...articleKeys.lists(), 'sites', status] as const,
};

/** Pages of one status tab, narrowed by the search and the site, in the chosen order. */
export const articleListQuery = (params: ArticleListParams) =>
  infiniteQueryOptions({
    queryKey: articleListKeys.pages(params),
    queryFn: ({ pageParam }) => {
      const { mine, ...rest } = params;
      return fetchArticlePage({
        ...rest,
        attention: params.attention ? 'true' : undefined,
        copies: params.copies ? 'true' : undefined,
        sourceChanged: params.sourceChanged ? 'true' : undefined,
        assignee: mine ? 'me' : undefined,
        limit: ARTICLE_PAGE_SIZE,
        cursor: pageParam ?? undefined,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While a refined search, another order or another site loads, the tab keeps showing the
    // last results (no spinner per keystroke); another tab starts from its own loading state.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3].status === params.status ? keepPreviousData(previous) : undefined,
  });

export function useArticleList(params: ArticleListParams) {
  return useInfiniteQuery(articleListQuery(params));
}

/**
 * GET /articles/admin/sites: the top hosts (with counts) of the tab. Not narrowed by the search
 * (the server would read every match of a broad term), so typing does not refetch it.
 */
export function fetchArticleSites(status: ArticleFilter) {
  return api(`/articles/admin/sites?${new URLSearchParams({ status })}`, { schema: (s) => s.articleSitesResultSchema });
}

export const articleSitesQuery = (status: ArticleFilter) =>
  queryOptions({
    queryKey: articleListKeys.sites(status),
    queryFn: () => fetchArticleSites(status),
    // The choices stay in place while another tab's sites load.
    placeholderData: keepPreviousData,
  });

export function useArticleSites(status: ArticleFilter) {
  return useQuery(articleSitesQuery(status));
}
