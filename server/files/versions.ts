/**
 * A file's earlier versions: "Replace…" keeps the bytes it replaces (copied to versions/<id>
 * before the new ones are written, in the replacing transaction), and any version can be
 * downloaded or restored (./library.ts: its bytes go through `replaceFile` like an upload, checked,
 * refused when another file has them, so the current bytes become a version in turn). The same
 * retention as article revisions (server/history/retention.ts); purging a file purges them.
 */
import { serverMessages, type FileVersion } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { versionsToRemove, type RetentionPolicy } from '../history/operations.ts';
import { newId } from '../ids.ts';
import {
  countFileVersions,
  deleteFileVersions,
  insertFileVersion,
  selectFileVersion,
  selectFileVersionAges,
  selectFileVersions,
  type FileVersionRow,
} from '../repositories/fileVersions.ts';
import { findFileById } from '../repositories/files.ts';
import type { LibraryContext } from './library.ts';
import { FileStorage } from './storage.ts';

export const fileVersionNotFound = () => apiError('not_found', serverMessages.fileVersionNotFound);
const fileNotFound = () => apiError('not_found', serverMessages.fileNotFound);

export const fileVersionUrl = (fileId: string, number: number) => `/api/files/${fileId}/versions/${number}/content`;

export function toFileVersion(row: FileVersionRow): FileVersion {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    size: Number(row.size),
    type: row.type,
    mimeType: row.mime_type,
    uploadedAt: row.uploaded_iso,
    replacedAt: row.replaced_iso,
    replacedBy: row.replaced_by,
    url: fileVersionUrl(row.file_id, row.number),
  };
}

/**
 * Keeps the file's current bytes as its next version, unless they are `nextSha256` already. In
 * the replacing transaction, which holds the row lock, before the new bytes are put: the copy is
 * made while the old bytes are still there, and rolls back (as an orphan object for the start-up
 * sweep) with the transaction.
 */
export async function keepCurrentBytes(
  tx: Queryable,
  storage: FileStorage,
  fileId: string,
  next: { sha256: string; at: Date; actor: string | null },
): Promise<number | undefined> {
  const versionId = newId(next.at.getTime());
  const number = await insertFileVersion(tx, fileId, { id: versionId, nextSha256: next.sha256, at: next.at, actor: next.actor });
  if (number !== undefined) await storage.keepVersion(fileId, versionId);
  return number;
}

/** The versions past the cap go as soon as one more is kept (answers their ids; the caller removes their bytes after commit). */
export async function capFileVersions(tx: Queryable, fileId: string, policy: RetentionPolicy, now: Date): Promise<string[]> {
  return (await countFileVersions(tx, fileId)) > policy.max ? pruneFileVersions(tx, fileId, policy, now) : [];
}

/** Removes the file's versions the policy does not keep; answers their ids (their bytes go after commit). */
export async function pruneFileVersions(tx: Queryable, fileId: string, policy: RetentionPolicy, now: Date): Promise<string[]> {
  const ages = await selectFileVersionAges(tx, fileId);
  const remove = versionsToRemove(
    ages.map((row) => ({ number: row.number, createdAt: new Date(row.replaced_at), pinned: false })),
    policy,
    now,
    false,
  );
  return deleteFileVersions(tx, fileId, remove);
}

/** GET /files/:id/versions: 404 for a file that is unknown or in the trash. */
export async function listFileVersions(db: Queryable, fileId: string) {
  if (!FileStorage.isFileId(fileId) || !(await findFileById(db, fileId))) throw fileNotFound();
  return { data: (await selectFileVersions(db, fileId)).map(toFileVersion) };
}

/** A version of a file out of the trash, and its bytes; 404 when either is missing. */
export async function readFileVersion(ctx: Pick<LibraryContext, 'db' | 'storage'>, fileId: string, number: number) {
  if (!FileStorage.isFileId(fileId) || !(await findFileById(ctx.db, fileId))) throw fileNotFound();
  const version = await selectFileVersion(ctx.db, fileId, number);
  if (!version) throw fileVersionNotFound();
  const stored = await ctx.storage.readVersion(version.id);
  if (!stored) throw fileVersionNotFound();
  return { version, stored };
}
