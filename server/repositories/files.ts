/**
 * The files table's SQL: rows ↔ the contract's StoredFile, pages with totals, the trash (rows
 * with `deleted_at`, migration 10), replacing a file's bytes, the sweeps' lookups.
 */
import type { FileListResult, FileTrashResult, FileTypeFilter, StoredFile } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { escapeLike, isoText, SEARCH_COUNT_CAP } from '../db/sql.ts';

/** Files out of the trash: what the list, the summary, the latest files and the stored URLs see. */
const LIVE = 'deleted_at IS NULL';

export interface FileRow {
  id: string;
  name: string;
  size: number | string;
  type: 'image' | 'pdf' | 'other';
  mime_type: string;
  has_thumbnail: boolean;
  uploaded_at: Date;
  last_modified: Date;
  alt: string;
  caption: string;
  credit: string;
  focal_x: number | null;
  focal_y: number | null;
  width: number | null;
  height: number | null;
  folder_id: string | null;
}

export const FILE_COLUMNS =
  'id, name, size, type, mime_type, has_thumbnail, uploaded_at, last_modified, alt, caption, credit, focal_x, focal_y, width, height, folder_id';

/** Where a stored file is read; a published article's images point here. */
export const fileContentUrl = (id: string) => `/api/files/${id}/content`;

export function toFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    type: row.type,
    mimeType: row.mime_type,
    url: fileContentUrl(row.id),
    ...(row.has_thumbnail ? { thumbnailUrl: `/api/files/${row.id}/thumbnail` } : {}),
    uploadedAt: new Date(row.uploaded_at).toISOString(),
    lastModified: new Date(row.last_modified).toISOString(),
    alt: row.alt,
    caption: row.caption,
    credit: row.credit,
    focalPoint: row.focal_x === null || row.focal_y === null ? null : { x: Number(row.focal_x), y: Number(row.focal_y) },
    width: row.width,
    height: row.height,
    folderId: row.folder_id,
  };
}

/** A file out of the trash. */
export async function findFileById(db: Queryable, id: string): Promise<FileRow | undefined> {
  const { rows } = await db.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE id = $1 AND ${LIVE}`, [id]);
  return rows[0];
}

/** A file row with where it is: `deleted_at` is null out of the trash. */
export type FileRowWithTrash = FileRow & { deleted_at: Date | null };

/**
 * A file in the trash or out of it; with `lock`, locked until the caller's transaction ends
 * (a replacement, which must see the row as it commits).
 */
export async function findAnyFile(db: Queryable, id: string, lock = false): Promise<FileRowWithTrash | undefined> {
  const { rows } = await db.query<FileRowWithTrash>(
    `SELECT ${FILE_COLUMNS}, deleted_at FROM files WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/**
 * The file with these bytes, if any: one out of the trash first, else one in it (each the
 * oldest). Files stored before the hash existed have none and are never found.
 */
export async function findFileBySha256(db: Queryable, sha256: string): Promise<FileRowWithTrash | undefined> {
  const { rows } = await db.query<FileRowWithTrash>(
    `SELECT ${FILE_COLUMNS}, deleted_at FROM files WHERE sha256 = $1
      ORDER BY (deleted_at IS NOT NULL), uploaded_at, id LIMIT 1`,
    [sha256],
  );
  return rows[0];
}

/** The other file (not `exceptId`) with these bytes, out of the trash first, if any. */
export async function findOtherFileBySha256(
  db: Queryable,
  sha256: string,
  exceptId: string,
): Promise<FileRowWithTrash | undefined> {
  const { rows } = await db.query<FileRowWithTrash>(
    `SELECT ${FILE_COLUMNS}, deleted_at FROM files WHERE sha256 = $1 AND id <> $2
      ORDER BY (deleted_at IS NOT NULL), uploaded_at, id LIMIT 1`,
    [sha256, exceptId],
  );
  return rows[0];
}

/** The advisory lock class of "these bytes are being stored" (pg_advisory_xact_lock(class, key)). */
const SHA_LOCK_CLASS = 72_736_110;

/**
 * Holds, until the caller's transaction ends, the right to store these bytes: two uploads of the
 * same bytes at once are answered one after the other, so the second finds the first's row.
 */
export async function lockSha256(tx: Queryable, sha256: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SHA_LOCK_CLASS, sha256]);
}

