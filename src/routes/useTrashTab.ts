import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trashKeys, trashListQuery, useDeleteForever, useRestoreArticle } from '../api/articleTrash';
import type { ArticleTrashListProps } from '../components/articles/ArticleTrashList';
import { usePagedList } from './usePagedList';
import { useTrashToasts } from './useTrashToasts';

/**
 * The Trash tab of the articles screen: its pages (fetched only while the tab is open), Restore
 * (which toasts 'Article restored'; a refusal is shown under its row) and Delete forever, each
 * offered when the signed-in role may. Answers the list's props, and the header's Refresh for that tab.
 */
export function useTrashTab(isOpen: boolean, may: { restore: boolean; deleteForever: boolean }) {
  const { items: articles, isRefreshing, ...paged } = usePagedList(useInfiniteQuery({ ...trashListQuery(), enabled: isOpen }));
  const { mutateAsync: restore } = useRestoreArticle();
  const { mutateAsync: deleteForever } = useDeleteForever();
  const { restored } = useTrashToasts();
  const queryClient = useQueryClient();
  // Refresh: the pages and the tab's count.
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: trashKeys.all() }), [queryClient]);
  const onRestore = useCallback(
    async (id: string, slug?: string) => {
      await restore({ id, slug });
      restored();
    },
    [restore, restored],
  );
  const list: ArticleTrashListProps = {
    articles,
    ...paged,
    onRestore: may.restore ? onRestore : undefined,
    onDeleteForever: may.deleteForever ? deleteForever : undefined,
  };
  return { list, refresh, isRefreshing };
}
