/** The files table's SQL: rows ↔ the contract's StoredFile, pages with totals, the sweep's lookup. */
import type { FileListResult, FileTypeFilter, StoredFile } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { escapeLike, SEARCH_COUNT_CAP } from '../db/sql.ts';

export interface FileRow {
  id: string;
  name: string;
  size: number | string;
  type: 'image' | 'pdf' | 'other';
  mime_type: string;
  has_thumbnail: boolean;
  uploaded_at: Date;
  last_modified: Date;
}

export const FILE_COLUMNS = 'id, name, size, type, mime_type, has_thumbnail, uploaded_at, last_modified';

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
  };
}

export async function findFileById(db: Queryable, id: string): Promise<FileRow | undefined> {
  const { rows } = await db.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE id = $1`, [id]);
  return rows[0];
}

/** The oldest file with these bytes, if any. */
export async function findFileBySha256(db: Queryable, sha256: string): Promise<FileRow | undefined> {
  const { rows } = await db.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE sha256 = $1 ORDER BY uploaded_at LIMIT 1`, [
    sha256,
  ]);
  return rows[0];
}

/** A page of files (newest first) of a type and name search, with the totals and the summary. */
export async function listFiles(
  db: Queryable,
  query: { type: FileTypeFilter; search?: string; page: number; limit: number },
): Promise<FileListResult> {
  const { type, search, page, limit } = query;
  const offset = (page - 1) * limit;
  const where: string[] = [];
  const params: unknown[] = [];
  if (type !== 'all') {
    params.push(type);
    where.push(`type = $${params.length}`);
  }
  const term = search?.trim();
  if (term) {
    params.push(`%${escapeLike(term.toLowerCase())}%`);
    where.push(`lower(name) LIKE $${params.length}`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // Totals by type come from the stats row. A name search counts its matches, but no further
  // than SEARCH_COUNT_CAP past this page's start: the total is exact up to there, else it
  // reads offset + SEARCH_COUNT_CAP + 1 ("more than"), which still lets a client page on
  // while page × limit < total, and a broad term costs no more than the page itself.
  const cap = offset + SEARCH_COUNT_CAP + 1;
  const totalsSql = `(SELECT files FROM file_stats WHERE id = 1) AS stat_files,
        (SELECT images FROM file_stats WHERE id = 1) AS stat_images,
        (SELECT pdfs FROM file_stats WHERE id = 1) AS stat_pdfs,
        (SELECT total_bytes FROM file_stats WHERE id = 1) AS stat_bytes,
        ${term ? `(SELECT count(*) FROM (SELECT 1 FROM files ${whereSql} LIMIT ${cap}) m)` : 'NULL'} AS matches`;
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
  // Its SQL has placeholders only when it counts a name search's matches.
  const totals = rows[0] ?? (await db.query<Totals>(`SELECT ${totalsSql}`, term ? params : [])).rows[0]!;
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

/** The `count` newest files. */
export async function latestFiles(db: Queryable, count: number): Promise<FileRow[]> {
  const { rows } = await db.query<FileRow>(
    `SELECT ${FILE_COLUMNS} FROM files ORDER BY uploaded_at DESC, id DESC LIMIT $1`,
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
}

export async function insertFile(tx: Queryable, file: NewFile): Promise<FileRow> {
  const { rows } = await tx.query<FileRow>(
    `INSERT INTO files (id, name, stored_name, size, type, mime_type, has_thumbnail, uploaded_at, last_modified, sha256)
           VALUES ($1, $2, $1, $3, $4, $5, $6, $7, $7, $8) RETURNING ${FILE_COLUMNS}`,
    [file.id, file.name, file.size, file.type, file.mimeType, file.hasThumbnail, file.at, file.sha256],
  );
  return rows[0]!;
}

/** Deletes the file's row; answers it, or undefined when there was none. */
export async function deleteFile(tx: Queryable, id: string): Promise<FileRow | undefined> {
  const { rows } = await tx.query<FileRow>(`DELETE FROM files WHERE id = $1 RETURNING ${FILE_COLUMNS}`, [id]);
  return rows[0];
}

/** Which of these ids have a row. */
export async function knownFileIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM files WHERE id = ANY($1::text[])', [ids]);
  return new Set(rows.map((r) => r.id));
}
