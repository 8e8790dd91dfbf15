import { Stack } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDeleteArticle } from '../api/articleWrites';
import { useArticleList, useArticleSites } from '../api/articleList';
import { useTrashCount } from '../api/articleTrash';
import { useAccess } from '../api/system';
import { MAX_BULK_IDS, type ArticleFilter } from '../contract';
import { ArticleFilterTabs, type ArticleTab } from '../components/articles/ArticleFilterTabs';
import { ArticleList } from '../components/articles/ArticleList';
import { ArticleTrashList } from '../components/articles/ArticleTrashList';
import { ArticlesHeader } from '../components/articles/ArticlesHeader';
import { ArticlesToolbar } from '../components/articles/ArticlesToolbar';
import { BulkActionBar, SelectionArea, type ArticleBulkAction } from '../components/articles/BulkActionBar';
import { BulkScheduleDialog, type BulkScheduleTimes } from '../components/articles/BulkScheduleDialog';
import { useArticleSelection } from '../components/articles/useArticleSelection';
import { ArticleTable } from '../components/articles/ArticleTable';
import { parseSort, type ArticleSortChoice } from '../components/articles/ArticleSortSelect';
import { useArticlesView } from '../components/articles/useArticlesView';
import { useSearchDraft, type SearchHistoryMode } from '../components/articles/useSearchDraft';
import { Toaster } from '../components/common/Toaster';
import type { Access } from '../lib/access';
import { FullThemeProvider } from '../theme/FullThemeProvider';
import { useBulkActions } from './useBulkActions';
import { useTrashTab } from './useTrashTab';
import { useTrashToasts } from './useTrashToasts';

const FILTERS: readonly ArticleFilter[] = ['all', 'published', 'draft', 'scheduled'];

/**
 * Articles list (docs/product.md), with what the signed-in role may do: New article, selections and bulk
 * actions, Delete (an author's on drafts only), the trash's Restore and Delete forever. The tab (`?status=`, absent for all; `scheduled`; `trash` for the trash), the
 * search (`?q=`), the order (`?sort=`, absent for the default: best match while searching, else
 * newest) and the source site (`?site=`) live in the URL, so reload, Back and a shared link give
 * the same list; cards or table per browser. The trash is neither searched, sorted nor filtered
 * by site: those controls are disabled there, and the URL keeps them for the other tabs.
 */
