/**
 * Scheduled publishing: an article's publish and unpublish times set or cleared (PATCH with
 * publishAt/unpublishAt, the bulk `schedule` action), the changes made when they are due (the
 * scheduler each process runs: server/schedule/scheduler.ts), and a failed one tried again.
 *
 * The due changes: the articles whose time has come are claimed FOR UPDATE SKIP LOCKED (so
 * processes share the work and each change is made once) and changed in the same transaction
 * as their revisions, activity entries and webhook events. A change that cannot be made is kept
 * as failed, with why, for an admin to see and retry: never dropped silently. A process that was
 * not running at the time catches up when it starts, and says how late.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  SCHEDULE_TOLERANCE_MS,
  scheduleMessages,
  scheduleProblem,
  serverMessages,
  type Article,
  type ArticleStatus,
  type BulkRequest,
  type ScheduleAction,
  type SchedulePatch,
  notificationMessages,
} from '../../../src/contract/index.ts';
import { apiError } from '../../errors.ts';
import { getArticle, lockLiveArticles } from '../../repositories/articles.ts';
import { scheduleTimesOf, toArticle, type ArticleRow } from '../../repositories/articleRows.ts';
import { applyScheduled, claimDue, clearScheduleFailure, lockedScheduleFailure, markScheduleFailed, updateSchedule, type DueRow } from '../../repositories/schedule.ts';
import { writeArticles, type ArticleWriteContext, type ArticleWriter } from '../commit.ts';
import { articleLabel } from '../rules.ts';
import { articleNotFound } from './create.ts';
import { deciderIds, notify, userIdByEmail } from '../../notifications/operations.ts';
import type { Queryable } from '../../db/database.ts';
import { assigneeOf } from '../../repositories/assignments.ts';

/** A scheduled change that failed, told to whoever scheduled it and the article's assignee (or, when neither is an account, the editors and admins). */
async function notifyFailure(tx: Queryable, row: DueRow, message: string, at: Date) {
  const scheduler = await userIdByEmail(tx, row.schedule_by);
  const named = [scheduler, await assigneeOf(tx, row.id)].filter((id): id is string => !!id);
  await notify(tx, { kind: 'schedule_failed', articleId: row.id, actorId: null, userIds: named.length ? named : await deciderIds(tx), message, at });
}

type Times = { publishAt: Date | null; unpublishAt: Date | null };

/** A schedule change's times as dates (checked by scheduleProblem first): undefined leaves, null clears. */
function scheduleTimes(patch: { publishAt?: string | null; unpublishAt?: string | null }) {
  const at = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));
  return { publishAt: at(patch.publishAt), unpublishAt: at(patch.unpublishAt) };
}

/** The times an article has after `change`. */
function timesAfter(row: ArticleRow, change: ReturnType<typeof scheduleTimes>): Times {
  const before = scheduleTimesOf(row);
  return {
    publishAt: change.publishAt === undefined ? before.publishAt : change.publishAt,
    unpublishAt: change.unpublishAt === undefined ? before.unpublishAt : change.unpublishAt,
  };
}

/**
 * Why an article of `status` with these times after the change cannot take it (409), or null:
 * a published article takes no publish time; an unpublish needs the article published or a
 * publish scheduled before it.
 */
function scheduleConflict(status: ArticleStatus, times: Times, patch: SchedulePatch) {
  if (status === 'published' && patch.publishAt) return 'schedule_published' as const;
  if (status === 'draft' && times.unpublishAt && !times.publishAt) return 'schedule_needs_publish' as const;
  return null;
}

/** What the activity log says of a schedule change. */
function scheduleActivity(label: string, times: Times, timeZone: string | null) {
  const zone = timeZone ? ` (${timeZone})` : '';
  const parts = [
    times.publishAt ? `publish at ${times.publishAt.toISOString()}${zone}` : null,
    times.unpublishAt ? `unpublish at ${times.unpublishAt.toISOString()}${zone}` : null,
  ].filter(Boolean);
  return parts.length ? `Article ${label} scheduled to ${parts.join(' and ')}` : `Schedule of article ${label} cleared`;
}

