import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { fileKeys, type QueuedUpload } from '../api/files';
import { foldersQuery } from '../api/folders';
import { messageOf } from '../components/common/messageOf';
import { folderPathsOf, type FolderFile } from '../components/files/folderUpload';
import { folderNameSchema, ROOT_FOLDER, type Folder } from '../contract';
import { fileExtraTexts } from '../lib/texts-files';

/**
 * A folder uploaded into the folder shown (`folder`; absent or `root`: at the top): its folders
 * made there first, parents before children (one of the same name already there, whatever the
 * case, is used as it is), then its files queued into them. A folder that cannot be made (a name
 * the library refuses, too deep, too many) stops it before any file goes, in the server's words.
 */
export function useFolderUpload(start: (files: QueuedUpload[]) => void, folder: string | undefined) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const upload = useCallback(
    async (files: FolderFile[]) => {
      setError(null);
      const top = folder && folder !== ROOT_FOLDER ? folder : null;
      try {
        const known: Folder[] = [...(await queryClient.fetchQuery({ ...foldersQuery(), staleTime: 0 }))];
        const ids = new Map<string, string>();
        for (const path of folderPathsOf(files)) {
          const parentId = path.length === 1 ? top : ids.get(path.slice(0, -1).join('/'))!;
          const checked = folderNameSchema.safeParse(path.at(-1));
          if (!checked.success) throw new Error(`${path.join('/')}: ${checked.error.issues[0]!.message}`);
          const name = checked.data;
          const same = known.find((f) => f.parentId === parentId && f.name.toLowerCase() === name.toLowerCase());
          const made = same ?? (await api('/folders', { method: 'POST', body: { name, parentId }, schema: (s) => s.folderResultSchema })).folder;
          if (!same) known.push(made);
          ids.set(path.join('/'), made.id);
        }
        start(files.map(({ file, folders }) => (folders.length ? { file, folder: ids.get(folders.join('/')), path: folders.join('/') } : { file })));
      } catch (cause) {
        setError(fileExtraTexts.folderUploadFailed(messageOf(cause)));
      } finally {
        void queryClient.invalidateQueries({ queryKey: fileKeys.all });
      }
    },
    [folder, queryClient, start],
  );
  return { upload, error, dismiss: () => setError(null) };
}
