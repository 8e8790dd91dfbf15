/**
 * The SQL of files' earlier versions (server/files/versions.ts has the rules): a replaced file's
 * previous bytes described as they were, numbered per file, their bytes under versions/<id>.
 */
import type { Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';

export interface FileVersionRow {
  file_id: string;
  number: number;
  id: string;
  name: string;
  size: number | string;
  type: 'image' | 'pdf' | 'other';
  mime_type: string;
  sha256: string | null;
  uploaded_iso: string;
  replaced_iso: string;
  replaced_by: string | null;
}

const VERSION_COLUMNS = `file_id, number, id, name, size, type, mime_type, sha256, ${isoText('uploaded_at')} AS uploaded_iso,
  ${isoText('replaced_at')} AS replaced_iso, replaced_by`;

/**
 * Describes the file's current bytes as its next version (`id`: where their copy goes), unless
 * they are `nextSha256` already (a replacement by the same bytes keeps no version). The caller
 * holds the file's row lock. Answers the version's number, or undefined when none was kept.
 */
export async function insertFileVersion(
  tx: Queryable,
  fileId: string,
  version: { id: string; nextSha256: string; at: Date; actor: string | null },
): Promise<number | undefined> {
  const { rows } = await tx.query<{ number: number }>(
    `INSERT INTO file_versions (file_id, number, id, name, size, type, mime_type, sha256, uploaded_at, replaced_at, replaced_by)
     SELECT f.id, coalesce((SELECT max(number) FROM file_versions WHERE file_id = f.id), 0) + 1, $2, f.name, f.size, f.type,
            f.mime_type, f.sha256, f.last_modified, $4, $5
       FROM files f WHERE f.id = $1 AND f.sha256 IS DISTINCT FROM $3
     RETURNING number`,
    [fileId, version.id, version.nextSha256, version.at, version.actor],
  );
  return rows[0]?.number;
}

/** The file's versions, newest first. */
export async function selectFileVersions(db: Queryable, fileId: string): Promise<FileVersionRow[]> {
  const { rows } = await db.query<FileVersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM file_versions WHERE file_id = $1 ORDER BY number DESC`,
    [fileId],
  );
  return rows;
}

export async function selectFileVersion(db: Queryable, fileId: string, number: number): Promise<FileVersionRow | undefined> {
  const { rows } = await db.query<FileVersionRow>(`SELECT ${VERSION_COLUMNS} FROM file_versions WHERE file_id = $1 AND number = $2`, [
    fileId,
    number,
  ]);
  return rows[0];
}

/** The version ids (their objects' names) of the files `fileIds`: what goes with them when they are purged. */
export async function fileVersionIds(tx: Queryable, fileIds: readonly string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM file_versions WHERE file_id = ANY($1::text[])', [fileIds]);
  return rows.map((row) => row.id);
}

/** Which of these version ids have a row. */
export async function knownVersionIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM file_versions WHERE id = ANY($1::text[])', [ids]);
  return new Set(rows.map((row) => row.id));
}

/** What retention needs of every version of a file. */
export async function selectFileVersionAges(
  db: Queryable,
  fileId: string,
): Promise<{ number: number; replaced_at: Date }[]> {
  const { rows } = await db.query<{ number: number; replaced_at: Date }>(
    'SELECT number, replaced_at FROM file_versions WHERE file_id = $1 ORDER BY number',
    [fileId],
  );
  return rows;
}

/** Deletes the file's versions `numbers`; answers their ids (their objects go next). */
export async function deleteFileVersions(tx: Queryable, fileId: string, numbers: readonly number[]): Promise<string[]> {
  if (numbers.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    'DELETE FROM file_versions WHERE file_id = $1 AND number = ANY($2::int[]) RETURNING id',
    [fileId, numbers],
  );
  return rows.map((row) => row.id);
}

/** How many versions the file has. */
export async function countFileVersions(db: Queryable, fileId: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM file_versions WHERE file_id = $1', [fileId]);
  return Number(rows[0]?.n ?? 0);
}

/** Files with a version replaced in [from, until) or [dailyFrom, dailyUntil): up to `limit` after `afterId`. */
export async function filesWithAgingVersions(
  db: Queryable,
  window: { from: Date; until: Date; dailyFrom: Date; dailyUntil: Date },
  afterId: string,
  limit: number,
): Promise<string[]> {
  const { rows } = await db.query<{ file_id: string }>(
    `SELECT DISTINCT file_id FROM file_versions
      WHERE ((replaced_at >= $1 AND replaced_at < $2) OR (replaced_at >= $3 AND replaced_at < $4)) AND file_id > $5
      ORDER BY file_id LIMIT $6`,
    [window.from, window.until, window.dailyFrom, window.dailyUntil, afterId, limit],
  );
  return rows.map((row) => row.file_id);
}

/** Locks the files of `ids` (in the trash or not) until the caller's transaction ends; answers those that exist. */
export async function lockFilesForVersions(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM files WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE', [ids]);
  return rows.map((row) => row.id);
}
