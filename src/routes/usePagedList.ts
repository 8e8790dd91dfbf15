import { useCallback, useMemo } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

/**
 * A list read by pages (an infinite query) as a list's props: its items so far, loading, the
 * error, Try Again, whether there is another page and Load more; and `isRefreshing` for the
 * header's Refresh. The items and the callbacks are stable between renders, so memoised rows
 * re-render only when their own data changes.
 */
export function usePagedList<Item>(query: UseInfiniteQueryResult<InfiniteData<{ data: Item[] }>, Error>) {
  const pages = query.data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.data), [pages]);
  const { refetch, fetchNextPage } = query;
  const onRetry = useCallback(() => void refetch(), [refetch]);
  const onLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return {
    items,
    isLoading: query.isPending,
    error: query.isError ? query.error : null,
    onRetry,
    hasMore: query.hasNextPage,
    isFetchingMore: query.isFetchingNextPage,
    onLoadMore,
    isRefreshing: query.isFetching && !query.isFetchingNextPage,
  };
}
