/**
 * The scheduler each server process runs: every second it makes the scheduled changes that are
 * due (server/articles/operations/schedule.ts says how: claimed so that processes share the
 * work, each change made once, with its revision, activity entry and events).
 */
import { runDueSchedules, type SchedulerContext } from '../articles/operations/index.ts';
import { repeat, type Repeating } from '../shared/repeat.ts';

export type Scheduler = Repeating;

/** Runs the due changes now (a catch-up after a stop), then every `pollMs`. */
export function startScheduler(ctx: SchedulerContext, options: { pollMs?: number; now?: () => Date } = {}): Scheduler {
  const now = options.now ?? (() => new Date());
  return repeat(async () => {
    try {
      const run = await runDueSchedules(ctx, now());
      const made = run.published.length + run.unpublished.length;
      if (made || run.failed.length) {
        ctx.log.info({ published: run.published.length, unpublished: run.unpublished.length, failed: run.failed.length }, 'scheduled changes made');
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'scheduled changes could not be made now; trying again');
    }
  }, options.pollMs ?? 1_000);
}