/**
 * A page of files (newest first) of a type, a folder (null: in none) and a name search, with the
 * totals and the summary (of the whole library).
 */
export async function listFiles(
  db: Queryable,
  query: { type: FileTypeFilter; search?: string; page: number; limit: number; folder?: string | null },
): Promise<FileListResult> {
  const { type, search, page, limit, folder } = query;
  const offset = (page - 1) * limit;
  const where: string[] = [LIVE];
  const params: unknown[] = [];
  if (folder === null) where.push('folder_id IS NULL');
  else if (folder !== undefined) {
    params.push(folder);
    where.push(`folder_id = $${params.length}`);
  }
  if (type !== 'all') {
    params.push(type);
    where.push(`type = $${params.length}`);
  }
  const term = search?.trim();
  if (term) {
    params.push(`%${escapeLike(term.toLowerCase())}%`);
    where.push(`lower(name) LIKE $${params.length}`);
  }
  const whereSql = `WHERE ${where.join(' AND ')}`;
  // Totals by type come from the stats row. A name search counts its matches, but no further
  // than SEARCH_COUNT_CAP past this page's start: the total is exact up to there, else it
  // reads offset + SEARCH_COUNT_CAP + 1 ("more than"), which still lets a client page on
  // while page × limit < total, and a broad term costs no more than the page itself.
  // A folder's files are counted exactly (its index holds them apart).
  const cap = offset + SEARCH_COUNT_CAP + 1;
  const matchesSql = term
    ? `(SELECT count(*) FROM (SELECT 1 FROM files ${whereSql} LIMIT ${cap}) m)`
    : folder !== undefined
      ? `(SELECT count(*) FROM files ${whereSql})`
      : 'NULL';
  const totalsSql = `(SELECT files FROM file_stats WHERE id = 1) AS stat_files,
        (SELECT images FROM file_stats WHERE id = 1) AS stat_images,
        (SELECT pdfs FROM file_stats WHERE id = 1) AS stat_pdfs,
        (SELECT total_bytes FROM file_stats WHERE id = 1) AS stat_bytes,
        ${matchesSql} AS matches`;
  type Totals = Record<'stat_files' | 'stat_images' | 'stat_pdfs' | 'stat_bytes', number | string> & {
    matches: number | string | null;
  };
  // The totals ride along with the page: one statement, one round trip.
  const { rows } = await db.query<FileRow & Totals>(
    `SELECT ${FILE_COLUMNS}, ${totalsSql} FROM files ${whereSql} ORDER BY uploaded_at DESC, id DESC
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
    { prepare: !term }, // a name search's plan depends on its term
  );
  // An empty page has no row to carry the totals: ask for them alone.
  // Its SQL has placeholders only when it counts matches.
  const totals = rows[0] ?? (await db.query<Totals>(`SELECT ${totalsSql}`, matchesSql === 'NULL' ? [] : params)).rows[0]!;
  const images = Number(totals.stat_images);
  const pdfs = Number(totals.stat_pdfs);
  return {
    data: rows.map(toFile),
    total:
      totals.matches !== null ? Number(totals.matches) : { all: Number(totals.stat_files), image: images, pdf: pdfs }[type],
    page,
    limit,
    summary: { images, pdfs, totalBytes: Number(totals.stat_bytes) },
  };
}

/** The `count` newest files out of the trash. */
export async function latestFiles(db: Queryable, count: number): Promise<FileRow[]> {
  const { rows } = await db.query<FileRow>(
    `SELECT ${FILE_COLUMNS} FROM files WHERE ${LIVE} ORDER BY uploaded_at DESC, id DESC LIMIT $1`,
    [count],
  );
  return rows;
}

export interface NewFile {
  id: string;
  name: string;
  size: number;
  type: FileRow['type'];
  mimeType: string;
  hasThumbnail: boolean;
  /** Uploaded (and last modified) at. */
  at: Date;
  sha256: string;
  /** A raster image's size in pixels (as shown); null otherwise. */
  pixels: { width: number; height: number } | null;
  /** The folder it goes in (null or absent: in none). */
  folderId?: string | null;
}

export async function insertFile(tx: Queryable, file: NewFile): Promise<FileRow> {
  const { rows } = await tx.query<FileRow>(
    `INSERT INTO files (id, name, stored_name, size, type, mime_type, has_thumbnail, uploaded_at, last_modified, sha256, width, height, folder_id)
           VALUES ($1, $2, $1, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11) RETURNING ${FILE_COLUMNS}`,
    [file.id, file.name, file.size, file.type, file.mimeType, file.hasThumbnail, file.at, file.sha256, file.pixels?.width ?? null, file.pixels?.height ?? null,
      file.folderId ?? null],
  );
  return rows[0]!;
}

/** What a replacement changes: everything that follows the bytes. */
export interface ReplacedContent {
  name: string;
  size: number;
  type: FileRow['type'];
  mimeType: string;
  hasThumbnail: boolean;
  sha256: string;
  /** Last modified at (uploaded_at stays: the file keeps its place in the list). */
  at: Date;
  pixels: { width: number; height: number } | null;
}

/** Writes a file's new bytes' description (the caller locked the row). */
export async function replaceFileContent(tx: Queryable, id: string, content: ReplacedContent): Promise<FileRow> {
  const { rows } = await tx.query<FileRow>(
    `UPDATE files SET name = $2, size = $3, type = $4, mime_type = $5, has_thumbnail = $6, sha256 = $7, last_modified = $8,
            width = $9, height = $10
      WHERE id = $1 RETURNING ${FILE_COLUMNS}`,
    [id, content.name, content.size, content.type, content.mimeType, content.hasThumbnail, content.sha256, content.at,
      content.pixels?.width ?? null, content.pixels?.height ?? null],
  );
  return rows[0]!;
}

/** What PATCH /files/:id may change: only the fields given. */
export interface FileDetails {
  alt?: string;
  caption?: string;
  credit?: string;
  focalPoint?: { x: number; y: number } | null;
  /** The folder it goes in (null: in none). */
  folderId?: string | null;
}

/** Writes a file's details (out of the trash); undefined when there is no such file. */
export async function updateFileDetails(tx: Queryable, id: string, details: FileDetails): Promise<FileRow | undefined> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (details.alt !== undefined) set('alt', details.alt);
  if (details.caption !== undefined) set('caption', details.caption);
  if (details.credit !== undefined) set('credit', details.credit);
  if (details.focalPoint !== undefined) {
    set('focal_x', details.focalPoint?.x ?? null);
    set('focal_y', details.focalPoint?.y ?? null);
  }
  if (details.folderId !== undefined) set('folder_id', details.folderId);
  const { rows } = await tx.query<FileRow>(
    `UPDATE files SET ${sets.join(', ')} WHERE id = $1 AND ${LIVE} RETURNING ${FILE_COLUMNS}`,
    values,
  );
  return rows[0];
}

/** Moves a file to the trash at `now`; undefined when there is no such file out of it. */
export async function trashFile(tx: Queryable, id: string, now: Date): Promise<FileRow | undefined> {
  const { rows } = await tx.query<FileRow>(
    `UPDATE files SET deleted_at = $2 WHERE id = $1 AND ${LIVE} RETURNING ${FILE_COLUMNS}`,
    [id, now],
  );
  return rows[0];
}

/** Takes a file out of the trash; undefined when it is not in the trash. */
export async function restoreFile(tx: Queryable, id: string): Promise<FileRow | undefined> {
  const { rows } = await tx.query<FileRow>(
    `UPDATE files SET deleted_at = NULL WHERE id = $1 AND deleted_at IS NOT NULL RETURNING ${FILE_COLUMNS}`,
    [id],
  );
  return rows[0];
}

/** Deletes the row of a file in the trash for good; undefined when it is not in the trash. */
export async function purgeFile(tx: Queryable, id: string): Promise<FileRow | undefined> {
  const { rows } = await tx.query<FileRow>(
    `DELETE FROM files WHERE id = $1 AND deleted_at IS NOT NULL RETURNING ${FILE_COLUMNS}`,
    [id],
  );
  return rows[0];
}

/** The files of `ids` (in the trash or not), locked in id order until the transaction ends. */
export async function lockFiles(tx: Queryable, ids: readonly string[]): Promise<FileRowWithTrash[]> {
  const { rows } = await tx.query<FileRowWithTrash>(
    `SELECT ${FILE_COLUMNS}, deleted_at FROM files WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  return rows;
}

/** Moves `ids` (locked by the caller, out of the trash) to the trash at `now`. */
export async function trashFiles(tx: Queryable, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length) await tx.query(`UPDATE files SET deleted_at = $2 WHERE id = ANY($1::text[]) AND ${LIVE}`, [ids, now]);
}