function Articles({ access }: { access: Access }) {
  const [params, setParams] = useSearchParams();
  const isTrash = params.get('status') === 'trash';
  const filter = FILTERS.find((f) => f === params.get('status')) ?? 'all';
  const tab: ArticleTab = isTrash ? 'trash' : filter;
  const query = params.get('q')?.trim() ?? '';
  const sort = parseSort(params.get('sort'));
  const site = params.get('site')?.trim().toLowerCase() ?? '';
  const attention = params.get('attention') === 'true';
  const copies = params.get('copies') === 'true';
  const navigate = useNavigate();
  const [view, setView] = useArticlesView();

  // A tab, an order and a site are each a list of their own (pushed: Back returns to the
  // previous one); how a search is written is useSearchDraft's choice.
  const setUrl = useCallback(
    (name: 'status' | 'q' | 'sort' | 'site' | 'attention' | 'copies', value: string, mode: SearchHistoryMode) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          // 'all' is the absence of a tab (a search or a site may well be 'all').
          if (value && !(name === 'status' && value === 'all')) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: mode === 'replace' },
      ),
    [setParams],
  );
  const search = useSearchDraft(query, (q, mode) => setUrl('q', q, mode));
  // On the trash, the All list still answers the status tabs' counts.
  const list = useArticleList({ status: filter, q: query, sort, site, attention, copies });
  const sites = useArticleSites(filter);
  const trashCount = useTrashCount();
  const trash = useTrashTab(isTrash, { restore: access.may('restoreArticle'), deleteForever: access.may('purgeArticle') });
  const remove = useDeleteArticle();
  const { deleted } = useTrashToasts();
  const pages = list.data?.pages;
  // Stable between renders, so the memoised cards re-render only when their own data changes.
  const articles = useMemo(() => pages?.flatMap((page) => page.data), [pages]);
  const ids = useMemo(() => articles?.map((a) => a.id) ?? [], [articles]);
  // A selection belongs to its list: another tab, search, sort or site starts with none.
  const selection = useArticleSelection(ids, JSON.stringify([tab, query, sort, site, attention, copies]));
  const bulk = useBulkActions(selection.clear);
  const { selected } = selection;
  const { run } = bulk;
  // Schedule… asks for the times first, in its dialog.
  const [scheduling, setScheduling] = useState(false);
  const onBulkAction = useCallback(
    (action: ArticleBulkAction) => (action === 'schedule' ? setScheduling(true) : run(action, [...selected])),
    [run, selected],
  );
  const onSchedule = async (times: BulkScheduleTimes) => {
    await bulk.schedule([...selected], times);
    setScheduling(false);
  };
  const { refetch, fetchNextPage } = list;
  const { mutate: deleteArticle } = remove;
  const { commit } = search;
  const retry = useCallback(() => void refetch(), [refetch]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const canUndo = access.may('restoreArticle');
  const onDelete = useCallback(
    (id: string) => deleteArticle(id, { onSuccess: () => deleted(id, canUndo) }),
    [deleteArticle, deleted, canUndo],
  );
  const onOpen = useCallback((id: string) => navigate(`/articles/${id}`), [navigate]);
  const clearSearch = useCallback(() => commit(''), [commit]);
  // 'Best match' is the absence of a sort: the server's order of a search.
  const onSortChange = useCallback(
    (next: ArticleSortChoice) => setUrl('sort', next === 'relevance' ? '' : next, 'push'),
    [setUrl],
  );
  const onSiteChange = useCallback((next: string) => setUrl('site', next, 'push'), [setUrl]);
  const onAttentionChange = useCallback((next: boolean) => setUrl('attention', next ? 'true' : '', 'push'), [setUrl]);
  const onCopiesChange = useCallback((next: boolean) => setUrl('copies', next ? 'true' : '', 'push'), [setUrl]);
  const shownSort: ArticleSortChoice = sort ?? (query ? 'relevance' : 'newest');

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
    attention,
    copies,
    // Selections are for bulk actions: none for a role that may not make them.
    selected: access.may('bulkArticles') ? selected : undefined,
    onToggleSelect: access.may('bulkArticles') ? selection.toggle : undefined,
  };
  const canSelect = access.may('bulkArticles') && !isTrash && !list.isPending && !list.isError && ids.length > 0;

  return (
    <Stack gap="6">
      <ArticlesHeader
        onRefresh={isTrash ? trash.refresh : retry}
        isRefreshing={isTrash ? trash.isRefreshing : list.isFetching && !list.isFetchingNextPage}
        canCreate={access.may('createArticle')}
      />
      <ArticlesToolbar
        value={search.draft}
        onChange={search.setDraft}
        onCommit={commit}
        onClear={clearSearch}
        view={view}
        onViewChange={setView}
        sort={shownSort}
        isSearch={query !== ''}
        onSortChange={onSortChange}
        site={site}
        sites={sites.data?.data}
        onSiteChange={onSiteChange}
        attention={attention}
        attentionCount={pages?.[0]?.attention}
        onAttentionChange={onAttentionChange}
        copies={copies}
        onCopiesChange={onCopiesChange}
        disabled={isTrash}
      />
      <ArticleFilterTabs
        value={tab}
        counts={pages?.[0]?.counts}
        trashCount={trashCount.data}
        isSearch={query !== ''}
        onChange={(next) => setUrl('status', next, 'push')}
      >
        {isTrash ? (
          <ArticleTrashList {...trash.list} />
        ) : (
          <SelectionArea onEscape={selection.clear}>
            {canSelect ? (
              <BulkActionBar
                count={selection.count}
                max={MAX_BULK_IDS}
                allSelected={selection.allSelected}
                someSelected={selection.someSelected}
                onToggleAll={selection.toggleAll}
                onAction={onBulkAction}
                onClear={selection.clear}
                pending={bulk.pending}
                showSelectAll={view !== 'table'}
              />
            ) : null}
            {view === 'table' ? (
              <ArticleTable
                {...shared}
                onOpen={onOpen}
                selectAll={{ allSelected: selection.allSelected, someSelected: selection.someSelected, onToggleAll: selection.toggleAll }}
              />
            ) : (
              <ArticleList
                {...shared}
                onDelete={access.may('deleteArticle') ? onDelete : undefined}
                deletingId={remove.isPending ? remove.variables : null}
                deletePublishedRefused={access.whyNot('deleteArticle', { published: true })}
              />
            )}
          </SelectionArea>
        )}
      </ArticleFilterTabs>
      {/* Outside the selection's area: Escape in the dialog closes it, and keeps the selection. */}
      <BulkScheduleDialog open={scheduling} count={selection.count} onSchedule={onSchedule} onClose={() => setScheduling(false)} />
    </Stack>
  );
}

/** Rendered with the full theme system: this screen's components' recipes load with its chunk. */
export default function ArticlesRoute() {
  const access = useAccess();
  // Known with the session, which the layout waits for.
  if (!access) return null;
  return (
    <FullThemeProvider>
      <Articles access={access} />
      <Toaster />
    </FullThemeProvider>
  );
}
