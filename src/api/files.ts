/**
 * Files: list and latest reads, upload and replace with progress, delete (to the trash), the
 * trash (its pages, restore, delete forever) and bulk actions. Every write refreshes every file
 * read (`fileKeys.all`): lists, latest files and the trash alike.
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BulkResult, FileBulkRequest, FileListResult, FileTrashResult, FileTypeFilter, FileUpdate, FileVersion, StoredFile } from '../contract';
import { isActive, type UploadItem } from '../lib/uploads';
import { RESUMABLE_FROM_BYTES } from '../contract/uploads';
import type { ResumableAnswer } from './resumableUpload';
import { API_BASE, ApiError, answerSchemas, api, handleUnauthorized } from './client';

export const FILE_PAGE_SIZE = 50;

/**
 * Which files: the type filter, the name search and the folder (absent: the whole library; `root`:
 * the files in no folder). Pages are the infinite query's business.
 */
export type FileFilter = { type: FileTypeFilter; search: string; limit?: number; folder?: string };

export const fileKeys = {
  all: ['files'] as const,
  lists: () => [...fileKeys.all, 'list'] as const,
  list: (filter: FileFilter) => [...fileKeys.lists(), filter] as const,
  latest: (count: number) => [...fileKeys.all, 'latest', count] as const,
  trash: () => [...fileKeys.all, 'trash'] as const,
  trashPages: () => [...fileKeys.trash(), 'pages'] as const,
  trashCount: () => [...fileKeys.trash(), 'count'] as const,
  /** A file's earlier versions (under `all`: every file write refreshes them). */
  versions: (id: string) => [...fileKeys.all, 'versions', id] as const,
  /** Where a file is used (under `all`: every file write refreshes it). */
  usage: (id: string) => [...fileKeys.all, 'usage', id] as const,
  /** The folders (under `all`: a file moved, uploaded or deleted changes what they hold). */
  folders: () => [...fileKeys.all, 'folders'] as const,
};

export function fetchFilePage(filter: FileFilter, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page), limit: String(filter.limit ?? FILE_PAGE_SIZE) });
  if (filter.type !== 'all') params.set('type', filter.type);
  if (filter.search.trim()) params.set('search', filter.search.trim());
  if (filter.folder) params.set('folder', filter.folder);
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

/** What an upload or a replacement answered: the file, and whether its bytes were already there. */
export interface UploadOutcome {
  file: StoredFile;
  /** The server's message ('File uploaded successfully', 'Already in the library as …', …). */
  message: string;
  /** The bytes were already in the library: `file` is the file that has them (nothing stored again). */
  duplicate: boolean;
  /** That file was in the trash and has been restored. */
  restored: boolean;
}

/** An upload's answer read with the same contract and error rules as `api`: the outcome, or the refusal thrown. */
async function uploadOutcome(path: string, status: number, text: string, schemas: ReturnType<typeof answerSchemas>): Promise<UploadOutcome> {
  if (status === 401) handleUnauthorized(path);
  if (status === 0) throw new ApiError(NO_CONNECTION, 0, 'network');
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* handled below */
  }
  const { uploadResultSchema } = await schemas;
  const parsed = uploadResultSchema.safeParse(body);
  if (status >= 200 && status < 300 && parsed.success && parsed.data.success && parsed.data.file) {
    const { file: stored, message, duplicate = false, restored = false } = parsed.data;
    return { file: stored, message, duplicate, restored };
  }
  const message =
    (parsed.success && parsed.data.message) ||
    (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : `Upload failed (${status})`);
  const code = body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  throw new ApiError(message, status, code);
}

const NO_CONNECTION = 'Cannot reach the server. Check your connection and try again.';

/**
 * Sends one file as multipart (`file` part) with `method` to `path`. XMLHttpRequest rather than
 * fetch because only it reports upload progress; the answer is read with the same contract and
 * error rules as `api`.
 */
function sendFile(method: 'POST' | 'PUT', path: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadOutcome> {
  // The answer schemas load alongside the upload (see `api`); a failure is reported at onload.
  const schemas = answerSchemas();
  schemas.catch(() => {});
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(NO_CONNECTION, 0, 'network'));
    xhr.onload = () => {
      uploadOutcome(path, xhr.status, xhr.responseText, schemas).then((outcome) => {
        onProgress(1);
        resolve(outcome);
      }, reject);
    };
    signal?.addEventListener('abort', () => {
      xhr.abort();
      reject(signal.reason);
    });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * A large file as a resumable upload (POST /uploads, then its bytes; src/contract/uploads.ts):
 * a dropped connection is waited out and the rest sent (`onResuming` says so). Its last answer is
 * the library's, as POST /files would have answered.
 */
async function sendResumableFile(
  file: File,
  folder: string | undefined,
  onProgress: (fraction: number) => void,
  onResuming: (attempt: number) => void,
  signal?: AbortSignal,
) {
  const schemas = answerSchemas();
  schemas.catch(() => {});
  const { sendResumable } = await import('./resumableUpload');
  const answer = await sendResumable(file, folder, { onProgress, onResuming }, signal).catch((error: { answer?: ResumableAnswer }) => {
    if (!error.answer) throw error;
    return error.answer;
  });
  const outcome = await uploadOutcome('/uploads', answer.status, answer.body, schemas);
  onProgress(1);
  return outcome;
}

/**
 * One file into the library (into `folder` when given): a new file, or the one that already has
 * these bytes (which stays where it is). One multipart call (POST /files), or from
 * RESUMABLE_FROM_BYTES on a resumable upload that survives a dropped connection.
 */
export function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  folder?: string,
  onResuming: (attempt: number) => void = () => {},
  signal?: AbortSignal,
): Promise<UploadOutcome> {
  if (file.size >= RESUMABLE_FROM_BYTES) return sendResumableFile(file, folder, onProgress, onResuming, signal);
  return sendFile('POST', folder ? `/files?folder=${encodeURIComponent(folder)}` : '/files', file, onProgress, signal);
}

