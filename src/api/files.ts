/** Files: list and latest reads, upload with progress, delete; both mutations refresh both reads. */
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useState } from 'react';
import type { FileListResult, FileTypeFilter, StoredFile } from '../contract';
import type { UploadItem } from '../lib/uploads';
import { API_BASE, ApiError, answerSchemas, api, handleUnauthorized } from './client';

export const FILE_PAGE_SIZE = 50;

/** Which files: the type filter and the name search. Pages are the infinite query's business. */
export type FileFilter = { type: FileTypeFilter; search: string; limit?: number };

export const fileKeys = {
  all: ['files'] as const,
  lists: () => [...fileKeys.all, 'list'] as const,
  list: (filter: FileFilter) => [...fileKeys.lists(), filter] as const,
  latest: (count: number) => [...fileKeys.all, 'latest', count] as const,
};

export function fetchFilePage(filter: FileFilter, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page), limit: String(filter.limit ?? FILE_PAGE_SIZE) });
  if (filter.type !== 'all') params.set('type', filter.type);
  if (filter.search.trim()) params.set('search', filter.search.trim());
  return api(`/files?${params}`, { schema: (s) => s.fileListResultSchema, signal });
}

/** The file list, one server page (`page=1,2,…`) at a time, loaded further as the admin scrolls. */
export const fileListQuery = (filter: FileFilter) =>
  infiniteQueryOptions({
    queryKey: fileKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchFilePage(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: FileListResult) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 300_000,
    placeholderData: keepPreviousData,
  });

export interface LoadedFiles {
  /** Every loaded page's files, in order, each file once. */
  files: StoredFile[];
  /** The server's total for the filter (the 'Files (N)' title and Total Files). */
  total: number;
  summary: FileListResult['summary'] | undefined;
}

/**
 * The loaded pages as one list. Pages are numbered, so a file uploaded meanwhile shifts the
 * next page by one: a file that is then sent twice is kept once.
 */
export function selectLoadedFiles(data: InfiniteData<FileListResult, number>): LoadedFiles {
  const seen = new Set<string>();
  const files: StoredFile[] = [];
  for (const page of data.pages) {
    for (const file of page.data) {
      if (seen.has(file.id)) continue;
      seen.add(file.id);
      files.push(file);
    }
  }
  const first = data.pages[0];
  return { files, total: first?.total ?? 0, summary: first?.summary };
}

export const latestFilesQuery = (count = 10) =>
  queryOptions({
    queryKey: fileKeys.latest(count),
    queryFn: async () => (await api(`/files/latest?count=${count}`, { schema: (s) => s.latestFilesResultSchema })).data,
  });

export function useFiles(filter: FileFilter) {
  return useInfiniteQuery({ ...fileListQuery(filter), select: selectLoadedFiles });
}

export function useLatestFiles(count = 10) {
  return useQuery(latestFilesQuery(count));
}

/**
 * One multipart call per file. XMLHttpRequest rather than fetch because only it reports
 * upload progress; the answer is read with the same contract and error rules as `api`.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<StoredFile> {
  // The answer schemas load alongside the upload (see `api`); a failure is reported at onload.
  const schemas = answerSchemas();
  schemas.catch(() => {});
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/files`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('Cannot reach the server. Check your connection and try again.', 0, 'network'));
    xhr.onload = async () => {
      if (xhr.status === 401) handleUnauthorized('/files');
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* handled below */
      }
      let uploadResultSchema: Awaited<typeof schemas>['uploadResultSchema'];
      try {
        ({ uploadResultSchema } = await schemas);
      } catch (error) {
        reject(error);
        return;
      }
      const parsed = uploadResultSchema.safeParse(body);
      if (xhr.status >= 200 && xhr.status < 300 && parsed.success && parsed.data.success && parsed.data.file) {
        onProgress(1);
        resolve(parsed.data.file);
      } else {
        const message =
          (parsed.success && parsed.data.message) ||
          (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
            ? body.message
            : `Upload failed (${xhr.status})`);
        reject(new ApiError(message, xhr.status));
      }
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadFile(file, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/files/${encodeURIComponent(id)}`, { method: 'DELETE', schema: (s) => s.deleteResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

export function fileDownloadUrl(file: StoredFile): string {
  return `${file.url}${file.url.includes('?') ? '&' : '?'}download=1`;
}

/** Each chosen or dropped file is uploaded with its own call; progress and refusals show per file. */
export function useUploadQueue() {
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

/** Saves a stored file through the browser (the server answers as an attachment). */
export function downloadFile(file: StoredFile) {
  const link = document.createElement('a');
  link.href = fileDownloadUrl(file);
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
}
