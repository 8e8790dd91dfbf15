/**
 * The one step every write of articles ends with. An operation opens its transaction with
 * `writeArticles` and, once it has changed the rows, calls the writer's `commit` (one article),
 * `commitBulk` (several articles changed alike) or `log` (a change history does not keep). The
 * step records, in the writing transaction, the revision (server/history/articles.ts), where
 * the library's files are used (its HTML, its social image), the activity entry and the webhook events; once the transaction has committed, it queues the
 * checks of the articles whose content changed. A slug taken by a concurrent writer (the unique
 * index) becomes 409 `slug_taken` here, once for every operation.
 */
import type { ActivityKind, RevisionAction, RevisionField, WebhookEventType } from '../../src/contract/index.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { ensureHistories, recordBulkRevisions, recordRevision } from '../history/operations.ts';
import type { RetentionPolicy } from '../history/operations.ts';
import { recordActivities, recordActivity } from '../repositories/activity.ts';
import { setArticleFileUsage } from '../repositories/fileUsage.ts';
import { reviewAgain } from '../repositories/reviews.ts';
import { articleLabel } from './rules.ts';
import { libraryFileIds } from '../shared/fileRefs.ts';
import type { ArticleRow } from '../repositories/articleRows.ts';
import type { LatestRevisionRow } from '../repositories/revisions.ts';
import { emitArticleEvents } from '../webhooks/operations.ts';

export type ArticleEvent = Extract<WebhookEventType, `article.${string}`>;

/** What the writes of articles need of the server. */
export interface ArticleWriteContext {
  db: Database;
  /** Runs the checks (and the near-duplicate signature) after a content change; none in the operator's commands. */
  checks?: { add(articleId: string): void };
  /** The cap on revisions per article (HISTORY_*). */
  retention?: RetentionPolicy;
  /** One admin's edits within this long fold into one revision (HISTORY_FOLD_MINUTES). */
  historyFoldMs?: number;
  /** false only in a benchmark's floor: no revision is recorded. */
  recordHistory?: boolean;
  /** An approved article whose title, slug or HTML changes goes back to review (default true). */
  reviewAgainAfterEdit?: boolean;
}

/** What one write of one article says of itself. */
export interface ArticleChange {
  /** Who (their email); null for the server itself or the operator's commands. */
  actor: string | null;
  at: Date;
  /** Why, as the history says it. */
  revision: RevisionAction;
  /** With `restore`: the revision written back. */
  restoredFrom?: number;
  /** With a scrape or re-scrape: the page's HTML as extracted (null: too long to keep). */
  sourceHtml?: string | null;
  activity: { kind: ActivityKind; message: string };
  /** The webhook event; none for a change no receiver is told of (a new draft). */
  event?: ArticleEvent;
  /** What the checks read changed (title, HTML, SEO fields): they run again once committed. */
  checks?: boolean;
}

/** What a change made to several articles alike says of itself. */
export interface BulkArticleChange<R> {
  at: Date;
  revision: RevisionAction;
  changed: RevisionField[];
  /** Each article's activity entry, and whose change it is. */
  entry: (row: R) => { actor: string | null; kind: ActivityKind; message: string };
  event?: ArticleEvent;
  /** The articles the event is about (default: all of them). */
  eventIds?: readonly string[];
}

export interface ArticleWriter {
  tx: Queryable;
  /**
   * One article written: `before` as the write found it (null for a new one), `after` as the
   * write left it; `read`, its last revision when the write read it with its lock.
   */
  commit(before: ArticleRow | null, after: ArticleRow, change: ArticleChange, read?: { latest: LatestRevisionRow | undefined }): Promise<void>;
  /** Several articles (locked) changed alike by `apply`: their first revisions before it, a revision, an entry and an event each after. */
  commitBulk<R extends { id: string }>(rows: readonly R[], apply: (ids: string[]) => Promise<void>, change: BulkArticleChange<R>): Promise<void>;
  /** The checks of an article run again once committed, though nothing was written (a save of the same value). */
  recheck(articleId: string): void;
  /** A change history does not keep (a schedule, a purge): its activity entry only. */
  log(kind: ActivityKind, message: string, at: Date, actor: string | null): Promise<void>;
}

