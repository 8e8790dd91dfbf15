/**
 * An article's history (registered under /articles): its revisions read, one pinned or named,
 * and one restored (as a new revision, so the current content stays in the history).
 */
import type { Article, RevisionPatch } from '../../../src/contract/index.ts';
import type { Queryable } from '../../db/database.ts';
import { apiError } from '../../errors.ts';
import { getRevision, listRevisions, pruneRevisions, revisionContent, revisionNotFound, toRevisionSummary } from '../../history/operations.ts';
import type { RetentionPolicy } from '../../history/operations.ts';
import { CONTENT_COLUMNS, toArticle } from '../../repositories/articleRows.ts';
import { getArticle, isSlugTaken, updateContent } from '../../repositories/articles.ts';
import { selectRevision, updateRevisionLabel } from '../../repositories/revisions.ts';
import { writeArticles, type ArticleWriteContext } from '../commit.ts';
import { articleLabel, isStale, nextUpdatedAt } from '../rules.ts';
import { articleNotFound } from './create.ts';

/** 404 unless the article is there (out of the trash). */
async function assertArticle(db: Queryable, id: string) {
  if (!(await getArticle(db, id))) throw articleNotFound();
}

/** GET /articles/:id/revisions: a page of its history, newest first. */
export async function articleRevisions(ctx: { db: Queryable }, id: string, query: { limit: number; cursor?: string }) {
  await assertArticle(ctx.db, id);
  return listRevisions(ctx.db, id, query);
}

/** GET /articles/:id/revisions/:rev: one revision with its snapshot. */
export async function articleRevision(ctx: { db: Queryable }, id: string, rev: number) {
  await assertArticle(ctx.db, id);
  return getRevision(ctx.db, id, rev);
}

/** PATCH /articles/:id/revisions/:rev: pinned or unpinned, named or unnamed. */
export async function labelRevision(ctx: { db: ArticleWriteContext['db']; retention: RetentionPolicy }, id: string, rev: number, patch: RevisionPatch) {
  const { pinned, name } = patch;
  return ctx.db.transaction(async (tx) => {
    if (!(await getArticle(tx, id, true))) throw articleNotFound();
    const found = await selectRevision(tx, id, rev);
    if (!found) throw revisionNotFound();
    const updated = (await updateRevisionLabel(tx, id, rev, { pinned, name: name === undefined ? undefined : name || null }))!;
    // Unpinned: it may be one the policy no longer keeps (the answer still shows it as it was labelled).
    if (pinned === false) await pruneRevisions(tx, id, ctx.retention, new Date());
    return toRevisionSummary(id, updated, Number(found.latest));
  });
}

/**
 * POST /articles/:id/revisions/:rev/restore: the revision's content written back as a new
 * revision; refused for a published article, a stale If-Match, or a slug taken since.
 */
export async function restoreRevision(ctx: ArticleWriteContext, actor: string, id: string, rev: number, ifMatch: string | undefined): Promise<Article> {
  const row = await writeArticles(ctx, async (writer) => {
    const current = await getArticle(writer.tx, id, true);
    if (!current) throw articleNotFound();
    const revision = await selectRevision(writer.tx, id, rev);
    if (!revision) throw revisionNotFound();
    if (current.status === 'published') throw apiError('article_published');
    if (isStale(ifMatch, current.updated_at)) throw apiError('stale_article');
    const content = await revisionContent(writer.tx, id, revision);
    if (CONTENT_COLUMNS.every((column) => content[column] === (current[column] ?? null))) {
      writer.recheck(current.id);
      return current;
    }
    if (content.slug !== null && content.slug !== current.slug && (await isSlugTaken(writer.tx, content.slug, id))) throw apiError('slug_taken');
    const at = nextUpdatedAt(current.updated_at);
    const restored = await updateContent(writer.tx, id, content, at);
    await writer.commit(current, restored, {
      actor,
      at,
      revision: 'restore',
      restoredFrom: rev,
      activity: { kind: 'article.html', message: `Article ${articleLabel(current)} restored to revision ${rev}` },
      event: 'article.updated',
      checks: true,
    });
    return restored;
  });
  return toArticle(row);
}
