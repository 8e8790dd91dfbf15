import { Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { fileDownloadUrl, useDeleteFile, useFiles, useUploadFile } from '../api/files';
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
  type UploadItem,
} from '../components/files';
import { useDebouncedValue } from '../lib/useDebouncedValue';

/** Each chosen or dropped file is uploaded with its own call; progress and refusals show per file. */
function useUploads() {
  const upload = useUploadFile();
  const [items, setItems] = useState<UploadItem[]>([]);
  const patch = (id: string, change: Partial<UploadItem>) =>
    setItems((all) => all.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const start = (files: File[]) => {
    const batch = files.map((file) => ({
      file,
      item: { id: crypto.randomUUID(), name: file.name, progress: 0, status: 'uploading' as const },
    }));
    // Finished uploads of an earlier batch make room; refusals stay until the next batch.
    setItems((all) => [...all.filter((i) => i.status === 'uploading'), ...batch.map((b) => b.item)]);
    for (const { file, item } of batch) {
      upload.mutate(
        { file, onProgress: (progress) => patch(item.id, { progress }) },
        {
          onSuccess: () => patch(item.id, { status: 'done', progress: 1 }),
          onError: (error) => patch(item.id, { status: 'failed', message: error.message }),
        },
      );
    }
  };
  return { items, start, isUploading: items.some((i) => i.status === 'uploading') };
}

function download(file: StoredFile) {
  const link = document.createElement('a');
  link.href = fileDownloadUrl(file);
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
}

export default function FileManagerRoute() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<FileTypeFilter>('all');
  const [view, setView] = useState<FileView>('grid');
  const [previewing, setPreviewing] = useState<StoredFile | null>(null);
  const chooser = useRef<DropZoneHandle>(null);
  const settledSearch = useDebouncedValue(search);
  const files = useFiles({ type, search: settledSearch });
  const remove = useDeleteFile();
  const uploads = useUploads();
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
        onDownload={download}
        onDelete={(id) => remove.mutate(id)}
        deletingId={remove.isPending ? remove.variables : null}
      />
      <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} onDownload={download} />
    </Stack>
  );
}
