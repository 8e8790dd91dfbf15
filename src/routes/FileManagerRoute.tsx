import { Stack } from '@chakra-ui/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LuTrash2 } from 'react-icons/lu';
import {
  downloadFile,
  downloadFileVersion,
  useDeleteFile,
  useFiles,
  useFileTrash,
  useFileTrashCount,
  useFileVersions,
  usePurgeFile,
  useRestoreFile,
  useRestoreFileVersion,
  useUploadQueue,
} from '../api/files';
import { useAccess } from '../api/system';
import { MAX_BULK_IDS, type FileTypeFilter, type StoredFile } from '../contract';
import type { Access } from '../lib/access';
import { BulkActionBar, SelectionArea, type BulkActionChoice } from '../components/articles/BulkActionBar';
import { useArticleSelection } from '../components/articles/useArticleSelection';
import { ErrorNotice } from '../components/common/ErrorNotice';
import { Toaster } from '../components/common/Toaster';
import {
  DropZone,
  FileBrowser,
  FileManagerHeader,
  FileManagerTabs,
  FilePreviewDialog,
  FileSummaryCards,
  FileToolbar,
  FileTrashList,
  FileVersionsDialog,
  ReplaceFileInput,
  type DropZoneHandle,
  type FileTab,
  type FileView,
  type ReplaceFileInputHandle,
} from '../components/files';
import { fileExtraTexts as x } from '../lib/texts-files';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { FullThemeProvider } from '../theme/FullThemeProvider';
import { useFileBulkDelete, useFileToasts } from './useFileToasts';

const NO_FILES: StoredFile[] = [];
const BULK_ACTIONS: readonly BulkActionChoice<'delete'>[] = [
  { action: 'delete', label: x.delete, icon: <LuTrash2 aria-hidden />, palette: 'red' },
];

/**
 * File manager: pages of files loaded as the user scrolls, uploads (bytes already in the library
 * are pointed out, not stored again), Replace… (the replaced bytes kept as a version: Versions…), Copy link, deletes to the trash (one or a
 * selection, with Undo), and the Trash tab (`?tab=trash`) with Restore and Delete forever. Each
 * change is offered to the roles that may make it: viewers only look, authors upload too.
 */
