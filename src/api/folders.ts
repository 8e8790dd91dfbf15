/**
 * Folders of the file library: the list (with what each holds), created, renamed, moved and
 * deleted (what they hold moved where the admin says), and files moved between them. Their
 * queries sit under the files' (`fileKeys.all`): every file write refreshes their counts, and
 * every folder write refreshes the file lists.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkResult, FolderCreate, FolderUpdate } from '../contract';
import { api } from './client';
import { bulkFiles, fileKeys } from './files';

export const foldersQuery = () =>
  queryOptions({
    queryKey: fileKeys.folders(),
    queryFn: async () => (await api('/folders', { schema: (s) => s.folderListSchema })).data,
    staleTime: 300_000,
  });

export function useFolders(enabled = true) {
  return useQuery({ ...foldersQuery(), enabled });
}

/** Creates a folder (at the top, or in `parentId`); answers it. */
export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FolderCreate) => (await api('/folders', { method: 'POST', body, schema: (s) => s.folderResultSchema })).folder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

/** Renames a folder or moves it (parentId; null: to the top). */
export function useUpdateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: FolderUpdate }) =>
      (await api(`/folders/${encodeURIComponent(id)}`, { method: 'PATCH', body: change, schema: (s) => s.folderResultSchema })).folder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

/** Deletes a folder; what it holds goes to `moveTo` (a folder's id, or `root`), which a folder that holds anything needs. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: string; moveTo?: string }) =>
      api(`/folders/${encodeURIComponent(id)}${moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : ''}`, {
        method: 'DELETE',
        schema: (s) => s.deleteResultSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

/**
 * Puts files in a folder (null: in none): one with PATCH /files/:id (authors may), several at
 * once with POST /files/bulk `move` (editors); answers what moved, as a bulk result.
 */
export function useMoveFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, folderId }: { ids: string[]; folderId: string | null }): Promise<BulkResult> => {
      if (ids.length > 1) return bulkFiles(queryClient, { action: 'move', ids, folderId });
      try {
        await api(`/files/${encodeURIComponent(ids[0]!)}`, { method: 'PATCH', body: { folderId }, schema: (s) => s.fileResultSchema });
        return { changed: ids, unchanged: [], refused: [] };
      } finally {
        await queryClient.invalidateQueries({ queryKey: fileKeys.all });
      }
    },
  });
}
