/**
 * The file library: rows of `files` and their bytes under DATA_DIR, kept together. Both the
 * upload route and the scraper's image import store through `storeFile`, so a scraped image is
 * checked exactly like an upload (type from bytes, pixel limit, SVG sanitised); a replacement
 * (`replaceFile`) is checked the same way. Bytes are kept once: an upload of bytes already in
 * the library answers the file that has them (restored when it was in the trash).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES, ROOT_FOLDER, serverMessages } from '../../src/contract/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { apiError, DatabaseUnavailableError } from '../errors.ts';
import { newId } from '../ids.ts';
import { commitFileChange } from './commit.ts';
import { folderExists } from '../repositories/folders.ts';
import {
  findAnyFile,
  findFileById,
  findFileBySha256,
  findOtherFileBySha256,
  insertFile,
  lockSha256,
  replaceFileContent,
  restoreFile,
  toFile,
  type FileRow,
  type FileRowWithTrash,
} from '../repositories/files.ts';
import type { WorkerPool } from '../workers/pool.ts';
import { FILE_JOB_MS, PDF_THUMBNAIL_MAX_BYTES } from './limits.ts';
import { pdfThumbnailInWorker } from './pdfThumbnail.ts';
import type { FileStorage } from './storage.ts';
import { capFileVersions, keepCurrentBytes, readFileVersion } from './versions.ts';
import { DEFAULT_RETENTION, type RetentionPolicy } from '../history/operations.ts';

/** A client's file name, for display only: no path, no control or bidi characters. */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .replace(/^\.+$/, '');
  // At most 255 UTF-16 units, never half a surrogate pair (it would be stored as U+FFFD).
  const cut = clean.slice(0, 255);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut) || 'file';
}

/** 413 `file_too_large` in the words of the server's limit (MAX_UPLOAD_BYTES). */
export function fileTooLarge(maxUploadBytes: number) {
  const megabytes = Math.round((maxUploadBytes / 1024 / 1024) * 100) / 100;
  return apiError('file_too_large', maxUploadBytes === MAX_UPLOAD_BYTES ? serverMessages.fileTooLarge : `File size too large. Maximum size is ${megabytes}MB.`);
}

export interface LibraryContext {
  db: Database;
  storage: FileStorage;
  maxImagePixels: number;
  workers: WorkerPool;
}

