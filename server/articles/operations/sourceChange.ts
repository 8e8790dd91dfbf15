/**
 * The writes of a source's change of an article (src/contract/sourceChange.ts; the page is
 * fetched again by server/sources/changes.ts): the change kept and the article flagged (with
 * its activity entry and `article.source_changed` event, once per new text), the change merged
 * into the blog HTML (three-way, src/contract/sourceMerge.ts: a new revision), set aside, or
 * let go when the source is back as imported.
 */
import { serverMessages, sourceChangeMessages, type Article, type MergeConflict, type Provenance, type SourceMerge } from '../../../src/contract/index.ts';
import type { Queryable } from '../../db/database.ts';
import { apiError } from '../../errors.ts';
import { recordActivity } from '../../repositories/activity.ts';
import { getArticle, updateScrapedText } from '../../repositories/articles.ts';
import { toArticle, type ArticleRow } from '../../repositories/articleRows.ts';
import { dismissText, dropChange, getChange, getWatch, putChange, textHash, watchArticle } from '../../repositories/sourceChanges.ts';
import { emitArticleEvents } from '../../webhooks/operations.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { writeArticles, type ArticleWriteContext } from '../commit.ts';
import { articleLabel, nextUpdatedAt } from '../rules.ts';
import { lockedDraft } from './edit.ts';

const articleNotFound = () => apiError('not_found', serverMessages.articleNotFound);

/** The merge's base: the blog HTML last imported, or (an article imported before it was kept) the current one. */
export async function sourceBaseOf(db: Queryable, article: ArticleRow): Promise<string> {
  return (await getWatch(db, article.id))?.base_html ?? article.blog_data ?? '';
}

/** The three-way merge (src/contract/sourceMerge.ts), in a worker: it grows with the square of the blocks (8,000 blocks: about 0.5 s). */
export function mergeInWorker(ctx: { workers: WorkerPool }, base: string, editor: string, source: string, take: ReadonlySet<number> = new Set()) {
  return ctx.workers.run(
    'mergeSource',
    { base, editor, source, take: [...take] },
    { timeoutMs: 10_000, tooSlow: () => apiError('page_too_slow'), tooBig: () => apiError('page_too_complex') },
  );
}

/** The source's change kept and the article flagged; told to the activity and the webhooks when its text is new. */
export async function recordSourceChange(
  ctx: ArticleWriteContext,
  actor: string | null,
  article: ArticleRow,
  change: { text: string; html: string; title: string | null; provenance: Provenance },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const at = new Date();
    if (!(await putChange(tx, article.id, change, at))) return;
    await recordActivity(tx, 'article.source_changed', `The source of ${articleLabel(article)} changed: the change waits for the editor`, at, actor);
    await emitArticleEvents(tx, 'article.source_changed', [article.id], at);
  });
}

/** The source is back as imported: a change kept is let go. */
export async function forgetSourceChange(ctx: ArticleWriteContext, id: string): Promise<void> {
  await ctx.db.transaction((tx) => dropChange(tx, id));
}

/**
 * POST /articles/:id/source-change/merge: the source's change merged into the blog HTML (the
 * conflicts in `take` from the source, the others the editor's), the raw text and provenance the
 * source's now; a new revision. Refused for a published article, or one changed since the editor
 * read it (If-Match), and for a conflict `take` names that the merge has not.
 */
export async function mergeSourceChangeInto(
  ctx: ArticleWriteContext & { workers: WorkerPool },
  actor: string,
  id: string,
  body: SourceMerge,
  ifMatch: string | undefined,
): Promise<{ data: Article; conflicts: MergeConflict[] }> {
  const take = new Set(body.take ?? []);
  return writeArticles(ctx, async (writer) => {
    const read = await lockedDraft(writer.tx, id, ifMatch);
    const current = read.row;
    const change = await getChange(writer.tx, id);
    if (!change) throw apiError('no_source_change');
    const merged = await mergeInWorker(ctx, await sourceBaseOf(writer.tx, current), current.blog_data ?? '', change.new_html, take);
    if ([...take].some((index) => index >= merged.conflicts.length)) throw apiError('validation_failed', sourceChangeMessages.takeUnknown);
    const at = nextUpdatedAt(current.updated_at);
    // The flag goes first: the row the update answers is the article as merged.
    await dropChange(writer.tx, id);
    const updated = await updateScrapedText(writer.tx, id, change.new_text, true, merged.html, current.title, at, change.provenance);
    await watchArticle(writer.tx, id, change.new_html, null);
    const kept = merged.conflicts.length - take.size;
    const keptNote = kept ? ` (${kept} conflict${kept === 1 ? '' : 's'} kept as the editor had ${kept === 1 ? 'it' : 'them'})` : '';
    await writer.commit(
      current,
      updated,
      {
        actor,
        at,
        revision: 'source_merge',
        activity: { kind: 'article.html', message: `The changes of the source of ${articleLabel(current)} merged${keptNote}` },
        event: 'article.updated',
        checks: true,
      },
      read,
    );
    return { data: toArticle(updated), conflicts: merged.conflicts.filter((conflict) => !take.has(conflict.index)) };
  });
}

/** POST /articles/:id/source-change/dismiss: the change set aside; the same text of the source is not flagged again. */
export async function dismissSourceChange(ctx: ArticleWriteContext, actor: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const article = await getArticle(tx, id, true);
    if (!article) throw articleNotFound();
    const change = await getChange(tx, id);
    if (!change) throw apiError('no_source_change');
    await dismissText(tx, id, textHash(change.new_text));
    await dropChange(tx, id);
    await recordActivity(tx, 'article.source_changed', `The change of the source of ${articleLabel(article)} was set aside`, new Date(), actor);
  });
}
