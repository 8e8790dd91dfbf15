import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ArticleFilter } from '../contract';
import type { ArticleTab } from '../components/articles/ArticleFilterTabs';
import { parseSort, type ArticleSortChoice } from '../components/articles/ArticleSortSelect';
import { useSearchDraft, type SearchHistoryMode } from '../components/articles/useSearchDraft';

const FILTERS: readonly ArticleFilter[] = ['all', 'published', 'draft', 'scheduled'];

/**
 * The articles screen's list as the URL says it: the tab (`?status=`, absent for all;
 * `scheduled`; `trash` for the trash), the search (`?q=`, its box's draft with it), the order
 * (`?sort=`, absent for the default: best match while searching, else newest), the source site
 * (`?site=`), the Needs attention, copies, Source changed and Assigned to me (`?assignee=me`) toggles; and their changes. A tab, an order, a
 * site and a toggle are each a list of their own (pushed: Back returns to the previous one); how
 * a search is written is useSearchDraft's choice.
 */
export function useArticlesUrl() {
  const [params, setParams] = useSearchParams();
  const isTrash = params.get('status') === 'trash';
  const filter = FILTERS.find((f) => f === params.get('status')) ?? 'all';
  const tab: ArticleTab = isTrash ? 'trash' : filter;
  const query = params.get('q')?.trim() ?? '';
  const sort = parseSort(params.get('sort'));
  const site = params.get('site')?.trim().toLowerCase() ?? '';
  const attention = params.get('attention') === 'true';
  const copies = params.get('copies') === 'true';
  const sourceChanged = params.get('sourceChanged') === 'true';
  const mine = params.get('assignee') === 'me';

  const setUrl = useCallback(
    (name: 'status' | 'q' | 'sort' | 'site' | 'attention' | 'copies' | 'sourceChanged' | 'assignee', value: string, mode: SearchHistoryMode) =>
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
  const { commit } = search;
  const clearSearch = useCallback(() => commit(''), [commit]);
  // 'Best match' is the absence of a sort: the server's order of a search.
  const onSortChange = useCallback(
    (next: ArticleSortChoice) => setUrl('sort', next === 'relevance' ? '' : next, 'push'),
    [setUrl],
  );
  const onSiteChange = useCallback((next: string) => setUrl('site', next, 'push'), [setUrl]);
  const onAttentionChange = useCallback((next: boolean) => setUrl('attention', next ? 'true' : '', 'push'), [setUrl]);
  const onCopiesChange = useCallback((next: boolean) => setUrl('copies', next ? 'true' : '', 'push'), [setUrl]);
  const onSourceChangedChange = useCallback((next: boolean) => setUrl('sourceChanged', next ? 'true' : '', 'push'), [setUrl]);
  const onMineChange = useCallback((next: boolean) => setUrl('assignee', next ? 'me' : '', 'push'), [setUrl]);
  const onTabChange = (next: ArticleTab) => setUrl('status', next, 'push');
  const shownSort: ArticleSortChoice = sort ?? (query ? 'relevance' : 'newest');

  return {
    isTrash,
    filter,
    tab,
    query,
    sort,
    shownSort,
    site,
    attention,
    copies,
    sourceChanged,
    onSourceChangedChange,
    mine,
    onMineChange,
    search,
    clearSearch,
    onSortChange,
    onSiteChange,
    onAttentionChange,
    onCopiesChange,
    onTabChange,
  };
}
