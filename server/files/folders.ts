/**
 * Folders of the file library (GET/POST/PATCH/DELETE /api/folders, files moved between them):
 * each write in one transaction, checked there (the name free where the folder goes, no folder
 * inside itself, at most MAX_FOLDER_DEPTH deep, at most MAX_FOLDERS), and ended with the commit
 * step's activity entries.
 */
import {
  folderMessages,
  MAX_FOLDER_DEPTH,
  MAX_FOLDERS,
  ROOT_FOLDER,
  serverMessages,
  type BulkResult,
  type Folder,
  type FolderCreate,
  type FolderDetail,
  type FolderUpdate,
} from '../../src/contract/index.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { newId } from '../ids.ts';
import {
  clashingChildNames,
  countFolders,
  deleteFolderMovingContents,
  findFolder,
  folderHeight,
  folderNamed,
  folderPath,
  insertFolder,
  listFolders as listFolderRows,
  moveFilesToFolder,
  toFolder,
  updateFolderRow,
} from '../repositories/folders.ts';
import { lockFiles } from '../repositories/files.ts';
import { commitFileChange } from './commit.ts';
import { FileStorage } from './storage.ts';

export const folderNotFound = () => apiError('not_found', folderMessages.notFound);
const targetNotFound = () => apiError('folder_target_not_found');

/** Ids are the server's own (26 characters of Crockford base32): anything else is no folder. */
const isFolderId = (id: string) => /^[0-9a-z]{26}$/.test(id);

/** The folder a request names to put something in (null: the top); refused when there is none. */
async function targetFolder(db: Queryable, id: string | null, lock = false) {
  if (id === null) return null;
  const row = isFolderId(id) ? await findFolder(db, id, lock) : undefined;
  if (!row) throw targetNotFound();
  return row;
}

/** PostgreSQL's foreign_key_violation: a folder deleted while something was being put in it. */
const isMissingFolder = (error: unknown) => (error as { code?: string }).code === '23503';

/** Where a folder is, in words: "in "Photos"", or at the top. */
const taken = (name: string, parent: { name: string } | null) => apiError('folder_name_taken', folderMessages.nameTaken(name, parent?.name ?? null));

export async function listFolders(ctx: { db: Queryable }): Promise<{ data: Folder[] }> {
  return { data: (await listFolderRows(ctx.db)).map(toFolder) };
}

export async function getFolder(ctx: { db: Queryable }, id: string): Promise<FolderDetail> {
  const row = isFolderId(id) ? await findFolder(ctx.db, id) : undefined;
  if (!row) throw folderNotFound();
  return { folder: toFolder(row), path: await folderPath(ctx.db, id) };
}

/** `?folder=` of GET /files: null for `root`, the id of a folder that exists, else 404. */
export async function folderFilter(ctx: { db: Queryable }, folder: string | undefined): Promise<string | null | undefined> {
  if (folder === undefined) return undefined;
  if (folder === ROOT_FOLDER) return null;
  if (!isFolderId(folder) || !(await findFolder(ctx.db, folder))) throw folderNotFound();
  return folder;
}

/** Runs `write`, telling a name taken by another writer at the same moment as the check would have. */
async function writing<T>(write: () => Promise<T>, name: string | undefined, parent: () => { name: string } | null): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error, 'folders_name_in_parent')) throw taken(name, parent());
    if (isMissingFolder(error)) throw targetNotFound();
    throw error;
  }
}

export async function createFolder(ctx: { db: Database }, actor: string, body: FolderCreate): Promise<Folder> {
  const parentId = body.parentId ?? null;
  let parent: Awaited<ReturnType<typeof targetFolder>> = null;
  const id = newId();
  await writing(
    () =>
      ctx.db.transaction(async (tx) => {
        parent = await targetFolder(tx, parentId, true);
        if ((await countFolders(tx)) >= MAX_FOLDERS) throw apiError('too_many_folders');
        if (parent && (await folderPath(tx, parent.id)).length >= MAX_FOLDER_DEPTH) throw apiError('folder_too_deep');
        if (await folderNamed(tx, parentId, body.name)) throw taken(body.name, parent);
        const at = new Date();
        await insertFolder(tx, { id, name: body.name, parentId, at });
        await commitFileChange(tx, {
          actor,
          at,
          entries: [{ kind: 'folder.created', message: `Folder "${body.name}" created${parent ? ` in "${parent.name}"` : ''}` }],
        });
      }),
    body.name,
    () => parent,
  );
  return toFolder((await findFolder(ctx.db, id))!);
}

