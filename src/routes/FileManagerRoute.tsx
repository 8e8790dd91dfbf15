import { Stack } from '@chakra-ui/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { LuFolderInput, LuTrash2 } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { downloadFile, useDeleteFile, useFiles, useFileTrashCount, useUploadQueue } from '../api/files';
import type { FileTypeFilter, StoredFile } from '../contract';
import type { Access } from '../lib/access';
import { BulkActionBar, SelectionArea, selectionBarProps, type BulkActionChoice } from '../components/articles/BulkActionBar';
import { useArticleSelection } from '../components/articles/useArticleSelection';
import { ErrorNotice } from '../components/common/ErrorNotice';
import { Toaster } from '../components/common/Toaster';
import {
  DropZone,
  FileBrowser,
  FileDetailsDialog,
  FileManagerHeader,
  FileManagerTabs,
  FilePreviewDialog,
  FileSummaryCards,
  FileToolbar,
  FileTrashList,
  FileVersionsDialog,
  DeleteFolderDialog,
  FolderBar,
  FolderNameDialog,
  MoveFilesDialog,
  ReplaceFileInput,
  type DropZoneHandle,
  type FileView,
  type ReplaceFileInputHandle,
} from '../components/files';
import { fileExtraTexts as x, folderTexts } from '../lib/texts-files';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { AccessScreen } from './AccessScreen';
import { useFileBulkDelete, useFileToasts } from './useFileToasts';
import { useFileTab, useFileTrashTab } from './useFileTrashTab';
import { useFileVersionsDialog } from './useFileVersionsDialog';
import { useFileDetailsDialog } from './useFileDetailsDialog';
import { useFileFolders } from './useFileFolders';
import { useFolderUpload } from './useFolderUpload';

const NO_FILES: StoredFile[] = [];
const BULK_ACTIONS: readonly BulkActionChoice<'delete' | 'move'>[] = [
  { action: 'move', label: folderTexts.moveItem, icon: <LuFolderInput aria-hidden />, palette: 'blue' },
  { action: 'delete', label: x.delete, icon: <LuTrash2 aria-hidden />, palette: 'red' },
];

/**
 * File manager: pages of files loaded as the user scrolls, uploads (bytes already in the library
 * are pointed out, not stored again), Replace… (the replaced bytes kept as a version: Versions…), Details… (alt text, caption, credit, focal point), Copy link, deletes to the trash (one or a
 * selection, with Undo), and the Trash tab (`?tab=trash`) with Restore and Delete forever. Each
 * change is offered to the roles that may make it: viewers only look, authors upload too.
 */