/**
 * Replaces a file's bytes, keeping its id and URL (PUT /files/:id/content): name, size, type,
 * thumbnail and lastModified follow the new bytes. Refused like an upload, and with 409
 * `file_duplicate` when another file has these bytes; a refusal leaves the file as it was.
 */
export function replaceFileContent(id: string, file: File, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  return sendFile('PUT', `/files/${encodeURIComponent(id)}/content`, file, onProgress);
}

/** Moves a file to the trash (DELETE /files/:id). */
/**
 * Moves a file to the trash. A file a published article shows is refused (409 `file_in_use`,
 * naming the articles): the server's words are put to the user (`confirm`, the browser's by
 * default), and the file goes only once they say yes; a no leaves the refusal as the error.
 */
export function useDeleteFile(confirm: (message: string) => boolean = (message) => window.confirm(message)) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const remove = (query = '') => api(`/files/${encodeURIComponent(id)}${query}`, { method: 'DELETE', schema: (s) => s.deleteResultSchema });
      try {
        return await remove();
      } catch (error) {
        if (error instanceof ApiError && error.code === 'file_in_use' && confirm(error.message)) return await remove('?confirm=true');
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

export function useReplaceFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress: (fraction: number) => void }) =>
      replaceFileContent(id, file, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

/**
 * One action on several files (POST /files/bulk, at most MAX_BULK_IDS ids): delete, restore or
 * purge. A plain function with the client, not a hook: a toast's Undo may outlive its screen.
 */
export async function bulkFiles(queryClient: QueryClient, request: FileBulkRequest): Promise<BulkResult> {
  try {
    return await api('/files/bulk', { method: 'POST', body: request, schema: (s) => s.bulkResultSchema });
  } finally {
    await queryClient.invalidateQueries({ queryKey: fileKeys.all });
  }
}

export function useBulkFiles() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (request: FileBulkRequest) => bulkFiles(queryClient, request) });
}

/** One page of the trash, most recently deleted first. */
export function fetchFileTrashPage(page: number, limit = FILE_PAGE_SIZE, signal?: AbortSignal): Promise<FileTrashResult> {
  return api(`/files/trash?page=${page}&limit=${limit}`, { schema: (s) => s.fileTrashResultSchema, signal });
}

