import { Stack } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useArticleList, useDeleteArticle } from '../api/articles';
import type { ArticleFilter } from '../contract';
import { ArticleFilterTabs } from '../components/articles/ArticleFilterTabs';
import { ArticleList } from '../components/articles/ArticleList';
import { ArticlesHeader } from '../components/articles/ArticlesHeader';
import { FullThemeProvider } from '../theme/FullThemeProvider';

/** Articles list: the filter, the server's pages, delete without confirmation (SPEC.md). */
function Articles() {
  const [filter, setFilter] = useState<ArticleFilter>('all');
  const list = useArticleList(filter);
  const remove = useDeleteArticle();
  const pages = list.data?.pages;
  // Stable between renders, so the memoised cards re-render only when their own data changes.
  const articles = useMemo(() => pages?.flatMap((page) => page.data), [pages]);
  const { refetch, fetchNextPage } = list;
  const { mutate: deleteArticle } = remove;
  const retry = useCallback(() => void refetch(), [refetch]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const onDelete = useCallback((id: string) => deleteArticle(id), [deleteArticle]);

  return (
    <Stack gap="6">
      <ArticlesHeader onRefresh={retry} isRefreshing={list.isFetching && !list.isFetchingNextPage} />
      <ArticleFilterTabs value={filter} counts={pages?.[0]?.counts} onChange={setFilter}>
        <ArticleList
          articles={articles}
          filter={filter}
          isLoading={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={retry}
          onDelete={onDelete}
          deletingId={remove.isPending ? remove.variables : null}
          hasMore={list.hasNextPage}
          isFetchingMore={list.isFetchingNextPage}
          onLoadMore={loadMore}
        />
      </ArticleFilterTabs>
    </Stack>
  );
}

/** Rendered with the full theme system: this screen's components' recipes load with its chunk. */
export default function ArticlesRoute() {
  return (
    <FullThemeProvider>
      <Articles />
    </FullThemeProvider>
  );
}
