import { Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
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

export default function FileManagerRoute() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<FileTypeFilter>('all');
  const [view, setView] = useState<FileView>('grid');
  const [previewing, setPreviewing] = useState<StoredFile | null>(null);
  const chooser = useRef<DropZoneHandle>(null);
  const settledSearch = useDebouncedValue(search);
  const files = useFiles({ type, search: settledSearch });
  const remove = useDeleteFile();
  const uploads = useUploadQueue();
  const summary = files.data?.summary;

  return (
    <Stack gap="6">
      <FileManagerHeader
        isLoading={files.isFetching}
        isUploading={uploads.isUploading}
        onRefresh={() => void files.refetch()}
        onUpload={() => chooser.current?.openChooser()}
      />
      <FileSummaryCards
        summary={files.data && summary ? { total: files.data.total, ...summary } : undefined}
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
        files={files.data?.data ?? []}
        total={files.data?.total}
        view={view}
        isLoading={files.isPending}
        isFiltered={type !== 'all' || settledSearch.trim() !== ''}
        onPreview={setPreviewing}
        onDownload={downloadFile}
        onDelete={(id) => remove.mutate(id)}
        deletingId={remove.isPending ? remove.variables : null}
      />
      <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} onDownload={downloadFile} />
    </Stack>
  );
}
