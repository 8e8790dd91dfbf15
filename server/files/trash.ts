/**
 * The file library's trash: a file moved there (its URLs answer 404, its bytes stay), brought
 * back, deleted for good (the row first, so no row ever points at missing bytes; then the bytes
 * and its earlier versions'), one at a time or several at once; and emptied of what has been
 * there longer than TRASH_RETENTION_DAYS (the hourly sweep).
 */
import { serverMessages, TRASH_RETENTION_DAYS, type FileBulkRequest } from '../../src/contract/index.ts';
import type { Database } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { fileVersionIds } from '../repositories/fileVersions.ts';
import { publishedUsesOf } from '../repositories/fileUsage.ts';
import {
  findAnyFile,
  lockFiles,
  purgeFile,
  purgeFiles,
  purgeFileTrashBefore,
  restoreFile,
  restoreFiles,
  toFile,
  trashFile,
  trashFiles,
} from '../repositories/files.ts';
import { commitFileChange } from './commit.ts';
import { FileStorage } from './storage.ts';

type TrashContext = { db: Database; storage: FileStorage };
/** Told of bytes a removal left behind (the start-up sweep removes them later): a file's, or an earlier version's. */
export type OnLeftover = (error: unknown, id: string, what: 'file' | 'version') => void;

export const fileNotFound = () => apiError('not_found', serverMessages.fileNotFound);

/** Removes purged files' bytes and earlier versions (their rows are gone first). */
async function removeBytes(storage: FileStorage, ids: readonly string[], versionIds: readonly string[], onLeftover?: OnLeftover) {
  for (const id of ids) await storage.remove(id).catch((error: unknown) => onLeftover?.(error, id, 'file'));
  for (const id of versionIds) await storage.removeVersion(id).catch((error: unknown) => onLeftover?.(error, id, 'version'));
}

/** DELETE /files/:id: the file to the trash. */
export async function moveFileToTrash(ctx: TrashContext, actor: string, id: string, options: { confirm?: boolean } = {}): Promise<void> {
  if (!FileStorage.isFileId(id)) throw fileNotFound();
  await ctx.db.transaction(async (tx) => {
    const at = new Date();
    const row = await trashFile(tx, id, at);
    if (!row) throw fileNotFound();
    // A published article would lose its image: said, and done only once confirmed.
    const shownBy = (await publishedUsesOf(tx, [id])).get(id);
    if (shownBy && !options.confirm) throw apiError('file_in_use', serverMessages.fileInUse(shownBy));
    await commitFileChange(tx, { actor, at, entries: [{ kind: 'file.deleted', message: `File "${row.name}" deleted` }], event: { type: 'file.deleted', ids: [row.id] } });
  });
}

/** POST /files/:id/restore: the file out of the trash. */
export async function restoreFileFromTrash(ctx: TrashContext, actor: string, id: string) {
  if (!FileStorage.isFileId(id)) throw fileNotFound();
  const row = await ctx.db.transaction(async (tx) => {
    const restored = await restoreFile(tx, id);
    if (!restored) throw fileNotFound();
    await commitFileChange(tx, { actor, at: new Date(), entries: [{ kind: 'file.restored', message: `File "${restored.name}" restored from the trash` }] });
    return restored;
  });
  return toFile(row);
}

/** DELETE /files/:id/forever: a file of the trash deleted for good, with its earlier versions. */
export async function purgeFileForGood(ctx: TrashContext, actor: string, id: string, onLeftover?: OnLeftover): Promise<void> {
  if (!FileStorage.isFileId(id)) throw fileNotFound();
  const versionIds = await ctx.db.transaction(async (tx) => {
    const versions = await fileVersionIds(tx, [id]);
    const row = await purgeFile(tx, id);
    if (!row) throw (await findAnyFile(tx, id)) ? apiError('not_in_trash', serverMessages.fileNotInTrash) : fileNotFound();
    await commitFileChange(tx, { actor, at: new Date(), entries: [{ kind: 'file.purged', message: `File "${row.name}" deleted for good` }] });
    return versions;
  });
  await removeBytes(ctx.storage, [id], versionIds, onLeftover);
}

