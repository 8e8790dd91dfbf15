/**
 * The folders table's SQL (migration 29): folders with what they hold, a folder's path from the
 * top and the height of what it holds, and the files moved between folders.
 */
import type { Folder } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';

export interface FolderRow {
  id: string;
  name: string;
  parent_id: string | null;
  created_at: Date;
  file_count: number | string;
  folder_count: number | string;
}

/** What a folder holds directly: its files out of the trash, and its folders. */
const COUNTS = `(SELECT count(*) FROM files WHERE files.folder_id = f.id AND files.deleted_at IS NULL) AS file_count,
  (SELECT count(*) FROM folders c WHERE c.parent_id = f.id) AS folder_count`;

export function toFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    fileCount: Number(row.file_count),
    folderCount: Number(row.folder_count),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Every folder, by name (then id). */
export async function listFolders(db: Queryable): Promise<FolderRow[]> {
  const { rows } = await db.query<FolderRow>(`SELECT f.id, f.name, f.parent_id, f.created_at, ${COUNTS} FROM folders f ORDER BY lower(f.name), f.id`);
  return rows;
}

/** One folder with what it holds; with `lock`, locked until the caller's transaction ends. */
export async function findFolder(db: Queryable, id: string, lock = false): Promise<FolderRow | undefined> {
  if (lock) await db.query('SELECT id FROM folders WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<FolderRow>(`SELECT f.id, f.name, f.parent_id, f.created_at, ${COUNTS} FROM folders f WHERE f.id = $1`, [id]);
  return rows[0];
}

/** A folder's path from the top of the library down to it (empty for an unknown id). */
export async function folderPath(db: Queryable, id: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string; depth: number }>(
    `WITH RECURSIVE up(id, name, parent_id, depth) AS (
       SELECT id, name, parent_id, 1 FROM folders WHERE id = $1
       UNION ALL
       SELECT p.id, p.name, p.parent_id, up.depth + 1 FROM folders p JOIN up ON p.id = up.parent_id WHERE up.depth < 1000
     )
     SELECT id, name, depth FROM up ORDER BY depth DESC`,
    [id],
  );
  return rows.map(({ id: folderId, name }) => ({ id: folderId, name }));
}

/** How many levels a folder and what it holds take: 1 for a folder that holds no folder. */
export async function folderHeight(db: Queryable, id: string): Promise<number> {
  const { rows } = await db.query<{ height: number }>(
    `WITH RECURSIVE down(id, level) AS (
       SELECT id, 1 FROM folders WHERE id = $1
       UNION ALL
       SELECT c.id, down.level + 1 FROM folders c JOIN down ON c.parent_id = down.id WHERE down.level < 1000
     )
     SELECT max(level) AS height FROM down`,
    [id],
  );
  return Number(rows[0]?.height ?? 0);
}

export async function folderExists(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM folders WHERE id = $1', [id]);
  return rows.length > 0;
}

export async function countFolders(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM folders');
  return Number(rows[0]!.n);
}

/** The folder of this name (any case) directly in `parentId` (null: at the top), if any. */
export async function folderNamed(db: Queryable, parentId: string | null, name: string): Promise<{ id: string; name: string } | undefined> {
  const { rows } = await db.query<{ id: string; name: string }>(
    "SELECT id, name FROM folders WHERE coalesce(parent_id, '') = coalesce($1, '') AND lower(name) = lower($2)",
    [parentId, name],
  );
  return rows[0];
}

export async function insertFolder(tx: Queryable, folder: { id: string; name: string; parentId: string | null; at: Date }): Promise<void> {
  await tx.query('INSERT INTO folders (id, name, parent_id, created_at) VALUES ($1, $2, $3, $4)', [folder.id, folder.name, folder.parentId, folder.at]);
}

export async function updateFolderRow(tx: Queryable, id: string, change: { name?: string; parentId?: string | null }): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  if (change.name !== undefined) sets.push(`name = $${values.push(change.name)}`);
  if (change.parentId !== undefined) sets.push(`parent_id = $${values.push(change.parentId)}`);
  if (sets.length) await tx.query(`UPDATE folders SET ${sets.join(', ')} WHERE id = $1`, values);
}

/** The names of the folders directly in `id` that a folder directly in `target` already has (any case). */
export async function clashingChildNames(db: Queryable, id: string, target: string | null): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.name FROM folders c WHERE c.parent_id = $1
        AND EXISTS (SELECT 1 FROM folders t WHERE coalesce(t.parent_id, '') = coalesce($2, '') AND lower(t.name) = lower(c.name) AND t.id <> $1)
      ORDER BY lower(c.name)`,
    [id, target],
  );
  return rows.map((row) => row.name);
}

/**
 * Deletes a folder, its files (in the trash or not) and folders moved first to `target` (null:
 * the top of the library).
 */
export async function deleteFolderMovingContents(tx: Queryable, id: string, target: string | null): Promise<void> {
  await tx.query('UPDATE files SET folder_id = $2 WHERE folder_id = $1', [id, target]);
  await tx.query('UPDATE folders SET parent_id = $2 WHERE parent_id = $1', [id, target]);
  await tx.query('DELETE FROM folders WHERE id = $1', [id]);
}

/** Puts the files of `ids` that are out of the trash in `folderId` (null: in none); answers those moved, with their names. */
export async function moveFilesToFolder(tx: Queryable, ids: readonly string[], folderId: string | null): Promise<{ id: string; name: string }[]> {
  if (!ids.length) return [];
  const { rows } = await tx.query<{ id: string; name: string }>(
    `UPDATE files SET folder_id = $2 WHERE id = ANY($1::text[]) AND deleted_at IS NULL AND folder_id IS DISTINCT FROM $2 RETURNING id, name`,
    [ids, folderId],
  );
  return rows;
}