/** Writes the change to `row` (locked) and its activity entry. */
async function schedule(writer: ArticleWriter, row: ArticleRow, patch: SchedulePatch, times: Times, actor: string, at: Date) {
  const change = scheduleTimes(patch);
  const updated = await updateSchedule(writer.tx, row.id, { ...change, ...(patch.timeZone ? { timeZone: patch.timeZone } : {}), by: actor });
  await writer.log('article.scheduled', scheduleActivity(articleLabel(updated), times, updated.schedule_tz ?? null), at, actor);
  return updated;
}

/**
 * A schedule change of one article, any status: checked (400 with what is wrong), fitted to the
 * status (409), written with its activity entry.
 */
export async function changeSchedule(ctx: ArticleWriteContext, actor: string, id: string, patch: SchedulePatch): Promise<ArticleRow> {
  const now = new Date();
  return writeArticles(ctx, (writer) => applySchedule(writer, actor, id, patch, now));
}

/** The change written in the writer's transaction (also by an approval that schedules: ./review.ts). */
export async function applySchedule(writer: ArticleWriter, actor: string, id: string, patch: SchedulePatch, now: Date): Promise<ArticleRow> {
  const current = await getArticle(writer.tx, id, true);
  if (!current) throw articleNotFound();
  const problem = scheduleProblem(patch, now, scheduleTimesOf(current));
  if (problem) throw apiError('validation_failed', problem);
  const after = timesAfter(current, scheduleTimes(patch));
  const conflict = scheduleConflict(current.status, after, patch);
  if (conflict) throw apiError(conflict);
  return schedule(writer, current, patch, after, actor, now);
}

/** The bulk `schedule` action: the same times on each article that can take them. */
export async function bulkSchedule(ctx: ArticleWriteContext, actor: string, body: Extract<BulkRequest, { action: 'schedule' }>) {
  const ids = [...new Set(body.ids)];
  const now = new Date();
  if (body.publishAt === undefined && body.unpublishAt === undefined) {
    throw apiError('validation_failed', 'Send publishAt, unpublishAt or both');
  }
  const problem = scheduleProblem(body, now);
  if (problem) throw apiError('validation_failed', problem);
  const change = scheduleTimes(body);
  return writeArticles(ctx, async (writer) => {
    const live = await lockLiveArticles(writer.tx, ids);
    const found = new Set(live.map((row) => row.id));
    const refused: { id: string; code: string; message: string }[] = ids
      .filter((id) => !found.has(id))
      .map((id) => ({ id, code: 'not_found', message: serverMessages.articleNotFound }));
    const changed = new Set<string>();
    for (const locked of live) {
      const current = (await getArticle(writer.tx, locked.id))!;
      const after = timesAfter(current, change);
      const conflict =
        scheduleConflict(current.status, after, body) ??
        (after.publishAt && after.unpublishAt && after.unpublishAt <= after.publishAt ? ('validation_failed' as const) : null);
      if (conflict) {
        const message = conflict === 'validation_failed' ? scheduleMessages.unpublishBeforePublish : apiError(conflict).message;
        refused.push({ id: current.id, code: conflict, message });
        continue;
      }
      await schedule(writer, current, body, after, actor, now);
      changed.add(current.id);
    }
    return { changed: ids.filter((id) => changed.has(id)), unchanged: [], refused };
  });
}

// The due changes ------------------------------------------------------------------------------

export interface SchedulerContext extends ArticleWriteContext {
  log: FastifyBaseLogger;
  /** When this process started: a change due before it and made late was late because the server was not running. */
  startedAt: Date;
}

export interface ScheduleRun {
  published: string[];
  unpublished: string[];
  failed: { id: string; action: ScheduleAction; reason: string }[];
}

/** Articles claimed per transaction. */
const BATCH = 100;

/** Why a due change cannot be made to `row`; null when it can. */
function refusal(action: ScheduleAction, row: DueRow): string | null {
  if (action === 'unpublish') return null;
  if (row.deleted_at) return scheduleMessages.inTrash;
  if (!row.slug) return scheduleMessages.noSlug;
  return null;
}

/** The note of a change made at `now` for `row`'s time: null when on time. */
function lateness(action: ScheduleAction, row: DueRow, now: Date, startedAt: Date): string | null {
  const late = now.getTime() - new Date(row.due_at).getTime();
  if (late <= SCHEDULE_TOLERANCE_MS) return null;
  return scheduleMessages.late(action, Math.floor(late / 60_000), new Date(row.due_at).getTime() < startedAt.getTime());
}