/** Takes `ids` (locked by the caller) out of the trash. */
export async function restoreFiles(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length) await tx.query('UPDATE files SET deleted_at = NULL WHERE id = ANY($1::text[]) AND deleted_at IS NOT NULL', [ids]);
}

/** Deletes for good the rows of `ids` that are in the trash. */
export async function purgeFiles(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length) await tx.query('DELETE FROM files WHERE id = ANY($1::text[]) AND deleted_at IS NOT NULL', [ids]);
}

/**
 * Deletes for good, oldest first, at most `max` files that went to the trash before `before`;
 * answers them and the ids of their earlier versions (deleted with them; their bytes go next).
 */
export async function purgeFileTrashBefore(
  tx: Queryable,
  before: Date,
  max: number,
): Promise<{ rows: FileRow[]; versionIds: string[] }> {
  const { rows: locked } = await tx.query<{ id: string }>(
    'SELECT id FROM files WHERE deleted_at < $1 ORDER BY deleted_at, id LIMIT $2 FOR UPDATE SKIP LOCKED',
    [before, max],
  );
  const ids = locked.map((row) => row.id);
  if (ids.length === 0) return { rows: [], versionIds: [] };
  const { rows: versions } = await tx.query<{ id: string }>('SELECT id FROM file_versions WHERE file_id = ANY($1::text[])', [ids]);
  const { rows } = await tx.query<FileRow>(`DELETE FROM files WHERE id = ANY($1::text[]) RETURNING ${FILE_COLUMNS}`, [ids]);
  return { rows, versionIds: versions.map((row) => row.id) };
}

