import { Stack } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDeleteArticle } from '../api/articleWrites';
import { useArticleList, useArticleSites } from '../api/articleList';
import { useTrashCount } from '../api/articleTrash';
import { ArticleFilterTabs } from '../components/articles/ArticleFilterTabs';
import { ArticleList } from '../components/articles/ArticleList';
import { ArticleTrashList } from '../components/articles/ArticleTrashList';
import { ArticlesHeader } from '../components/articles/ArticlesHeader';
import { ArticlesToolbar } from '../components/articles/ArticlesToolbar';
import { BulkActionBar, SelectionArea, selectionBarProps } from '../components/articles/BulkActionBar';
import { BulkScheduleDialog } from '../components/articles/BulkScheduleDialog';
import { useArticleSelection } from '../components/articles/useArticleSelection';
import { ArticleTable } from '../components/articles/ArticleTable';
import { useArticlesView } from '../components/articles/useArticlesView';
import { Toaster } from '../components/common/Toaster';
import type { Access } from '../lib/access';
import { AccessScreen } from './AccessScreen';
import { useArticlesUrl } from './useArticlesUrl';
import { useBulkActions } from './useBulkActions';
import { usePagedList } from './usePagedList';
import { useTrashTab } from './useTrashTab';
import { useTrashToasts } from './useTrashToasts';

/** The calendar view: its own chunk, loaded when it is chosen. */
const ArticleCalendarSection = lazy(() => import('./ArticleCalendarSection'));

/**
 * Articles list (docs/product.md, 'Articles list'), with what the signed-in role may do: New
 * article, selections and bulk actions, Delete (an author's on drafts only), the trash's Restore
 * and Delete forever. The tab, the search, the order and the site live in the URL
 * (useArticlesUrl), so reload, Back and a shared link give the same list; cards or table per
 * browser. The trash is neither searched, sorted nor filtered by site: those controls are
 * disabled there, and the URL keeps them for the other tabs.
 */
function Articles({ access }: { access: Access }) {
  const url = useArticlesUrl();
  const { isTrash, filter, query, sort, site, attention, copies, sourceChanged, mine, search } = url;
  const navigate = useNavigate();
  const [view, setView] = useArticlesView();
  // On the trash, the All list still answers the status tabs' counts.
  const list = useArticleList({ status: filter, q: query, sort, site, attention, copies, sourceChanged, mine });
  const sites = useArticleSites(filter);
  const trashCount = useTrashCount();
  const trash = useTrashTab(isTrash, { restore: access.may('restoreArticle'), deleteForever: access.may('purgeArticle') });
  const remove = useDeleteArticle();
  const { deleted } = useTrashToasts();
  const { items: articles, isRefreshing, ...paged } = usePagedList(list);
  const firstPage = list.data?.pages[0];
  const ids = useMemo(() => articles?.map((a) => a.id) ?? [], [articles]);
  // A selection belongs to its list: another tab, search, sort or site starts with none.
  const selection = useArticleSelection(ids, JSON.stringify([url.tab, query, sort, site, attention, copies, sourceChanged, mine]));
  const bulk = useBulkActions(selection);
  const { mutate: deleteArticle } = remove;
  const canUndo = access.may('restoreArticle');
  const onDelete = useCallback(
    (id: string) => deleteArticle(id, { onSuccess: () => deleted(id, canUndo) }),
    [deleteArticle, deleted, canUndo],
  );
  const onOpen = useCallback((id: string) => navigate(`/articles/${id}`), [navigate]);

  const shared = {
    articles,
    ...paged,
    filter,
    search: query,
    onClearSearch: url.clearSearch,
    attention,
    copies,
    sourceChanged,
    mine,
    // Selections are for bulk actions: none for a role that may not make them.
    selected: access.may('bulkArticles') ? selection.selected : undefined,
    onToggleSelect: access.may('bulkArticles') ? selection.toggle : undefined,
  };
  const canSelect = access.may('bulkArticles') && !isTrash && !list.isPending && !list.isError && ids.length > 0;

  return (
    <Stack gap="6">
      <ArticlesHeader
        onRefresh={isTrash ? trash.refresh : paged.onRetry}
        isRefreshing={isTrash ? trash.isRefreshing : isRefreshing}
        canCreate={access.may('createArticle')}
      />
      <ArticlesToolbar
        value={search.draft}
        onChange={search.setDraft}
        onCommit={search.commit}
        onClear={url.clearSearch}
        view={view}
        onViewChange={setView}
        sort={url.shownSort}
        isSearch={query !== ''}
        onSortChange={url.onSortChange}
        site={site}
        sites={sites.data?.data}
        onSiteChange={url.onSiteChange}
        attention={attention}
        attentionCount={firstPage?.attention}
        onAttentionChange={url.onAttentionChange}
        copies={copies}
        onCopiesChange={url.onCopiesChange}
        sourceChanged={sourceChanged}
        sourceChangedCount={firstPage?.sourceChanged}
        onSourceChangedChange={url.onSourceChangedChange}
        mine={mine}
        mineCount={firstPage?.assignedToMe}
        onMineChange={access.may('updateArticle') ? url.onMineChange : undefined}
        disabled={isTrash}
      />
      <ArticleFilterTabs
        value={url.tab}
        counts={firstPage?.counts}
        trashCount={trashCount.data}
        isSearch={query !== ''}
        onChange={url.onTabChange}
      >
        {isTrash ? (
          <ArticleTrashList {...trash.list} />
        ) : view === 'calendar' ? (
          <Suspense fallback={null}>
            <ArticleCalendarSection filter={filter} mine={mine} canMove={access.may('updateArticle')} canReschedule={access.may('scheduleArticle')} />
          </Suspense>
        ) : (
          <SelectionArea onEscape={selection.clear}>
            {canSelect ? (
              <BulkActionBar
                {...selectionBarProps(selection)}
                onAction={bulk.onAction}
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
      <BulkScheduleDialog {...bulk.scheduling} count={selection.count} />
    </Stack>
  );
}

export default function ArticlesRoute() {
  return (
    <AccessScreen>
      {(access) => (
        <>
          <Articles access={access} />
          <Toaster />
        </>
      )}
    </AccessScreen>
  );
}