function FileManager({ access }: { access: Access }) {
  const [params, setParams] = useSearchParams();
  const tab: FileTab = params.get('tab') === 'trash' ? 'trash' : 'files';
  const [search, setSearch] = useState('');
  const [type, setType] = useState<FileTypeFilter>('all');
  const [view, setView] = useState<FileView>('grid');
  const [previewing, setPreviewing] = useState<StoredFile | null>(null);
  const [versionsOf, setVersionsOf] = useState<StoredFile | null>(null);
  const versions = useFileVersions(versionsOf?.id ?? null);
  const { mutateAsync: restoreVersion } = useRestoreFileVersion();
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const chooser = useRef<DropZoneHandle>(null);
  const replacer = useRef<ReplaceFileInputHandle>(null);
  const settledSearch = useDebouncedValue(search);
  const files = useFiles({ type, search: settledSearch });
  const trash = useFileTrash(tab === 'trash');
  const trashCount = useFileTrashCount();
  const remove = useDeleteFile();
  const { mutateAsync: restoreFile } = useRestoreFile();
  const { mutateAsync: purgeFile } = usePurgeFile();
  const toasts = useFileToasts();
  // An upload of bytes already there points out the file that has them.
  const uploads = useUploadQueue({ onDuplicate: (file) => setHighlightId(file.id) });
  const loaded = files.data;
  const { refetch, fetchNextPage } = files;
  const { mutate: deleteFile } = remove;
  const ids = useMemo(() => loaded?.files.map((file) => file.id) ?? [], [loaded]);
  // A selection belongs to its list: another search or type filter starts with none.
  const selection = useArticleSelection(ids, JSON.stringify([type, settledSearch]));
  const bulk = useFileBulkDelete(selection.clear);
  const { selected, clear } = selection;
  const { run } = bulk;
  const { deleted, copyLink, replace } = toasts;
  // Stable callbacks: the grid's rows and cards are memoised and re-render only for their own data.
  const refresh = useCallback(() => void refetch(), [refetch]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const onDelete = useCallback((id: string) => deleteFile(id, { onSuccess: () => deleted([id]) }), [deleteFile, deleted]);
  const onReplace = useCallback((file: StoredFile) => replacer.current?.choose(file), []);
  const onCopyLink = useCallback((file: StoredFile) => void copyLink(file), [copyLink]);
  const onShowVersions = useCallback((file: StoredFile) => setVersionsOf(file), []);
  // The same question as a single delete (docs/product.md, 'Validation'), for as many files as are selected.
  const onBulkDelete = useCallback(() => {
    if (window.confirm(x.confirmDeleteMany(selected.size))) run([...selected]);
  }, [run, selected]);
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
  const onShowFile = useCallback(
    (file: StoredFile) => {
      onTabChange('files');
      setHighlightId(file.id);
      setPreviewing(file);
    },
    [onTabChange],
  );
  const onUpload = useCallback(
    (chosen: File[]) => {
      setHighlightId(null);
      uploads.start(chosen);
    },
    [uploads],
  );
  const trashPages = trash.data?.pages;
  const trashed = useMemo(() => trashPages?.flatMap((page) => page.data), [trashPages]);
  const canSelect = access.may('bulkFiles') && !files.isPending && !files.isError && ids.length > 0;
  const canUpload = access.may('uploadFile');

  return (
    <Stack gap="6">
      <FileManagerHeader
        isLoading={tab === 'trash' ? trash.isFetching && !trash.isFetchingNextPage : files.isFetching && !files.isFetchingNextPage}
        isUploading={uploads.isUploading}
        onRefresh={tab === 'trash' ? () => void trash.refetch() : refresh}
        onUpload={canUpload ? () => chooser.current?.openChooser() : undefined}
      />
      <FileSummaryCards
        summary={loaded?.summary ? { total: loaded.total, ...loaded.summary } : undefined}
        isLoading={files.isPending}
      />
      {canUpload ? <DropZone ref={chooser} onFiles={onUpload} uploads={uploads.items} onShowFile={onShowFile} /> : null}
      <ErrorNotice message={files.error?.message ?? remove.error?.message} onDismiss={() => remove.reset()} />
      <FileManagerTabs value={tab} onChange={onTabChange} trashCount={trashCount.data}>
        {tab === 'trash' ? (
          <FileTrashList
            files={trashed}
            isLoading={trash.isPending}
            error={trash.isError ? trash.error : null}
            onRetry={() => void trash.refetch()}
            onRestore={access.may('restoreFile') ? restoreFile : undefined}
            onDeleteForever={access.may('purgeFile') ? purgeFile : undefined}
            hasMore={trash.hasNextPage}
            isFetchingMore={trash.isFetchingNextPage}
            onLoadMore={() => void trash.fetchNextPage()}
          />
        ) : (
          <Stack gap="6">
            <FileToolbar
              search={search}
              onSearchChange={setSearch}
              type={type}
              onTypeChange={setType}
              view={view}
              onViewChange={setView}
            />
            <SelectionArea onEscape={clear}>
              {canSelect ? (
                <BulkActionBar
                  count={selection.count}
                  max={MAX_BULK_IDS}
                  allSelected={selection.allSelected}
                  someSelected={selection.someSelected}
                  onToggleAll={selection.toggleAll}
                  onAction={onBulkDelete}
                  onClear={clear}
                  pending={bulk.pending}
                  actions={BULK_ACTIONS}
                  texts={x}
                />
              ) : null}
              <FileBrowser
                files={loaded?.files ?? NO_FILES}
                total={loaded?.total}
                view={view}
                isLoading={files.isPending}
                isFiltered={type !== 'all' || settledSearch.trim() !== ''}
                isSearch={settledSearch.trim() !== ''}
                canUpload={canUpload}
                onPreview={setPreviewing}
                onDownload={downloadFile}
                onDelete={access.may('deleteFile') ? onDelete : undefined}
                onReplace={access.may('replaceFile') ? onReplace : undefined}
                onCopyLink={onCopyLink}
                onShowVersions={onShowVersions}
                deletingId={remove.isPending ? remove.variables : null}
                hasMore={files.hasNextPage}
                isFetchingMore={files.isFetchingNextPage}
                onLoadMore={loadMore}
                selected={canSelect ? selected : undefined}
                onToggleSelect={canSelect ? selection.toggle : undefined}
                highlightId={highlightId}
              />
            </SelectionArea>
          </Stack>
        )}
      </FileManagerTabs>
      <ReplaceFileInput ref={replacer} onChosen={(target, replacement) => void replace(target, replacement)} />
      <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} onDownload={downloadFile} />
      <FileVersionsDialog
        file={versionsOf}
        versions={versions.data}
        isLoading={versions.isPending && versionsOf !== null}
        error={versions.isError ? versions.error.message : null}
        onRetry={() => void versions.refetch()}
        onDownload={downloadFileVersion}
        onRestore={
          access.may('restoreFileVersion') ? (version) => restoreVersion({ fileId: versionsOf!.id, number: version.number }) : undefined
        }
        onClose={() => setVersionsOf(null)}
      />
    </Stack>
  );
}

/** Rendered with the full theme system: this screen's components' recipes load with its chunk. */
export default function FileManagerRoute() {
  const access = useAccess();
  // Known with the session, which the layout waits for.
  if (!access) return null;
  return (
    <FullThemeProvider>
      <FileManager access={access} />
      <Toaster />
    </FullThemeProvider>
  );
}
