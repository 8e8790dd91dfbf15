/** Files: list and latest reads, upload with progress, delete; both mutations refresh both reads. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  deleteResultSchema,
  fileListResultSchema,
  latestFilesResultSchema,
  uploadResultSchema,
  type FileTypeFilter,
  type StoredFile,
} from '../contract';
import { API_BASE, ApiError, api, authHeaders, handleUnauthorized } from './client';

export const FILE_PAGE_SIZE = 50;

export type FileFilter = { type: FileTypeFilter; search: string; page?: number; limit?: number };

export const fileKeys = {
  all: ['files'] as const,
  lists: () => [...fileKeys.all, 'list'] as const,
  list: (filter: FileFilter) => [...fileKeys.lists(), filter] as const,
  latest: (count: number) => [...fileKeys.all, 'latest', count] as const,
};

export const fileListQuery = (filter: FileFilter) =>
  queryOptions({
    queryKey: fileKeys.list(filter),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(filter.page ?? 1),
        limit: String(filter.limit ?? FILE_PAGE_SIZE),
      });
      if (filter.type !== 'all') params.set('type', filter.type);
      if (filter.search.trim()) params.set('search', filter.search.trim());
      return api(`/files?${params}`, { schema: fileListResultSchema, signal });
    },
    staleTime: 300_000,
    placeholderData: keepPreviousData,
  });

export const latestFilesQuery = (count = 10) =>
  queryOptions({
    queryKey: fileKeys.latest(count),
    queryFn: async () => (await api(`/files/latest?count=${count}`, { schema: latestFilesResultSchema })).data,
  });

export function useFiles(filter: FileFilter) {
  return useQuery(fileListQuery(filter));
}

export function useLatestFiles(count = 10) {
  return useQuery(latestFilesQuery(count));
}

/**
 * One multipart call per file. XMLHttpRequest rather than fetch because only it reports
 * upload progress; the answer is read with the same contract and error rules as `api`.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/files`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('Cannot reach the server. Check your connection and try again.', 0, 'network'));
    xhr.onload = () => {
      if (xhr.status === 401) handleUnauthorized('/files');
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* handled below */
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
      api(`/files/${encodeURIComponent(id)}`, { method: 'DELETE', schema: deleteResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

export function fileDownloadUrl(file: StoredFile): string {
  return `${file.url}${file.url.includes('?') ? '&' : '?'}download=1`;
}

/** One file's upload as the file manager shows it. */
export type UploadProgress = {
  id: string;
  name: string;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  message?: string;
};

/** Each chosen or dropped file is uploaded with its own call; progress and refusals show per file. */
export function useUploadQueue() {
  const upload = useUploadFile();
  const [items, setItems] = useState<UploadProgress[]>([]);
  const patch = (id: string, change: Partial<UploadProgress>) =>
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
