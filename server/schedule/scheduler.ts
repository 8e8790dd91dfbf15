/**
 * The scheduler each server process runs: every second it claims the articles whose publish or
 * unpublish time has come (FOR UPDATE SKIP LOCKED, so processes share the work and each change
 * is made once) and makes the change in the same transaction as its revision, its activity
 * entry and its webhook events. A change that cannot be made is kept as failed, with why, for
 * an admin to see and retry: never dropped silently. A process that was not running at the time
 * catches up when it starts, and says how late.
 */
import type { FastifyBaseLogger } from 'fastify';
import { SCHEDULE_TOLERANCE_MS, scheduleMessages, type ScheduleAction } from '../../src/contract/index.ts';
import { articleLabel } from '../articles/rules.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ensureHistories, recordBulkRevisions } from '../history/articles.ts';
import { recordActivities, recordActivity } from '../repositories/activity.ts';
import { applyScheduled, claimDue, markScheduleFailed, type DueRow } from '../repositories/schedule.ts';
import { emitArticleEvents } from '../webhooks/events.ts';

export interface SchedulerContext {
  db: Database;
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

/** Makes the due changes of `rows` (claimed in `tx`); answers what became of each. */
async function runBatch(tx: Queryable, ctx: SchedulerContext, action: ScheduleAction, rows: DueRow[], now: Date, run: ScheduleRun) {
  const applied: DueRow[] = [];
  const settled: DueRow[] = [];
  for (const row of rows) {
    const reason = refusal(action, row);
    if (reason) {
      await markScheduleFailed(tx, row.id, action, reason, now);
      await recordActivity(tx, 'article.schedule_failed', `${scheduleMessages.failed(action)} for ${articleLabel(row)}: ${reason}`, now, row.schedule_by);
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
  const ids = applied.map((r) => r.id);
  const notes = applied.map((row) => lateness(action, row, now, ctx.startedAt));
  await ensureHistories(tx, ids);
  await applyScheduled(tx, action, ids, notes, now, true);
  // Each revision and activity entry is the schedule's author's.
  const byActor = new Map<string | null, DueRow[]>();
  for (const row of applied) byActor.set(row.schedule_by, [...(byActor.get(row.schedule_by) ?? []), row]);
  for (const [actor, group] of byActor) {
    await recordBulkRevisions(tx, group.map((r) => r.id), {
      actor,
      action: action === 'publish' ? 'scheduled_publish' : 'scheduled_draft',
      at: now,
      changed: ['status'],
    });
    await recordActivities(
      tx,
      group.map((row) => {
        const note = notes[applied.indexOf(row)];
        const how = note ? note.charAt(0).toLowerCase() + note.slice(1) : `${action === 'publish' ? 'published' : 'unpublished'} as scheduled`;
        return { kind: action === 'publish' ? 'article.published' : 'article.draft', message: `Article ${articleLabel(row)} ${how}` };
      }),
      now,
      actor,
    );
  }
  const live = applied.filter((row) => !row.deleted_at).map((row) => row.id);
  await emitArticleEvents(tx, action === 'publish' ? 'article.published' : 'article.unpublished', live, now);
  for (const [i, row] of applied.entries()) {
    if (notes[i]) ctx.log.warn({ article: row.id, action, dueAt: row.due_at }, notes[i]!);
  }
  (action === 'publish' ? run.published : run.unpublished).push(...ids);
}

/**
 * Makes every change due at `now` (of `ids` only, when given), publishes first, in
 * transactions of BATCH articles; answers what it did.
 */
export async function runDueSchedules(ctx: SchedulerContext, now = new Date(), ids?: readonly string[]): Promise<ScheduleRun> {
  const run: ScheduleRun = { published: [], unpublished: [], failed: [] };
  for (const action of ['publish', 'unpublish'] as const) {
    for (;;) {
      const claimed = await ctx.db.transaction(async (tx) => {
        const rows = await claimDue(tx, action, now, BATCH, ids);
        if (rows.length) await runBatch(tx, ctx, action, rows, now, run);
        return rows.length;
      });
      if (claimed < BATCH) break;
    }
  }
  return run;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/** Runs the due changes now (a catch-up after a stop), then every `pollMs`. */
export function startScheduler(ctx: SchedulerContext, options: { pollMs?: number; now?: () => Date } = {}): Scheduler {
  const pollMs = options.pollMs ?? 1_000;
  const now = options.now ?? (() => new Date());
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      const run = await runDueSchedules(ctx, now());
      const made = run.published.length + run.unpublished.length;
      if (made || run.failed.length) {
        ctx.log.info({ published: run.published.length, unpublished: run.unpublished.length, failed: run.failed.length }, 'scheduled changes made');
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'scheduled changes could not be made now; trying again');
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), pollMs);
  };
  timer = setTimeout(() => (running = tick()), 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
