/**
 * Where a file is used (GET /api/files/:id/usage): the articles whose blog HTML shows or links
 * to it, or whose social image it is, from the index the articles' commit step keeps
 * (server/repositories/fileUsage.ts).
 */
import { MAX_FILE_USAGE_LISTED, type FileUsage } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { findAnyFile } from '../repositories/files.ts';
import { usageOfFile } from '../repositories/fileUsage.ts';
import { FileStorage } from './storage.ts';
import { fileNotFound } from './trash.ts';

export async function fileUsageOf(ctx: { db: Queryable }, id: string): Promise<FileUsage> {
  if (!FileStorage.isFileId(id) || !(await findAnyFile(ctx.db, id))) throw fileNotFound();
  const { rows, total } = await usageOfFile(ctx.db, id, MAX_FILE_USAGE_LISTED);
  return {
    data: rows.map((row) => ({
      articleId: row.article_id,
      title: row.title,
      slug: row.slug,
      status: row.status,
      inTrash: row.in_trash,
      places: row.places,
    })),
    total,
  };
}
