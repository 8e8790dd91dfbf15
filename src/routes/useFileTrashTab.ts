import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useFileTrash, usePurgeFile, useRestoreFile } from '../api/files';
import type { FileTab, FileTrashListProps } from '../components/files';
import { usePagedList } from './usePagedList';

/** The file manager's tab, in the URL (`?tab=trash`; absent: the files), and its change (pushed: Back returns to the other). */
export function useFileTab() {
  const [params, setParams] = useSearchParams();
  const tab: FileTab = params.get('tab') === 'trash' ? 'trash' : 'files';
  const onTabChange = useCallback(
    (next: FileTab) =>
      setParams(
        (current) => {
          const query = new URLSearchParams(current);
          if (next === 'trash') query.set('tab', 'trash');
          else query.delete('tab');
          return query;
        },
        { replace: false },
      ),
    [setParams],
  );
  return { tab, onTabChange };
}

/**
 * The file manager's Trash tab: its pages (fetched only while the tab is open), Restore (a
 * refusal is shown under its row) and Delete forever, each offered when the signed-in role may.
 * Answers the list's props, and the header's Refresh for that tab.
 */
export function useFileTrashTab(isOpen: boolean, may: { restore: boolean; deleteForever: boolean }) {
  const { items: files, isRefreshing, ...paged } = usePagedList(useFileTrash(isOpen));
  const { mutateAsync: restore } = useRestoreFile();
  const { mutateAsync: purge } = usePurgeFile();
  const list: FileTrashListProps = {
    files,
    ...paged,
    onRestore: may.restore ? restore : undefined,
    onDeleteForever: may.deleteForever ? purge : undefined,
  };
  return { list, refresh: paged.onRetry, isRefreshing };
}
