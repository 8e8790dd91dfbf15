import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCreateFolder, useDeleteFolder, useFolders, useMoveFiles, useUpdateFolder } from '../api/folders';
import { toaster } from '../components/common/Toaster';
import { messageOf } from '../components/common/messageOf';
import type { DeleteFolderDialogProps, FolderBarProps, FolderNameDialogProps, MoveFilesDialogProps } from '../components/files';
import { ROOT_FOLDER, type BulkResult, type Folder, type StoredFile } from '../contract';
import type { Access } from '../lib/access';
import { folderTexts as t } from '../lib/texts-files';

const NOTICE_MS = 5_000;

/**
 * The file manager's folders: the one shown (in the URL, `?folder=<id>`; absent: All files), the
 * bar above the files, and the dialogs that make, rename, delete and move, each offered to the
 * roles that may. `selection` is what a dropped card that is selected carries with it.
 */
export function useFileFolders(access: Access, selected: ReadonlySet<string> | undefined, onMoved: () => void) {
  const [params, setParams] = useSearchParams();
  const currentId = params.get('folder');
  const folders = useFolders();
  const create = useCreateFolder();
  const update = useUpdateFolder();
  const remove = useDeleteFolder();
  const move = useMoveFiles();
  const [naming, setNaming] = useState<FolderNameDialogProps['target']>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const [moving, setMoving] = useState<MoveFilesDialogProps['files']>(null);
  const byId = new Map((folders.data ?? []).map((folder) => [folder.id, folder]));
  const current = currentId ? byId.get(currentId) : undefined;
  const nameOf = (id: string | null) => (id === null ? t.topShort : (byId.get(id)?.name ?? t.topShort));

  const open = useCallback(
    (id: string | null) =>
      setParams(
        (query) => {
          const next = new URLSearchParams(query);
          if (id) next.set('folder', id);
          else next.delete('folder');
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );

  const moved = (result: BulkResult, folderId: string | null) => {
    onMoved();
    toaster.create({
      type: result.refused.length ? undefined : 'success',
      title: result.changed.length ? t.moved(result.changed.length, nameOf(folderId)) : t.movedNone,
      description: result.refused.length ? t.moveRefused(result.refused.length) : undefined,
      duration: NOTICE_MS,
      closable: true,
    });
  };
  const moveNow = (ids: string[], folderId: string | null, after?: () => void) => {
    move.reset();
    move.mutate(
      { ids, folderId },
      {
        onSuccess: (result) => {
          after?.();
          moved(result, folderId);
        },
        onError: (error) => {
          if (after) return; // the dialog shows it
          toaster.create({ type: 'error', title: t.moveTitle(ids.length), description: messageOf(error), duration: NOTICE_MS, closable: true });
        },
      },
    );
  };

  const mayMove = access.may('updateFile');
  const onMove = useCallback(
    (file: StoredFile) => {
      move.reset();
      setMoving({ ids: [file.id], name: file.name, folderId: file.folderId });
    },
    [move],
  );

  const bar: FolderBarProps = {
    folders: folders.data,
    error: folders.isError ? folders.error.message : null,
    currentId,
    onOpen: open,
    onCreate: access.may('createFolder')
      ? () => {
          create.reset();
          setNaming({ mode: 'create', parent: current ?? null });
        }
      : undefined,
    onRename: access.may('updateFolder')
      ? (folder) => {
          update.reset();
          setNaming({ mode: 'rename', folder });
        }
      : undefined,
    onDelete: access.may('deleteFolder')
      ? (folder) => {
          remove.reset();
          setDeleting(folder);
        }
      : undefined,
    // A selected card carries the whole selection with it; a drop where the list already is moves nothing.
    onDropFile: mayMove
      ? (id, folderId) => {
          if (currentId !== null && folderId === currentId) return;
          moveNow(selected?.has(id) && access.may('bulkFiles') ? [...selected] : [id], folderId);
        }
      : undefined,
  };

  const naming$ = naming?.mode === 'create' ? create : update;
  const nameDialog: FolderNameDialogProps = {
    target: naming,
    isPending: naming$.isPending,
    error: naming$.error?.message ?? null,
    onCancel: () => setNaming(null),
    onSave: (name) => {
      if (naming?.mode === 'create') {
        create.mutate(
          { name, parentId: naming.parent?.id ?? null },
          {
            onSuccess: (folder) => {
              setNaming(null);
              toaster.create({ type: 'success', title: t.created(folder.name), duration: NOTICE_MS, closable: true });
            },
          },
        );
      } else if (naming?.mode === 'rename') {
        update.mutate(
          { id: naming.folder.id, change: { name } },
          {
            onSuccess: (folder) => {
              setNaming(null);
              toaster.create({ type: 'success', title: t.renamed(folder.name), duration: NOTICE_MS, closable: true });
            },
          },
        );
      }
    },
  };

  const deleteDialog: DeleteFolderDialogProps = {
    folder: deleting,
    folders: folders.data ?? [],
    isPending: remove.isPending,
    error: remove.error?.message ?? null,
    onCancel: () => setDeleting(null),
    onDelete: (moveTo) => {
      const gone = deleting!;
      remove.mutate(
        { id: gone.id, moveTo },
        {
          onSuccess: () => {
            setDeleting(null);
            // Showing the folder deleted (or one it held): back to where its contents went.
            if (currentId === gone.id) open(moveTo && moveTo !== ROOT_FOLDER ? moveTo : gone.parentId);
            toaster.create({ type: 'success', title: t.deleted(gone.name), duration: NOTICE_MS, closable: true });
          },
        },
      );
    },
  };

  const moveDialog: MoveFilesDialogProps = {
    files: moving,
    folders: folders.data ?? [],
    isPending: move.isPending,
    error: move.error?.message ?? null,
    onCancel: () => setMoving(null),
    onMove: (folderId) => moveNow(moving!.ids, folderId, () => setMoving(null)),
  };

  return {
    /** The files' filter: the folder shown, or undefined for the whole library. */
    folder: currentId ?? undefined,
    /** The folder shown, once the folders are known (undefined at All files, or while loading). */
    current,
    bar,
    nameDialog,
    deleteDialog,
    moveDialog,
    onMove: mayMove ? onMove : undefined,
    /** 'Move to…' of a selection. */
    moveSelection: (ids: string[]) => {
      move.reset();
      setMoving({ ids, folderId: currentId });
    },
  };
}