/** What each bulk action does to a file and says of it. */
const BULK = {
  delete: { kind: 'file.deleted', verb: 'deleted' },
  restore: { kind: 'file.restored', verb: 'restored from the trash' },
  purge: { kind: 'file.purged', verb: 'deleted for good' },
} as const;

/**
 * POST /files/bulk: delete (to the trash), restore or purge each file it applies to; the rest
 * said unchanged or refused, in the order they were asked for.
 */
export async function bulkFiles(
  ctx: TrashContext,
  actor: string,
  body: FileBulkRequest & { action: Exclude<FileBulkRequest['action'], 'move'> },
  onLeftover?: OnLeftover,
) {
  const { action } = body;
  const ids = [...new Set(body.ids)];
  const { result, versionIds } = await ctx.db.transaction(async (tx) => {
    const at = new Date();
    const rows = await lockFiles(tx, ids.filter((id) => FileStorage.isFileId(id)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const inTrash = (id: string) => byId.get(id)?.deleted_at != null;
    // Files a published article shows are deleted only when confirmed.
    const shown = action === 'delete' && !body.confirm ? await publishedUsesOf(tx, rows.filter((row) => row.deleted_at === null).map((row) => row.id)) : new Map<string, string[]>();
    const refused = ids
      .filter((id) => !byId.has(id) || (action === 'purge' && !inTrash(id)) || shown.has(id))
      .map((id) =>
        !byId.has(id)
          ? { id, code: 'not_found', message: serverMessages.fileNotFound }
          : shown.has(id)
            ? { id, code: 'file_in_use', message: serverMessages.fileInUse(shown.get(id)!) }
            : { id, code: 'not_in_trash', message: serverMessages.fileNotInTrash },
      );
    const targets = rows.filter((row) => !shown.has(row.id) && (action === 'delete' ? row.deleted_at === null : row.deleted_at !== null));
    const changed = targets.map((row) => row.id);
    // Purged files' earlier versions go with them.
    const versionIds = action === 'purge' ? await fileVersionIds(tx, changed) : [];
    if (action === 'delete') await trashFiles(tx, changed, at);
    else if (action === 'restore') await restoreFiles(tx, changed);
    else await purgeFiles(tx, changed);
    const { kind, verb } = BULK[action];
    await commitFileChange(tx, {
      actor,
      at,
      entries: targets.map((row) => ({ kind, message: `File "${row.name}" ${verb}` })),
      ...(action === 'delete' ? { event: { type: 'file.deleted' as const, ids: changed } } : {}),
    });
    const isChanged = new Set(changed);
    const isRefused = new Set(refused.map((r) => r.id));
    return {
      result: { changed: ids.filter((id) => isChanged.has(id)), unchanged: ids.filter((id) => !isChanged.has(id) && !isRefused.has(id)), refused },
      versionIds,
    };
  });
  if (action === 'purge') await removeBytes(ctx.storage, result.changed, versionIds, onLeftover);
  return result;
}

/** How many files one pass of the trash sweep deletes for good (in one transaction). */
const PURGE_BATCH = 500;

/**
 * Deletes for good the files that went to the trash more than TRASH_RETENTION_DAYS ago (each
 * with an activity entry), in batches: the rows first, then their bytes through the storage
 * (bytes a failed removal leaves are removed by the start-up sweep). Safe to run in several
 * processes at once (rows locked by another sweep are skipped). Resolves to how many went.
 */
export async function sweepFileTrash(
  ctx: TrashContext,
  now = new Date(),
  onLeftover?: OnLeftover,
): Promise<number> {
  const before = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let purged = 0;
  for (;;) {
    const { rows: batch, versionIds } = await ctx.db.transaction(async (tx) => {
      const purgedNow = await purgeFileTrashBefore(tx, before, PURGE_BATCH);
      await commitFileChange(tx, {
        actor: null,
        at: now,
        entries: purgedNow.rows.map((row) => ({ kind: 'file.purged' as const, message: `File "${row.name}" deleted for good from the trash` })),
      });
      return purgedNow;
    });
    await removeBytes(ctx.storage, batch.map((row) => row.id), versionIds, onLeftover);
    purged += batch.length;
    if (batch.length < PURGE_BATCH) return purged;
  }
}
