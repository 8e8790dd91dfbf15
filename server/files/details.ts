/**
 * What a file says about itself (PATCH /api/files/:id): alt text, caption, credit and focal
 * point, and the folder it is in, written with activity entries in one transaction. A focal point moved drops the crops
 * made around the old one (they would never be asked for again: ./derivatives.ts names crops by
 * their focal point).
 */
import type { FileUpdate, StoredFile } from '../../src/contract/index.ts';
import type { Database } from '../db/database.ts';
import { findFileById, toFile, updateFileDetails } from '../repositories/files.ts';
import { commitFileChange } from './commit.ts';
import { putFilesInFolder } from './folders.ts';
import type { FileStorage } from './storage.ts';
import { fileNotFound } from './trash.ts';

const FIELD_NAMES: Record<Exclude<keyof FileUpdate, 'folderId'>, string> = { alt: 'alt text', caption: 'caption', credit: 'credit', focalPoint: 'focal point' };

export async function updateFile(
  ctx: { db: Database; storage: FileStorage },
  actor: string | null,
  id: string,
  details: FileUpdate,
  onLeftover?: (error: unknown) => void,
): Promise<StoredFile> {
  const { folderId, ...described } = details;
  const keys = Object.keys(described) as (keyof typeof FIELD_NAMES)[];
  const row = await ctx.db.transaction(async (tx) => {
    const at = new Date();
    const updated = keys.length ? await updateFileDetails(tx, id, described) : await findFileById(tx, id);
    if (!updated) throw fileNotFound();
    if (keys.length) {
      const fields = keys.map((key) => FIELD_NAMES[key]).join(', ');
      await commitFileChange(tx, { actor, at, entries: [{ kind: 'file.details', message: `File "${updated.name}": ${fields} saved` }] });
    }
    if (folderId === undefined) return updated;
    // Put in a folder (or in none), with its own activity entry.
    await putFilesInFolder(tx, actor, [id], folderId, at);
    return (await findFileById(tx, id))!;
  });
  if (details.focalPoint !== undefined) await ctx.storage.removeDerivatives(id).catch((error: unknown) => onLeftover?.(error));
  return toFile(row);
}