/** The Trash tab's pages. */
export const fileTrashQuery = () =>
  infiniteQueryOptions({
    queryKey: fileKeys.trashPages(),
    queryFn: ({ pageParam, signal }) => fetchFileTrashPage(pageParam, FILE_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last: FileTrashResult) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

/** How many files the trash holds, for the tab: a page of one, read for its total. */
export const fileTrashCountQuery = () =>
  queryOptions({
    queryKey: fileKeys.trashCount(),
    queryFn: async ({ signal }) => (await fetchFileTrashPage(1, 1, signal)).total,
  });

export function useFileTrash(enabled: boolean) {
  return useInfiniteQuery({ ...fileTrashQuery(), enabled });
}

export function useFileTrashCount() {
  return useQuery(fileTrashCountQuery());
}

/** Brings a file back from the trash (POST /files/:id/restore). */
export function useRestoreFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/files/${encodeURIComponent(id)}/restore`, { method: 'POST', schema: (s) => s.fileResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

/** Deletes a file of the trash for good (DELETE /files/:id/forever; 409 `not_in_trash` for any other). */
export function usePurgeFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/files/${encodeURIComponent(id)}/forever`, { method: 'DELETE', schema: (s) => s.deleteResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

export function fileDownloadUrl(file: StoredFile): string {
  return `${file.url}${file.url.includes('?') ? '&' : '?'}download=1`;
}

/** The absolute address of a file's bytes, as a published page or a colleague would use it. */
export function fileLink(file: StoredFile, origin = window.location.origin): string {
  return new URL(file.url, origin).href;
}

/**
 * Each chosen or dropped file is uploaded with its own call; progress and refusals show per file.
 * `onDuplicate` hears of each upload whose bytes were already in the library (the file that has them).
 */
/** How many files go up at once; the others wait their turn (a folder of hundreds, say). */
export const UPLOADS_AT_ONCE = 3;

/** A file for the queue, and where it goes (the queue's folder unless it says). */
export interface QueuedUpload {
  file: File;
  folder?: string;
  /** The folders it goes in below the folder shown, as the list says them. */
  path?: string;
}

/**
 * The file manager's uploads: each file listed with its progress, UPLOADS_AT_ONCE at a time (the
 * rest waiting), a large one resuming after a dropped connection; the lists are read again as
 * each one ends.
 */
export function useUploadQueue({ onDuplicate, folder }: { onDuplicate?: (file: StoredFile) => void; folder?: string } = {}) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const waiting = useRef<(QueuedUpload & { id: string })[]>([]);
  const running = useRef(0);
  // Leaving the page stops what is under way and what waits (a large file chosen again goes on
  // from what the server has).
  const stop = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    stop.current = controller;
    return () => {
      waiting.current = [];
      controller.abort(new DOMException('The page was left', 'AbortError'));
    };
  }, []);
  const patch = (id: string, change: Partial<UploadItem>) =>
    setItems((all) => all.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const next = () => {
    while (running.current < UPLOADS_AT_ONCE && waiting.current.length > 0) {
      const { id, file, folder: into } = waiting.current.shift()!;
      running.current += 1;
      patch(id, { status: 'uploading' });
      uploadFile(
        file,
        (progress) => patch(id, { status: 'uploading', progress }),
        into,
        (attempt) => patch(id, { status: 'resuming', attempt }),
        stop.current?.signal,
      )
        .then(
          // Bytes already in the library: not an error; the item names the file that has them.
          (outcome) => {
            if (!outcome.duplicate) return patch(id, { status: 'done', progress: 1, file: outcome.file });
            patch(id, { status: 'duplicate', progress: 1, message: outcome.message, file: outcome.file });
            onDuplicate?.(outcome.file);
          },
          (error: Error) => patch(id, { status: 'failed', message: error.message }),
        )
        .finally(() => {
          running.current -= 1;
          if (stop.current?.signal.aborted) return;
          void queryClient.invalidateQueries({ queryKey: fileKeys.all });
          next();
        });
    }
  };

  const start = (files: readonly (File | QueuedUpload)[]) => {
    const batch = files.map((entry) => {
      const queued = entry instanceof File ? { file: entry, folder } : { folder, ...entry };
      return { ...queued, id: crypto.randomUUID() };
    });
    // Finished uploads of an earlier batch make room; refusals stay until the next batch.
    setItems((all) => [
      ...all.filter((i) => isActive(i.status)),
      ...batch.map(({ id, file, path }): UploadItem => ({ id, name: file.name, progress: 0, status: 'waiting', ...(path ? { path } : {}) })),
    ]);
    waiting.current.push(...batch);
    next();
  };
  return { items, start, isUploading: items.some((i) => isActive(i.status)) };
}

/** Saves a stored file through the browser (the server answers as an attachment). */
/** A file's earlier versions, newest first (what its replacements put aside). */
export const fileVersionsQuery = (id: string) =>
  queryOptions({
    queryKey: fileKeys.versions(id),
    queryFn: async () => (await api(`/files/${encodeURIComponent(id)}/versions`, { schema: (s) => s.fileVersionListSchema })).data,
  });

export function useFileVersions(id: string | null) {
  return useQuery({ ...fileVersionsQuery(id ?? ''), enabled: id !== null });
}

/** The articles that use a file (GET /files/:id/usage), read while `id` is given. */
export function useFileUsage(id: string | null) {
  return useQuery({
    queryKey: fileKeys.usage(id ?? ''),
    queryFn: () => api(`/files/${encodeURIComponent(id!)}/usage`, { schema: (s) => s.fileUsageSchema }),
    enabled: id !== null,
  });
}

/**
 * Makes a version's bytes the file's again (checked like an upload; 409 `file_duplicate` when
 * another file has them); the current bytes become a version. Every file list is refreshed.
 */
export function useRestoreFileVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, number }: { fileId: string; number: number }) =>
      api(`/files/${encodeURIComponent(fileId)}/versions/${number}/restore`, { method: 'POST', schema: (s) => s.fileResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

/** Saves a file's alt text, caption, credit or focal point (only the fields given); answers the file as saved. */
export function useUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, details }: { id: string; details: FileUpdate }) =>
      (await api(`/files/${encodeURIComponent(id)}`, { method: 'PATCH', body: details, schema: (s) => s.fileResultSchema })).file,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

/** Downloads an earlier version's bytes (the session's cookie goes with the request). */
export function downloadFileVersion(version: FileVersion) {
  const link = document.createElement('a');
  link.href = version.url;
  link.download = version.name;
  document.body.append(link);
  link.click();
  link.remove();
}

export function downloadFile(file: StoredFile) {
  const link = document.createElement('a');
  link.href = fileDownloadUrl(file);
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
}