export async function updateFolder(ctx: { db: Database }, actor: string, id: string, body: FolderUpdate): Promise<Folder> {
  if (!isFolderId(id)) throw folderNotFound();
  let parent: Awaited<ReturnType<typeof targetFolder>> = null;
  let name: string | undefined;
  await writing(
    () =>
      ctx.db.transaction(async (tx) => {
        const row = await findFolder(tx, id, true);
        if (!row) throw folderNotFound();
        name = body.name ?? row.name;
        const parentId = body.parentId === undefined ? row.parent_id : body.parentId;
        parent = await targetFolder(tx, parentId, true);
        const moving = parentId !== row.parent_id;
        if (moving && parentId !== null) {
          // Not into itself or anything it holds; and with all it holds, no deeper than allowed.
          const path = await folderPath(tx, parentId);
          if (path.some((step) => step.id === id)) throw apiError('folder_cycle');
          if (path.length + (await folderHeight(tx, id)) > MAX_FOLDER_DEPTH) throw apiError('folder_too_deep');
        }
        const same = await folderNamed(tx, parentId, name);
        if (same && same.id !== id) throw taken(name, parent);
        if (!moving && name === row.name) return;
        await updateFolderRow(tx, id, { ...(name !== row.name ? { name } : {}), ...(moving ? { parentId } : {}) });
        const what = [
          name !== row.name ? `renamed "${name}"` : '',
          moving ? `moved ${parent ? `into "${parent.name}"` : 'to the top of the library'}` : '',
        ].filter(Boolean);
        await commitFileChange(tx, { actor, at: new Date(), entries: [{ kind: 'folder.updated', message: `Folder "${row.name}" ${what.join(' and ')}` }] });
      }),
    body.name,
    () => parent,
  );
  return toFolder((await findFolder(ctx.db, id))!);
}

/**
 * DELETE /folders/:id: an empty folder goes; one that holds files or folders only with `moveTo`
 * (a folder, or `root`), where they go first: not the folder itself or one it holds, and with no
 * folder of the same name there already.
 */
export async function deleteFolder(ctx: { db: Database }, actor: string, id: string, moveTo: string | undefined): Promise<void> {
  if (!isFolderId(id)) throw folderNotFound();
  await writing(
    () =>
      ctx.db.transaction(async (tx) => {
        const row = await findFolder(tx, id, true);
        if (!row) throw folderNotFound();
        const files = Number(row.file_count);
        const folders = Number(row.folder_count);
        const at = new Date();
        if (files + folders > 0 && moveTo === undefined) throw apiError('folder_not_empty', folderMessages.notEmpty(files, folders));
        const targetId = moveTo === undefined || moveTo === ROOT_FOLDER ? null : moveTo;
        const target = await targetFolder(tx, targetId, true);
        if (target) {
          const path = await folderPath(tx, target.id);
          if (path.some((step) => step.id === id)) throw apiError('folder_cycle');
          // Its folders go one level up or elsewhere: what they hold must still fit.
          if (folders > 0 && path.length + (await folderHeight(tx, id)) - 1 > MAX_FOLDER_DEPTH) throw apiError('folder_too_deep');
        }
        const clash = folders > 0 ? (await clashingChildNames(tx, id, targetId))[0] : undefined;
        if (clash !== undefined) throw taken(clash, target);
        await deleteFolderMovingContents(tx, id, targetId);
        const where = target ? `"${target.name}"` : 'the top of the library';
        const moved = files + folders > 0 ? `; what it held moved to ${where}` : '';
        await commitFileChange(tx, { actor, at, entries: [{ kind: 'folder.deleted', message: `Folder "${row.name}" deleted${moved}` }] });
      }),
    undefined,
    () => null,
  );
}

/**
 * Puts files (out of the trash) in a folder, or in none: one file (PATCH /files/:id's folderId,
 * in the caller's transaction) or several (POST /files/bulk `move`).
 */
export async function putFilesInFolder(tx: Queryable, actor: string | null, ids: readonly string[], folderId: string | null, at: Date) {
  const folder = await targetFolder(tx, folderId, true);
  const moved = await moveFilesToFolder(tx, ids, folderId);
  const where = folder ? `into "${folder.name}"` : 'out of its folder';
  await commitFileChange(tx, { actor, at, entries: moved.map((file) => ({ kind: 'file.moved' as const, message: `File "${file.name}" moved ${where}` })) });
  return new Set(moved.map((file) => file.id));
}

/** POST /files/bulk `move`: each file put in the folder; those already there unchanged; unknown or trashed ones refused. */
export async function moveFiles(ctx: { db: Database }, actor: string, ids: readonly string[], folderId: string | null): Promise<BulkResult> {
  const unique = [...new Set(ids)];
  return writing(
    () =>
      ctx.db.transaction(async (tx) => {
        const rows = await lockFiles(tx, unique.filter((id) => FileStorage.isFileId(id)));
        const live = new Set(rows.filter((row) => row.deleted_at === null).map((row) => row.id));
        const moved = await putFilesInFolder(tx, actor, unique.filter((id) => live.has(id)), folderId, new Date());
        return {
          changed: unique.filter((id) => moved.has(id)),
          unchanged: unique.filter((id) => live.has(id) && !moved.has(id)),
          refused: unique.filter((id) => !live.has(id)).map((id) => ({ id, code: 'not_found', message: serverMessages.fileNotFound })),
        };
      }),
    undefined,
    () => null,
  );
}