/** A page of the trash, most recently deleted first, with how many files it holds. */
export async function listFileTrash(db: Queryable, query: { page: number; limit: number }): Promise<FileTrashResult> {
  const { page, limit } = query;
  type TrashRow = FileRow & { deleted_iso: string; total: number | string };
  const { rows } = await db.query<TrashRow>(
    `SELECT ${FILE_COLUMNS}, ${isoText('deleted_at')} AS deleted_iso,
        (SELECT count(*) FROM files WHERE deleted_at IS NOT NULL) AS total
      FROM files WHERE deleted_at IS NOT NULL ORDER BY deleted_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [limit, (page - 1) * limit],
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : Number((await db.query<{ n: number | string }>('SELECT count(*) AS n FROM files WHERE deleted_at IS NOT NULL')).rows[0]!.n);
  return { data: rows.map((row) => ({ ...toFile(row), deletedAt: row.deleted_iso })), total, page, limit };
}

/** Which of these ids have a row (in the trash or not: a trashed file keeps its bytes). */
export async function knownFileIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM files WHERE id = ANY($1::text[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** The sizes in pixels of the raster images of the library (out of the trash) among `ids`. */
export async function rasterImageSizes(db: Queryable, ids: readonly string[]): Promise<Map<string, { width: number; height: number }>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ id: string; width: number; height: number }>(
    `SELECT id, width, height FROM files
      WHERE id = ANY($1::text[]) AND ${LIVE} AND width IS NOT NULL AND mime_type IN ('image/jpeg', 'image/png', 'image/gif')`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { width: row.width, height: row.height }]));
}

/** The alt text of the library's images (out of the trash) among `ids` that have one. */
export async function imageAlts(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ id: string; alt: string }>(
    `SELECT id, alt FROM files WHERE id = ANY($1::text[]) AND ${LIVE} AND type = 'image' AND alt <> ''`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.alt]));
}
