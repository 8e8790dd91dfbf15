/**
 * The poller each server process runs: every `pollMs` it polls the sources that are due, one
 * after the other (./operations.ts `pollSource`: each claimed with a lease, so that processes
 * share the sources and none is polled twice at once), then fetches again the pages of the
 * watched articles that are due (./changes.ts `checkSource`, claimed alike).
 */
import { SOURCE_RECHECKS_PER_PASS } from '../../src/contract/index.ts';
import { repeat, type Repeating } from '../shared/repeat.ts';
import { checkSource, dueSourceChecks, type ChangesContext } from './changes.ts';
import { dueSources, pollSource } from './operations.ts';

/** Sources one round polls at most; the rest wait for the next round. */
const ROUND = 5;

type PollerContext = ChangesContext & { log: { info(details: object, message: string): void; warn(details: object, message: string): void } };

export function startPoller(ctx: PollerContext, options: { pollMs?: number } = {}): Repeating {
  return repeat(async (stopped) => {
    try {
      for (const id of await dueSources(ctx, ROUND)) {
        if (stopped()) break;
        const poll = await pollSource(ctx, id, { due: true });
        if (poll) ctx.log.info({ sourceId: id, ...poll }, 'source polled');
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
