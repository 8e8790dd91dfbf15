/**
 * The poller each server process runs: every `pollMs` it polls the sources that are due, a few at
 * once (./operations.ts `pollSource`: each claimed with a lease, so that processes share the
 * sources and none is polled twice at once; requests to one host still go one at a time, at its
 * pace, and the pages are extracted by the worker pool), then fetches again the pages of the
 * watched articles that are due (./changes.ts `checkSource`, claimed alike).
 */
import { SOURCE_RECHECKS_PER_PASS } from '../../src/contract/index.ts';
import { repeat, type Repeating } from '../shared/repeat.ts';
import { checkSource, dueSourceChecks, type ChangesContext } from './changes.ts';
import { dueSources, pollSource } from './operations.ts';

/** Sources one batch polls at most (a round polls batches while they come full: a backlog does not wait for the next round). */
const BATCH = 40;
/** Batches one round polls at most (then the source checks have their turn). */
const MAX_BATCHES = 25;
/** Sources polled at once: sources on different hosts wait on their own pace, not on one another. */
const AT_ONCE = 8;

/** `work` for each of `items`, at most `n` at a time, in order of start. */
async function eachAtOnce<T>(items: readonly T[], n: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(n, queue.length) }, lane));
}

type PollerContext = ChangesContext & { log: { info(details: object, message: string): void; warn(details: object, message: string): void } };

export function startPoller(ctx: PollerContext, options: { pollMs?: number; batch?: number } = {}): Repeating {
  const batch = options.batch ?? BATCH;
  return repeat(async (stopped) => {
    try {
      // A full batch is followed by the next at once (200 sources due together are not five
      // rounds apart), while this process polled some of it: sources another process holds stay
      // due, and are not asked for again and again.
      for (let n = 0; n < MAX_BATCHES && !stopped(); n++) {
        const due = await dueSources(ctx, batch);
        let polled = 0;
        await eachAtOnce(due, AT_ONCE, async (id) => {
          if (stopped()) return;
          const poll = await pollSource(ctx, id, { due: true });
          if (!poll) return;
          polled++;
          ctx.log.info({ sourceId: id, ...poll }, 'source polled');
        });
        if (due.length < batch || polled === 0) break;
      }
      for (const id of await dueSourceChecks(ctx, SOURCE_RECHECKS_PER_PASS)) {
        if (stopped()) break;
        try {
          const check = await checkSource(ctx, null, id, { due: true });
          if (check?.changed) ctx.log.info({ articleId: id, ...check }, 'an article\'s source changed');
        } catch (error) {
          // One page that fails (gone, refused, too slow) is tried again at its next check.
          ctx.log.info({ err: error, articleId: id }, 'an article\'s source could not be checked');
        }
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'sources could not be polled now; trying again');
    }
  }, options.pollMs ?? 30_000);
}
