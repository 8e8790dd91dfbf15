import { Stack } from '@chakra-ui/react';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDeleteArticle } from '../api/articles';
import { useArticleList } from '../api/articleList';
import type { ArticleFilter } from '../contract';
import { ArticleFilterTabs } from '../components/articles/ArticleFilterTabs';
import { ArticleList } from '../components/articles/ArticleList';
import { ArticlesHeader } from '../components/articles/ArticlesHeader';
import { ArticlesToolbar } from '../components/articles/ArticlesToolbar';
import { ArticleTable } from '../components/articles/ArticleTable';
import { useArticlesView } from '../components/articles/useArticlesView';
import { useSearchDraft, type SearchHistoryMode } from '../components/articles/useSearchDraft';
import { FullThemeProvider } from '../theme/FullThemeProvider';

const FILTERS: readonly ArticleFilter[] = ['all', 'published', 'draft'];

/**
 * Articles list (SPEC.md): the tab (`?status=`, absent for all) and the search (`?q=`) live in
 * the URL, so reload, Back and a shared link give the same list; cards or table per browser.
 */
function Articles() {
  const [params, setParams] = useSearchParams();
  const filter = FILTERS.find((f) => f === params.get('status')) ?? 'all';
  const query = params.get('q')?.trim() ?? '';
  const navigate = useNavigate();
  const [view, setView] = useArticlesView();

  // A tab is a list of its own (pushed: Back returns to the previous tab); how a search is
  // written is useSearchDraft's choice.
  const setUrl = useCallback(
    (name: 'status' | 'q', value: string, mode: SearchHistoryMode) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value && value !== 'all') next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: mode === 'replace' },
      ),
    [setParams],
  );
  const search = useSearchDraft(query, (q, mode) => setUrl('q', q, mode));
  const list = useArticleList(filter, query);
  const remove = useDeleteArticle();
  const pages = list.data?.pages;
  // Stable between renders, so the memoised cards re-render only when their own data changes.
  const articles = useMemo(() => pages?.flatMap((page) => page.data), [pages]);
  const { refetch, fetchNextPage } = list;
  const { mutate: deleteArticle } = remove;
  const { commit } = search;
  const retry = useCallback(() => void refetch(), [refetch]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const onDelete = useCallback((id: string) => deleteArticle(id), [deleteArticle]);
  const onOpen = useCallback((id: string) => navigate(`/articles/${id}`), [navigate]);
  const clearSearch = useCallback(() => commit(''), [commit]);

  const shared = {
    articles,
    filter,
    isLoading: list.isPending,
    error: list.isError ? list.error : null,
    onRetry: retry,
    hasMore: list.hasNextPage,
    isFetchingMore: list.isFetchingNextPage,
    onLoadMore: loadMore,
    search: query,
    onClearSearch: clearSearch,
  };

  return (
    <Stack gap="6">
      <ArticlesHeader onRefresh={retry} isRefreshing={list.isFetching && !list.isFetchingNextPage} />
      <ArticlesToolbar
        value={search.draft}
        onChange={search.setDraft}
        onCommit={commit}
        onClear={clearSearch}
        view={view}
        onViewChange={setView}
      />
      <ArticleFilterTabs
        value={filter}
        counts={pages?.[0]?.counts}
        isSearch={query !== ''}
        onChange={(next) => setUrl('status', next, 'push')}
      >
        {view === 'table' ? (
          <ArticleTable {...shared} onOpen={onOpen} />
        ) : (
          <ArticleList {...shared} onDelete={onDelete} deletingId={remove.isPending ? remove.variables : null} />
        )}
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
