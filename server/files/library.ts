/**
 * The file library: rows of `files` and their bytes under DATA_DIR, kept together. Both the
 * upload route and the scraper's image import store through `storeFile`, so a scraped image is
 * checked exactly like an upload (type from bytes, pixel limit, SVG sanitised).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Database } from '../db/database.ts';
import { apiError, DatabaseUnavailableError } from '../errors.ts';
import { newId } from '../ids.ts';
import { recordActivity } from '../repositories/activity.ts';
import { findFileBySha256, insertFile, type FileRow } from '../repositories/files.ts';
import type { WorkerPool } from '../workers/pool.ts';
import { FILE_JOB_MS } from './limits.ts';
import type { FileStorage } from './storage.ts';

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

/**
 * Inspects the file at `tmpFile` (a temp file of this storage) and stores it under a new id
 * with its thumbnail. With `reuse`, bytes already in the library are not stored again: the
 * existing row is answered. The temp file is always gone afterwards. Throws ApiError for a
 * refused file (nothing stored).
 */
export async function storeFile(
  ctx: LibraryContext,
  tmpFile: string,
  name: string,
  options: { reuse?: boolean; activity?: string; actor?: string | null } = {},
): Promise<{ row: FileRow; reused: boolean }> {
  const { db, storage } = ctx;
  const tmpThumb = storage.tmpPath('.webp');
  try {
    const inspection = await inspectInWorker(ctx, tmpFile);
    const { size } = await stat(tmpFile); // an SVG was rewritten sanitised
    const sha256 = await sha256Of(tmpFile);
    if (options.reuse) {
      const existing = await findFileBySha256(db, sha256);
      if (existing) return { row: existing, reused: true };
    }
    if (inspection.thumbnail) await writeFile(tmpThumb, inspection.thumbnail, { flag: 'wx' });

    const id = newId();
    const now = new Date();
    const finalFile = storage.filePath(id);
    const finalThumb = storage.thumbnailPath(id);
    let moved = false;
    try {
      // Row and file appear together: the move happens inside the transaction, and a failed
      // commit removes the moved file.
      const row = await db.transaction(async (tx) => {
        const inserted = await insertFile(tx, {
          id,
          name,
          size,
          type: inspection.type,
          mimeType: inspection.mimeType,
          hasThumbnail: Boolean(inspection.thumbnail),
          at: now,
          sha256,
        });
        await recordActivity(tx, 'file.uploaded', options.activity ?? `File "${name}" uploaded`, now, options.actor);
        moved = true;
        if (inspection.thumbnail) await rename(tmpThumb, finalThumb);
        await rename(tmpFile, finalFile);
        return inserted;
      });
      return { row, reused: false };
    } catch (error) {
      // Unless the connection was lost during COMMIT: the row may exist, so its bytes stay (if it
      // does not, the start-up sweep removes them as orphans).
      const mayBeCommitted = error instanceof DatabaseUnavailableError && error.commitUnknown;
      if (moved && !mayBeCommitted) {
        await Promise.all([rm(finalFile, { force: true }), rm(finalThumb, { force: true })]).catch(() => {});
      }
      throw error;
    }
  } finally {
    await Promise.all([rm(tmpFile, { force: true }), rm(tmpThumb, { force: true })]).catch(() => {});
  }
}
