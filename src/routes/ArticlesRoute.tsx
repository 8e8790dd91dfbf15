import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useArticleList, useDeleteArticle } from '../api/articles';
import type { ArticleFilter } from '../contract';
import { ArticleFilterTabs } from '../components/articles/ArticleFilterTabs';
import { ArticleList } from '../components/articles/ArticleList';
import { ArticlesHeader } from '../components/articles/ArticlesHeader';

/** Articles list: the filter, the server's pages, delete without confirmation (SPEC.md). */
export default function ArticlesRoute() {
  const [filter, setFilter] = useState<ArticleFilter>('all');
  const list = useArticleList(filter);
  const remove = useDeleteArticle();
  const pages = list.data?.pages;
  const articles = pages?.flatMap((page) => page.data);

  return (
    <Stack gap="6">
      <ArticlesHeader onRefresh={() => void list.refetch()} isRefreshing={list.isFetching && !list.isFetchingNextPage} />
      <ArticleFilterTabs value={filter} counts={pages?.[0]?.counts} onChange={setFilter}>
        <ArticleList
          articles={articles}
          filter={filter}
          isLoading={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => void list.refetch()}
          onDelete={(id) => remove.mutate(id)}
          deletingId={remove.isPending ? remove.variables : null}
          hasMore={list.hasNextPage}
          isFetchingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </ArticleFilterTabs>
    </Stack>
  );
}
