/** What the console reads of the file library: the list, the latest files, the trash, one file's row. */
import type { FileListResult, FileTypeFilter } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { findFileById, latestFiles, listFiles as listFileRows, toFile } from '../repositories/files.ts';
import { folderFilter } from './folders.ts';
import { FileStorage } from './storage.ts';

export { listFileTrash } from '../repositories/files.ts';

/** GET /files: a page of the library, or of one folder (`root`: the files in none; 404 for an unknown folder). */
export async function listFiles(
  ctx: { db: Queryable },
  query: { type: FileTypeFilter; search?: string; page: number; limit: number; folder?: string },
): Promise<FileListResult> {
  return listFileRows(ctx.db, { ...query, folder: await folderFilter(ctx, query.folder) });
}

/** GET /files/latest: the newest files, newest first. */
export async function readLatestFiles(ctx: { db: Queryable }, count: number) {
  return { data: (await latestFiles(ctx.db, count)).map(toFile) };
}

/** A file out of the trash by its id (undefined for an id that cannot be one). */
export const findFile = (ctx: { db: Queryable }, id: string) => (FileStorage.isFileId(id) ? findFileById(ctx.db, id) : undefined);

/** A file out of the trash, unless the id is unknown (for a refusal before an upload's body is read). */
export const fileExists = async (ctx: { db: Queryable }, id: string) => (await findFile(ctx, id)) !== undefined;
