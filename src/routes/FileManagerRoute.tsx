import { Stack } from '@chakra-ui/react';
import { useCallback, useRef, useState } from 'react';
import { downloadFile, useDeleteFile, useFiles, useUploadQueue } from '../api/files';
import type { FileTypeFilter, StoredFile } from '../contract';
import { ErrorNotice } from '../components/common/ErrorNotice';
import {
  DropZone,
  FileBrowser,
  FileManagerHeader,
  FilePreviewDialog,
  FileSummaryCards,
  FileToolbar,
  type DropZoneHandle,
  type FileView,
} from '../components/files';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { FullThemeProvider } from '../theme/FullThemeProvider';

const NO_FILES: StoredFile[] = [];

/** File manager: pages of files loaded as the admin scrolls, uploads, deletes (SPEC.md). */
function FileManager() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<FileTypeFilter>('all');
  const [view, setView] = useState<FileView>('grid');
  const [previewing, setPreviewing] = useState<StoredFile | null>(null);
  const chooser = useRef<DropZoneHandle>(null);
  const settledSearch = useDebouncedValue(search);
  const files = useFiles({ type, search: settledSearch });
  const remove = useDeleteFile();
  const uploads = useUploadQueue();
  const loaded = files.data;
  const { refetch, fetchNextPage } = files;
  const { mutate: deleteFile } = remove;
  // Stable callbacks: the grid's rows and cards are memoised and re-render only for their own data.
  const refresh = useCallback(() => void refetch(), [refetch]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const onDelete = useCallback((id: string) => deleteFile(id), [deleteFile]);

  return (
    <Stack gap="6">
      <FileManagerHeader
        isLoading={files.isFetching && !files.isFetchingNextPage}
        isUploading={uploads.isUploading}
        onRefresh={refresh}
        onUpload={() => chooser.current?.openChooser()}
      />
      <FileSummaryCards
        summary={loaded?.summary ? { total: loaded.total, ...loaded.summary } : undefined}
        isLoading={files.isPending}
      />
      <DropZone ref={chooser} onFiles={uploads.start} uploads={uploads.items} />
      <ErrorNotice message={files.error?.message ?? remove.error?.message} onDismiss={() => remove.reset()} />
      <FileToolbar
        search={search}
        onSearchChange={setSearch}
        type={type}
        onTypeChange={setType}
        view={view}
        onViewChange={setView}
      />
      <FileBrowser
        files={loaded?.files ?? NO_FILES}
        total={loaded?.total}
        view={view}
        isLoading={files.isPending}
        isFiltered={type !== 'all' || settledSearch.trim() !== ''}
        isSearch={settledSearch.trim() !== ''}
        onPreview={setPreviewing}
        onDownload={downloadFile}
        onDelete={onDelete}
        deletingId={remove.isPending ? remove.variables : null}
        hasMore={files.hasNextPage}
        isFetchingMore={files.isFetchingNextPage}
        onLoadMore={loadMore}
      />
      <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} onDownload={downloadFile} />
    </Stack>
  );
}

/** Rendered with the full theme system: this screen's components' recipes load with its chunk. */
export default function FileManagerRoute() {
  return (
    <FullThemeProvider>
      <FileManager />
    </FullThemeProvider>
  );
}