function FileManager({ access }: { access: Access }) {
  const { tab, onTabChange } = useFileTab();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<FileTypeFilter>('all');
  const [view, setView] = useState<FileView>('grid');
  const [previewing, setPreviewing] = useState<StoredFile | null>(null);
  const versions = useFileVersionsDialog(access.may('restoreFileVersion'));
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const chooser = useRef<DropZoneHandle>(null);
  const replacer = useRef<ReplaceFileInputHandle>(null);
  const settledSearch = useDebouncedValue(search);
  // The folder shown (`?folder=`; absent: All files): the list's filter, and where uploads go.
  const [params] = useSearchParams();
  const folder = params.get('folder') ?? undefined;
  const files = useFiles({ type, search: settledSearch, folder });
  const trash = useFileTrashTab(tab === 'trash', { restore: access.may('restoreFile'), deleteForever: access.may('purgeFile') });
  const trashCount = useFileTrashCount();
  const remove = useDeleteFile();
  const toasts = useFileToasts();
  // An upload of bytes already there points out the file that has them.
  const uploads = useUploadQueue({ onDuplicate: (file) => setHighlightId(file.id), folder });
  const folderUpload = useFolderUpload(uploads.start, folder);
  const loaded = files.data;
  const { refetch, fetchNextPage } = files;
  const { mutate: deleteFile } = remove;
  const ids = useMemo(() => loaded?.files.map((file) => file.id) ?? [], [loaded]);
  // A selection belongs to its list: another search, type filter or folder starts with none.
  const selection = useArticleSelection(ids, JSON.stringify([type, settledSearch, folder]));
  const bulk = useFileBulkDelete(selection);
  const { selected, clear } = selection;
  const canSelect = access.may('bulkFiles') && !files.isPending && !files.isError && ids.length > 0;
  const folders = useFileFolders(access, canSelect ? selected : undefined, clear);
  const onBulkAction = (action: 'delete' | 'move') => (action === 'move' ? folders.moveSelection([...selected]) : bulk.onAction());
  const { deleted, copyLink, replace, detailsSaved } = toasts;
  const details = useFileDetailsDialog(detailsSaved);
  // Stable callbacks: the grid's rows and cards are memoised and re-render only for their own data.
  const refresh = useCallback(() => void refetch(), [refetch]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const onDelete = useCallback((id: string) => deleteFile(id, { onSuccess: () => deleted([id]) }), [deleteFile, deleted]);
  const onReplace = useCallback((file: StoredFile) => replacer.current?.choose(file), []);
  const onCopyLink = useCallback((file: StoredFile) => void copyLink(file), [copyLink]);
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
  const canUpload = access.may('uploadFile');

  return (
    <Stack gap="6">
      <FileManagerHeader
        isLoading={tab === 'trash' ? trash.isRefreshing : files.isFetching && !files.isFetchingNextPage}
        isUploading={uploads.isUploading}
        onRefresh={tab === 'trash' ? trash.refresh : refresh}
        onUpload={canUpload ? () => chooser.current?.openChooser() : undefined}
      />
      <FileSummaryCards
        summary={loaded?.summary ? { total: loaded.total, ...loaded.summary } : undefined}
        isLoading={files.isPending}
      />
      {canUpload ? (
        <DropZone
          ref={chooser}
          onFiles={onUpload}
          onFolder={access.may('createFolder') ? (chosen) => void folderUpload.upload(chosen) : undefined}
          uploads={uploads.items}
          onShowFile={onShowFile}
        />
      ) : null}
      <ErrorNotice message={folderUpload.error} onDismiss={folderUpload.dismiss} />
      <ErrorNotice message={files.error?.message ?? remove.error?.message} onDismiss={() => remove.reset()} />
      <FileManagerTabs value={tab} onChange={onTabChange} trashCount={trashCount.data}>
        {tab === 'trash' ? (
          <FileTrashList {...trash.list} />
        ) : (
          <Stack gap="6">
            <FolderBar {...folders.bar} />
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
                <BulkActionBar {...selectionBarProps(selection)} onAction={onBulkAction} pending={bulk.pending} actions={BULK_ACTIONS} texts={x} />
              ) : null}
              <FileBrowser
                files={loaded?.files ?? NO_FILES}
                total={loaded?.total}
                view={view}
                isLoading={files.isPending}
                isFiltered={type !== 'all' || settledSearch.trim() !== ''}
                isSearch={settledSearch.trim() !== ''}
                canUpload={canUpload}
                emptyText={folder ? folderTexts.emptyFolder : undefined}
                onPreview={setPreviewing}
                onDownload={downloadFile}
                onDelete={access.may('deleteFile') ? onDelete : undefined}
                onReplace={access.may('replaceFile') ? onReplace : undefined}
                onCopyLink={onCopyLink}
                onShowVersions={versions.show}
                onEditDetails={access.may('updateFile') ? details.show : undefined}
                onMove={folders.onMove}
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
      <FileVersionsDialog {...versions.dialog} />
      <FileDetailsDialog {...details.dialog} />
      <FolderNameDialog {...folders.nameDialog} />
      <DeleteFolderDialog {...folders.deleteDialog} />
      <MoveFilesDialog {...folders.moveDialog} />
    </Stack>
  );
}

export default function FileManagerRoute() {
  return (
    <AccessScreen>
      {(access) => (
        <>
          <FileManager access={access} />
          <Toaster />
        </>
      )}
    </AccessScreen>
  );
}
