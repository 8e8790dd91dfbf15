/**
 * The articles' trash: an article moved there (DELETE /articles/:id: no confirmation, the trash
 * is the undo), brought back under its slug or another (POST /articles/:id/restore), deleted
 * for good (DELETE /articles/:id/forever), and emptied of what has been there longer than
 * TRASH_RETENTION_DAYS (the hourly sweep).
 */
import { serverMessages, TRASH_RETENTION_DAYS, type Article } from '../../../src/contract/index.ts';
import { apiError } from '../../errors.ts';
import { articleExists, getTrashedArticle, isSlugTaken, purgeArticle, purgeTrashBefore, restoreArticle, trashArticle } from '../../repositories/articles.ts';
import { toArticle } from '../../repositories/articleRows.ts';
import { writeArticles, type ArticleWriteContext } from '../commit.ts';
import { articleLabel, assertValidSlug, freeSlug, nextUpdatedAt } from '../rules.ts';
import { articleNotFound } from './create.ts';

/** DELETE /articles/:id: the article to the trash. */
export async function moveToTrash(ctx: ArticleWriteContext, actor: string, id: string): Promise<void> {
  await writeArticles(ctx, async (writer) => {
    const at = new Date();
    const row = await trashArticle(writer.tx, id, at);
    if (!row) throw articleNotFound();
    // The one change the update made: out of the trash before (and the version before it).
    const before = { ...row, deleted_at: null, version: Number(row.version) - 1 };
    await writer.commit(before, row, {
      actor,
      at,
      revision: 'trash',
      activity: { kind: 'article.deleted', message: `Article ${articleLabel(row)} deleted` },
      event: 'article.deleted',
    });
  });
}

/** POST /articles/:id/restore: out of the trash under `chosen` (or its slug); 409 with a free slug when it is taken. */
export async function restoreFromTrash(ctx: ArticleWriteContext, actor: string, id: string, chosen: string | undefined): Promise<Article> {
  if (chosen !== undefined) assertValidSlug(chosen);
  const row = await writeArticles(ctx, async (writer) => {
    const current = await getTrashedArticle(writer.tx, id);
    if (!current) throw articleNotFound();
    const slug = chosen ?? current.slug;
    if (slug !== null && (await isSlugTaken(writer.tx, slug, current.id))) {
      throw apiError('restore_slug_taken', { extra: { suggestion: await freeSlug(writer.tx, slug, current.id) } });
    }
    const at = nextUpdatedAt(current.updated_at);
    const restored = await restoreArticle(writer.tx, current.id, slug, at);
    const as = slug !== current.slug ? ` as "${slug}"` : '';
    await writer.commit(current, restored, {
      actor,
      at,
      revision: 'untrash',
      activity: { kind: 'article.restored', message: `Article ${articleLabel(current)} restored from the trash${as}` },
      event: 'article.restored',
    });
    return restored;
  });
  return toArticle(row);
}

/** DELETE /articles/:id/forever: an article of the trash deleted for good (its history with it). */
export async function purgeFromTrash(ctx: ArticleWriteContext, actor: string, id: string): Promise<void> {
  await writeArticles(ctx, async (writer) => {
    const row = await purgeArticle(writer.tx, id);
    if (!row) throw (await articleExists(writer.tx, id)) ? apiError('not_in_trash', serverMessages.notInTrash) : articleNotFound();
    await writer.log('article.purged', `Article ${articleLabel(row)} deleted for good`, new Date(), actor);
  });
}

/** How many articles one pass of the trash sweep deletes for good (in one transaction). */
const PURGE_BATCH = 500;

/**
 * Deletes for good the articles that went to the trash more than TRASH_RETENTION_DAYS ago
 * (each with an activity entry), in batches. Safe to run in several processes at once (rows
 * locked by another sweep are skipped). Resolves to how many were deleted.
 */
export async function sweepTrash(ctx: ArticleWriteContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let purged = 0;
  for (;;) {
    const batch = await writeArticles(ctx, async (writer) => {
      const rows = await purgeTrashBefore(writer.tx, before, PURGE_BATCH);
      for (const row of rows) await writer.log('article.purged', `Article ${articleLabel(row)} deleted for good from the trash`, now, null);
      return rows;
    });
    purged += batch.length;
    if (batch.length < PURGE_BATCH) return purged;
  }
}
