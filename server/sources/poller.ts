/**
 * The poller each server process runs: every `pollMs` it polls the sources that are due, one
 * after the other (./operations.ts `pollSource`: each claimed with a lease, so that processes
 * share the sources and none is polled twice at once).
 */
import { repeat, type Repeating } from '../shared/repeat.ts';
import { dueSources, pollSource, type SourcesContext } from './operations.ts';

/** Sources one round polls at most; the rest wait for the next round. */
const ROUND = 5;

type PollerContext = SourcesContext & { log: { info(details: object, message: string): void; warn(details: object, message: string): void } };

export function startPoller(ctx: PollerContext, options: { pollMs?: number } = {}): Repeating {
  return repeat(async (stopped) => {
    try {
      for (const id of await dueSources(ctx, ROUND)) {
        if (stopped()) break;
        const poll = await pollSource(ctx, id, { due: true });
        if (poll) ctx.log.info({ sourceId: id, ...poll }, 'source polled');
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'sources could not be polled now; trying again');
    }
  }, options.pollMs ?? 30_000);
}