/** Makes the due changes of `rows` (claimed in the writer's transaction); notes what became of each in `run`. */
async function runBatch(writer: ArticleWriter, ctx: SchedulerContext, action: ScheduleAction, rows: DueRow[], now: Date, run: ScheduleRun) {
  const { tx } = writer;
  const applied: DueRow[] = [];
  const settled: DueRow[] = [];
  for (const row of rows) {
    const reason = refusal(action, row);
    if (reason) {
      await markScheduleFailed(tx, row.id, action, reason, now);
      await writer.log('article.schedule_failed', `${scheduleMessages.failed(action)} for ${articleLabel(row)}: ${reason}`, now, row.schedule_by);
      await notifyFailure(tx, row, notificationMessages.schedule_failed(scheduleMessages.failed(action), articleLabel(row), reason), now);
      ctx.log.warn({ article: row.id, action, reason }, 'scheduled change failed');
      run.failed.push({ id: row.id, action, reason });
      continue;
    }
    // Already as the change would leave it (published by hand meanwhile): only the time goes.
    const already = action === 'publish' ? row.status === 'published' : row.status === 'draft';
    (already ? settled : applied).push(row);
  }
  await applyScheduled(tx, action, settled.map((r) => r.id), settled.map(() => null), now, false);
  if (applied.length === 0) return;
  const notes = new Map(applied.map((row) => [row.id, lateness(action, row, now, ctx.startedAt)]));
  await writer.commitBulk(applied, (ids) => applyScheduled(tx, action, ids, ids.map((id) => notes.get(id)!), now, true), {
    at: now,
    revision: action === 'publish' ? 'scheduled_publish' : 'scheduled_draft',
    changed: ['status'],
    // Each revision and activity entry is the schedule's author's.
    entry: (row) => {
      const note = notes.get(row.id);
      const how = note ? note.charAt(0).toLowerCase() + note.slice(1) : `${action === 'publish' ? 'published' : 'unpublished'} as scheduled`;
      return { actor: row.schedule_by, kind: action === 'publish' ? 'article.published' : 'article.draft', message: `Article ${articleLabel(row)} ${how}` };
    },
    event: action === 'publish' ? 'article.published' : 'article.unpublished',
    eventIds: applied.filter((row) => !row.deleted_at).map((row) => row.id),
  });
  for (const row of applied) {
    const note = notes.get(row.id);
    if (note) ctx.log.warn({ article: row.id, action, dueAt: row.due_at }, note);
  }
  (action === 'publish' ? run.published : run.unpublished).push(...applied.map((row) => row.id));
}

/**
 * Makes every change due at `now` (of `ids` only, when given), publishes first, in
 * transactions of BATCH articles; answers what it did.
 */
export async function runDueSchedules(ctx: SchedulerContext, now = new Date(), ids?: readonly string[]): Promise<ScheduleRun> {
  const run: ScheduleRun = { published: [], unpublished: [], failed: [] };
  for (const action of ['publish', 'unpublish'] as const) {
    for (;;) {
      const claimed = await writeArticles(ctx, async (writer) => {
        const rows = await claimDue(writer.tx, action, now, BATCH, ids);
        if (rows.length) await runBatch(writer, ctx, action, rows, now, run);
        return rows.length;
      });
      if (claimed < BATCH) break;
    }
  }
  return run;
}

/** POST /articles/:id/schedule/retry: a failed scheduled change tried again now; 409 with why when it fails again. */
export async function retrySchedule(ctx: SchedulerContext, id: string): Promise<Article> {
  if (!(await getArticle(ctx.db, id))) throw articleNotFound();
  const action = await ctx.db.transaction((tx) => clearScheduleFailure(tx, id));
  if (!action) throw apiError('schedule_not_failed');
  const run = await runDueSchedules(ctx, new Date(), [id]);
  const made = run.published.includes(id) || run.unpublished.includes(id);
  // The scheduler's own round may have taken the change first (it came due again once the
  // failure was forgotten): its outcome is the answer, read once that round has ended.
  const failed = run.failed.find((f) => f.id === id) ?? (made ? undefined : await ctx.db.transaction((tx) => lockedScheduleFailure(tx, id)));
  if (failed) throw apiError('schedule_failed', `${scheduleMessages.failed(failed.action)}: ${failed.reason}`);
  const row = await getArticle(ctx.db, id);
  if (!row) throw articleNotFound();
  return toArticle(row);
}
