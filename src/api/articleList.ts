/**
 * The articles screen's list, in a module of its own: only that (lazy) screen loads it, so it
 * does not weigh on the first screen's budget (scripts/check-bundle.mjs).
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ArticleFilter } from '../contract';
import { ARTICLE_PAGE_SIZE, articleKeys, fetchArticlePage } from './articles';

/** Pages of one status tab, narrowed by the search `q` (slug and URLs, on the server). */
export const articleListQuery = (status: ArticleFilter, q = '') =>
  infiniteQueryOptions({
    queryKey: articleKeys.list(status, q),
    queryFn: ({ pageParam }) => fetchArticlePage(status, pageParam, ARTICLE_PAGE_SIZE, q),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While a refined search loads, the tab keeps showing the last results (no spinner per
    // keystroke); another tab starts from its own loading state.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === status ? keepPreviousData(previous) : undefined,
  });

export function useArticleList(status: ArticleFilter, q = '') {
  return useInfiniteQuery(articleListQuery(status, q));
}