const sameItems = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/** Runs `work` in one transaction with the commit step; queues the checks once it has committed. */
export async function writeArticles<T>(ctx: ArticleWriteContext, work: (writer: ArticleWriter) => Promise<T>): Promise<T> {
  const checked = new Set<string>();
  let result: T;
  try {
    result = await ctx.db.transaction((tx) => work(writerOf(ctx, tx, checked)));
  } catch (error) {
    if (isUniqueViolation(error, 'articles_slug_key')) throw apiError('slug_taken');
    throw error;
  }
  for (const id of checked) ctx.checks?.add(id);
  return result;
}

function writerOf(ctx: ArticleWriteContext, tx: Queryable, checked: Set<string>): ArticleWriter {
  return {
    tx,
    async commit(before, after, change, read) {
      await recordRevision(
        tx,
        before,
        after,
        {
          actor: change.actor,
          action: change.revision,
          at: change.at,
          restoredFrom: change.restoredFrom,
          sourceHtml: change.sourceHtml,
          retention: ctx.retention,
          foldMs: ctx.historyFoldMs,
          record: ctx.recordHistory,
        },
        read,
      );
      // Where the library's files are used, kept with the article (server/repositories/fileUsage.ts):
      // written only when the files its HTML shows, or its social image, changed.
      const social = after.social_image_id;
      const socialChanged = social !== undefined && social !== (before?.social_image_id ?? null);
      // (Addresses read only when the HTML changed: a publish or a rename reads none.)
      const htmlChanged = !before || before.blog_data !== after.blog_data;
      const shown = htmlChanged || socialChanged ? libraryFileIds(after.blog_data) : [];
      const filesChanged = htmlChanged && (!before || !sameItems(shown, libraryFileIds(before.blog_data)));
      if (filesChanged || socialChanged) await setArticleFileUsage(tx, after.id, shown, social);
      await recordActivity(tx, change.activity.kind, change.activity.message, change.at, change.actor);
      // An approval is of what was read: a change of the content asks for the review again.
      const contentChanged = before && (htmlChanged || before.title !== after.title || before.slug !== after.slug);
      if (contentChanged && ctx.reviewAgainAfterEdit !== false && (await reviewAgain(tx, after.id, change.at))) {
        await recordActivity(tx, 'article.review_requested', `Review of article ${articleLabel(after)} requested again: changed after its approval`, change.at, change.actor);
      }
      if (change.event) await emitArticleEvents(tx, change.event, [after.id], change.at);
      if (change.checks) checked.add(after.id);
    },
    async commitBulk(rows, apply, change) {
      const ids = rows.map((row) => row.id);
      await ensureHistories(tx, ids);
      await apply(ids);
      // Each revision and entry is its own actor's (a scheduled change is its author's).
      const byActor = new Map<string | null, { id: string; kind: ActivityKind; message: string }[]>();
      for (const row of rows) {
        const { actor, kind, message } = change.entry(row);
        byActor.set(actor, [...(byActor.get(actor) ?? []), { id: row.id, kind, message }]);
      }
      for (const [actor, entries] of byActor) {
        await recordBulkRevisions(tx, entries.map((entry) => entry.id), { actor, action: change.revision, at: change.at, changed: change.changed });
        await recordActivities(tx, entries, change.at, actor);
      }
      if (change.event) await emitArticleEvents(tx, change.event, change.eventIds ?? ids, change.at);
    },
    recheck: (articleId) => void checked.add(articleId),
    log: (kind, message, at, actor) => recordActivity(tx, kind, message, at, actor),
  };
}