/** Whether the file starts like markup (an SVG candidate), for the message of a killed job. */
async function looksLikeMarkup(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return /^(\uFEFF)?\s*</.test(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

/**
 * Inspects the file in a worker (decode, thumbnail, SVG sanitising), within FILE_JOB_MS and
 * the worker's memory: a job over either is stopped and the file refused with 422.
 */
async function inspectInWorker(ctx: LibraryContext, file: string) {
  const markup = await looksLikeMarkup(file);
  const refuse = () =>
    markup
      ? apiError('svg_too_complex')
      : apiError('image_undecodable');
  const found = await ctx.workers.run(
    'inspectFile',
    { path: file, maxPixels: ctx.maxImagePixels, markup },
    { timeoutMs: FILE_JOB_MS, tooSlow: refuse, tooBig: refuse },
  );
  return { ...found, thumbnail: found.thumbnail ? Buffer.from(found.thumbnail) : undefined };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** What the library keeps of a checked file, besides its bytes. */
interface Examined {
  type: FileRow['type'];
  mimeType: string;
  /** After sanitising (an SVG is rewritten). */
  size: number;
  sha256: string;
  /** An image's thumbnail, made while it was inspected. */
  imageThumbnail: Buffer | undefined;
  /** A raster image's size as shown. */
  pixels: { width: number; height: number } | null;
}

/** Inspects the file at `tmpFile` (a refusal throws ApiError) and hashes what is to be stored. */
async function examine(ctx: LibraryContext, tmpFile: string): Promise<Examined> {
  const inspection = await inspectInWorker(ctx, tmpFile);
  const { size } = await stat(tmpFile); // an SVG was rewritten sanitised
  const sha256 = await sha256Of(tmpFile);
  return { type: inspection.type, mimeType: inspection.mimeType, size, sha256, imageThumbnail: inspection.thumbnail, pixels: inspection.pixels ?? null };
}

/** A PDF's first page is its thumbnail when it can be drawn; otherwise it keeps its icon. */
async function thumbnailOf(ctx: LibraryContext, tmpFile: string, examined: Examined): Promise<Buffer | undefined> {
  return examined.type === 'pdf' && examined.size <= PDF_THUMBNAIL_MAX_BYTES
    ? await pdfThumbnailInWorker(ctx.workers, tmpFile)
    : examined.imageThumbnail;
}

/** What storeFile did: stored a new file, or found these bytes in the library (and restored it from the trash). */
export interface Stored {
  row: FileRow;
  reused: boolean;
  /** The file with these bytes was in the trash, and has been brought back. */
  restored: boolean;
}

/**
 * The file with these bytes answers for a new upload of them; out of the trash if it was there
 * (in the caller's transaction, which holds the bytes' lock).
 */
async function reuse(
  tx: Queryable,
  existing: FileRowWithTrash,
  actor: string | null | undefined,
): Promise<Stored> {
  if (existing.deleted_at === null) return { row: existing, reused: true, restored: false };
  const row = await restoreFile(tx, existing.id);
  // Restored by another request meanwhile: it is out of the trash all the same.
  if (!row) return { row: existing, reused: true, restored: false };
  await commitFileChange(tx, { actor, at: new Date(), entries: [{ kind: 'file.restored', message: `File "${row.name}" restored from the trash (its bytes were uploaded again)` }] });
  return { row, reused: true, restored: true };
}

/**
 * Inspects the file at `tmpFile` (a temp file of this storage) and stores it under a new id
 * with its thumbnail. With `reuse`, bytes already in the library are not stored again: the
 * file that has them is answered, brought back when it was in the trash. Two uploads of the
 * same bytes at once are answered one after the other (a lock on the bytes' hash), so the
 * second finds the first's row. The temp file is always gone afterwards. Throws ApiError for a
 * refused file (nothing stored).
 *
 * The bytes are stored first and the row written after: a row never points at bytes that are
 * not there. Bytes whose row was never committed (a crash between the two) are removed by
 * the start-up sweep.
 */
export async function storeFile(
  ctx: LibraryContext,
  tmpFile: string,
  name: string,
  options: { reuse?: boolean; activity?: string; actor?: string | null; folderId?: string | null } = {},
): Promise<Stored> {
  const { db, storage } = ctx;
  try {
    const examined = await examine(ctx, tmpFile);
    const { sha256 } = examined;
    if (options.reuse && (await findFileBySha256(db, sha256))) {
      const found = await db.transaction(async (tx) => {
        await lockSha256(tx, sha256);
        const existing = await findFileBySha256(tx, sha256);
        return existing ? reuse(tx, existing, options.actor) : undefined;
      });
      if (found) return found;
    }
    const thumbnail = await thumbnailOf(ctx, tmpFile, examined);

    const id = newId();
    const now = new Date();
    let stored = false;
    try {
      stored = true;
      if (thumbnail) await storage.putBytes(id, 'thumbnail', thumbnail, 'image/webp');
      await storage.put(id, 'content', tmpFile, examined.mimeType);
      const result = await db.transaction(async (tx): Promise<Stored> => {
        if (options.reuse) {
          // Another upload of these bytes may have been stored while these were.
          await lockSha256(tx, sha256);
          const existing = await findFileBySha256(tx, sha256);
          if (existing) return reuse(tx, existing, options.actor);
        }
        const inserted = await insertFile(tx, {
          id,
          name,
          size: examined.size,
          type: examined.type,
          mimeType: examined.mimeType,
          hasThumbnail: Boolean(thumbnail),
          at: now,
          sha256,
          pixels: examined.pixels,
          folderId: options.folderId ?? null,
        });
        await commitFileChange(tx, {
          actor: options.actor,
          at: now,
          entries: [{ kind: 'file.uploaded', message: options.activity ?? `File "${name}" uploaded` }],
          event: { type: 'file.uploaded', ids: [id] },
        });
        return { row: inserted, reused: false, restored: false };
      });
      // The bytes stored for nothing (another upload's row has them) go again.
      if (result.reused) await storage.remove(id).catch(() => {});
      return result;
    } catch (error) {
      // Unless the connection was lost during COMMIT: the row may exist, so its bytes stay (if it
      // does not, the start-up sweep removes them as orphans).
      const mayBeCommitted = error instanceof DatabaseUnavailableError && error.commitUnknown;
      if (stored && !mayBeCommitted) await storage.remove(id).catch(() => {});
      throw error;
    }
  } finally {
    await rm(tmpFile, { force: true }).catch(() => {});
  }
}

const fileNotFound = () => apiError('not_found', serverMessages.fileNotFound);

/** 409 `file_duplicate`: another file (`other`) already has these bytes. */
const duplicateOf = (other: FileRowWithTrash) =>
  apiError(
    'file_duplicate',
    other.deleted_at === null ? serverMessages.alreadyInLibrary(other.name) : serverMessages.alreadyInTrash(other.name),
  );

/**
 * Replaces the bytes of the file `id` (out of the trash) with the file at `tmpFile`, keeping its
 * id and so its URL: its name, size, type, hash, thumbnail and last modification follow the new
 * bytes; its upload time (its place in the list) stays. Checked like an upload; refused with 409
 * `file_duplicate` when another file, in the trash or not, has these bytes (bytes are kept once).
 * Every refusal comes before anything is written, so the file keeps its bytes. The new bytes
 * are stored while the row is locked, before it commits: a failed store rolls the row back. The
 * temp file is always gone afterwards.
 */
export async function replaceFile(
  ctx: LibraryContext,
  id: string,
  tmpFile: string,
  name: string,
  options: {
    actor?: string | null;
    /** Problems removing stale objects (the old thumbnail, versions past the cap), which the start-up sweep removes later. */
    onStaleThumbnail?: (error: unknown) => void;
    /** The cap on kept versions (default DEFAULT_RETENTION's). */
    retention?: RetentionPolicy;
    /** The activity entry, from the file's name before (default: replaced). */
    activity?: (name: string) => string;
  } = {},
): Promise<FileRow> {
  const { db, storage } = ctx;
  try {
    if (!(await findFileById(db, id))) throw fileNotFound();
    const examined = await examine(ctx, tmpFile);
    const { sha256 } = examined;
    const other = await findOtherFileBySha256(db, sha256, id);
    if (other) throw duplicateOf(other);
    const thumbnail = await thumbnailOf(ctx, tmpFile, examined);

    const { row, hadThumbnail, capped } = await db.transaction(async (tx) => {
      await lockSha256(tx, sha256);
      const current = await findAnyFile(tx, id, true);
      // Moved to the trash (or deleted) while the new bytes were checked.
      if (!current || current.deleted_at !== null) throw fileNotFound();
      const again = await findOtherFileBySha256(tx, sha256, id);
      if (again) throw duplicateOf(again);
      // Always later than before: the console asks for the thumbnail under this version.
      const at = new Date(Math.max(Date.now(), new Date(current.last_modified).getTime() + 1));
      // Nothing is lost: the bytes being replaced are kept as a version (unless they are these).
      await keepCurrentBytes(tx, storage, id, { sha256, at, actor: options.actor ?? null });
      const capped = await capFileVersions(tx, id, options.retention ?? DEFAULT_RETENTION, at);
      const replaced = await replaceFileContent(tx, id, {
        name,
        size: examined.size,
        type: examined.type,
        mimeType: examined.mimeType,
        hasThumbnail: Boolean(thumbnail),
        sha256,
        at,
        pixels: examined.pixels,
      });
      const renamed = current.name === name ? '' : ` by "${name}"`;
      const message = options.activity?.(current.name) ?? `File "${current.name}" replaced${renamed}`;
      await commitFileChange(tx, { actor: options.actor, at, entries: [{ kind: 'file.replaced', message }], event: { type: 'file.replaced', ids: [id] } });
      // The thumbnail first: should the content fail, the row rolls back and only a thumbnail is new.
      if (thumbnail) await storage.putBytes(id, 'thumbnail', thumbnail, 'image/webp');
      await storage.put(id, 'content', tmpFile, examined.mimeType);
      return { row: replaced, hadThumbnail: current.has_thumbnail, capped };
    });
    for (const versionId of capped) await storage.removeVersion(versionId).catch((error: unknown) => options.onStaleThumbnail?.(error));
    // The new bytes have none: the old thumbnail is never served again (the row says so); its
    // object goes.
    if (hadThumbnail && !thumbnail) await storage.removeThumbnail(id).catch((error: unknown) => options.onStaleThumbnail?.(error));
    // Images made from the old bytes are never asked for again (their names hold the version).
    await storage.removeDerivatives(id).catch((error: unknown) => options.onStaleThumbnail?.(error));
    return row;
  } finally {
    await rm(tmpFile, { force: true }).catch(() => {});
  }
}

/**
 * POST /files: the upload stored, or, for bytes already in the library, the file that has them
 * (brought back from the trash when it was there).
 */
/**
 * POST /files: an upload, into `folder` when one is named (checked before the bytes are read
 * through; one deleted meanwhile refuses the upload: 422 folder_target_not_found).
 */
export async function uploadFile(ctx: LibraryContext, actor: string, tmpFile: string, name: string, folder?: string) {
  const folderId = folder === undefined || folder === ROOT_FOLDER ? null : folder;
  if (folderId !== null && !(await folderExists(ctx.db, folderId))) throw apiError('folder_target_not_found');
  try {
    const { row, reused, restored } = await storeFile(ctx, tmpFile, name, { reuse: true, actor, folderId });
    return { file: toFile(row), reused, restored };
  } catch (error) {
    if ((error as { code?: string }).code === '23503') throw apiError('folder_target_not_found');
    throw error;
  }
}

/** PUT /files/:id/content: new bytes under the same id, so every link to the file stays good. */
export async function replaceUpload(
  ctx: LibraryContext & { retention: RetentionPolicy },
  actor: string,
  id: string,
  tmpFile: string,
  name: string,
  onStaleObject?: (error: unknown) => void,
) {
  return toFile(await replaceFile(ctx, id, tmpFile, name, { actor, retention: ctx.retention, onStaleThumbnail: onStaleObject }));
}

/**
 * Makes version `number`'s bytes the file's again, as a replacement by them: checked like an
 * upload, refused when another file has these bytes, the current bytes kept as a version.
 */
export async function restoreFileVersion(
  ctx: LibraryContext & { retention: RetentionPolicy },
  fileId: string,
  number: number,
  options: { actor: string | null; onLeftover?: (error: unknown) => void },
) {
  const { version, stored } = await readFileVersion(ctx, fileId, number);
  const tmpFile = ctx.storage.tmpPath();
  try {
    await pipeline(stored.body, createWriteStream(tmpFile, { flags: 'wx' }));
    return toFile(await replaceFile(ctx, fileId, tmpFile, version.name, {
      actor: options.actor,
      retention: ctx.retention,
      activity: (current) => `File "${current}" restored to version ${number}`,
      onStaleThumbnail: options.onLeftover,
    }));
  } finally {
    await rm(tmpFile, { force: true }).catch(() => {});
  }
}
