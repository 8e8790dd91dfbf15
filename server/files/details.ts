/**
 * What a file says about itself (PATCH /api/files/:id): alt text, caption, credit and focal
 * point, written with an activity entry in one transaction. A focal point moved drops the crops
 * made around the old one (they would never be asked for again: ./derivatives.ts names crops by
 * their focal point).
 */
import type { FileUpdate, StoredFile } from '../../src/contract/index.ts';
import type { Database } from '../db/database.ts';
import { toFile, updateFileDetails } from '../repositories/files.ts';
import { commitFileChange } from './commit.ts';
import type { FileStorage } from './storage.ts';
import { fileNotFound } from './trash.ts';

const FIELD_NAMES: Record<keyof FileUpdate, string> = { alt: 'alt text', caption: 'caption', credit: 'credit', focalPoint: 'focal point' };

export async function updateFile(
  ctx: { db: Database; storage: FileStorage },
  actor: string | null,
  id: string,
  details: FileUpdate,
  onLeftover?: (error: unknown) => void,
): Promise<StoredFile> {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateFileDetails(tx, id, details);
    if (!updated) throw fileNotFound();
    const fields = (Object.keys(details) as (keyof FileUpdate)[]).map((key) => FIELD_NAMES[key]).join(', ');
    await commitFileChange(tx, { actor, at: new Date(), entries: [{ kind: 'file.details', message: `File "${updated.name}": ${fields} saved` }] });
    return updated;
  });
  if (details.focalPoint !== undefined) await ctx.storage.removeDerivatives(id).catch((error: unknown) => onLeftover?.(error));
  return toFile(row);
}
