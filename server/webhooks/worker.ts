/**
 * The delivery worker each server process runs: it claims due deliveries from the outbox
 * (FOR UPDATE SKIP LOCKED, with a lease: any number of processes share the work, each delivery
 * is attempted by one of them at a time), sends them a few at a time, and records each attempt
 * with what follows it. A process that dies mid-attempt leaves its lease to expire: the delivery
 * is sent again with the same webhook-id, so nothing acknowledged is lost.
 */
import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_LOG_DAYS, WEBHOOK_TIMEOUT_MS, webhookMessages } from '../../src/contract/index.ts';
import type { Database } from '../db/database.ts';
import { recordActivity } from '../repositories/activity.ts';
import { BACKGROUND, claimDeliveries, disableEndpoint, pruneDeliveries, recordAttempts, type ClaimedDelivery, type RecordedAttempt } from '../repositories/webhooks.ts';
import { nextStep, sendMessage, type SendResult } from './send.ts';

export interface DeliveryWorkerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** WEBHOOK_ALLOW_CIDRS as a block list. */
  allow: net.BlockList | undefined;
  /** Attempts in flight at once in this process. */
  concurrency?: number;
  /** How often the outbox is looked at when it had nothing due. */
  pollMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Replaces the HTTP attempt (the benchmark's floor; tests of the schedule). */
  send?: (delivery: ClaimedDelivery, at: Date) => Promise<SendResult>;
  /** No loop: only `drain()` calls send (a test's clock decides what is due). */
  manual?: boolean;
  /** Finished attempts are recorded together at most this often (250 ms; 0 in manual mode). */
  recordEveryMs?: number;
}

/** A claim outlives the longest attempt (the timeout) by this much before another process may take it. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS + 25_000;
/** How often the log's old deliveries are deleted. */
const PRUNE_EVERY_MS = 60 * 60_000;

/** Deletes the deliveries done for more than WEBHOOK_LOG_DAYS; answers how many. */
export function pruneWebhookLog(db: Database, now: Date): Promise<number> {
  return pruneDeliveries(db, new Date(now.getTime() - WEBHOOK_LOG_DAYS * 24 * 60 * 60_000));
}

export interface DeliveryWorker {
  /** Claims and sends what is due now, until nothing is; answers how many attempts were made. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, log } = options;
  const concurrency = options.concurrency ?? 16;
  const pollMs = options.pollMs ?? 1_000;
  const now = options.now ?? (() => new Date());
  const send = options.send ?? ((d: ClaimedDelivery, at: Date) => sendMessage({ eventId: d.event_id, payload: d.payload, url: d.url, secret: d.secret }, options.allow, at));
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let looping: Promise<void> | undefined;

  // Finished attempts wait here to be recorded together, one transaction at most every
  // RECORD_EVERY_MS: on the embedded database every statement runs on the thread that answers
  // requests, so a few large writes cost the console far less than many small ones. An attempt's
  // place is free once its request has ended; its record follows (until then its lease keeps
  // the delivery from being claimed again).
  const recordEveryMs = options.recordEveryMs ?? (options.manual ? 0 : 250);
  const finished: { attempt: RecordedAttempt; done: () => void; fail: (error: unknown) => void }[] = [];
  const unrecorded = new Set<Promise<void>>();
  let writing = false;
  let wroteAt = 0;
  const writeBatch = async (batch: RecordedAttempt[]) =>
    db.transaction(async (tx) => {
      const failing = await recordAttempts(tx, batch);
      const latest = new Map(batch.map((a) => [a.delivery.endpoint_id, a]));
      for (const [endpointId, since] of failing) {
        const last = latest.get(endpointId)!;
        if (last.outcome.at.getTime() - since.getTime() < WEBHOOK_DISABLE_AFTER_MS) continue;
        if (await disableEndpoint(tx, endpointId, webhookMessages.disabledAfterFailures, last.outcome.at)) {
          await recordActivity(tx, 'webhook.disabled', `Webhook ${last.delivery.url} disabled after 3 days of failed deliveries`, last.outcome.at, null);
          log.warn({ endpoint: endpointId, url: last.delivery.url }, 'webhook endpoint disabled after 3 days of failures');
        }
      }
    }, BACKGROUND);
  const record = async () => {
    if (writing) return;
    writing = true;
    try {
      while (finished.length) {
        const wait = wroteAt + recordEveryMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        wroteAt = Date.now();
        const batch = finished.splice(0);
        try {
          await writeBatch(batch.map((b) => b.attempt));
          for (const b of batch) b.done();
        } catch (error) {
          // Not recorded: the leases run out and the deliveries are attempted again.
          for (const b of batch) b.fail(error);
        }
      }
    } finally {
      writing = false;
    }
  };
  /** Queues an attempt to be recorded; resolves once it is. */
  const queue = (attempt: RecordedAttempt) =>
    new Promise<void>((done, fail) => {
      finished.push({ attempt, done, fail });
      void record();
    });

  const attempt = async (delivery: ClaimedDelivery) => {
    const at = now();
    const result = await send(delivery, at);
    const step = nextStep(result, delivery.attempts, now(), new Date(delivery.retry_until));
    const recorded = queue({ delivery, outcome: { at, ...result, ...step } })
      .catch((error: unknown) => log.error({ err: error, delivery: delivery.id }, 'webhook attempt could not be recorded'))
      .finally(() => unrecorded.delete(recorded));
    unrecorded.add(recorded);
  };

  /** Claims what fits beside the attempts in flight and starts them; answers how many it started. */
  const fill = async (): Promise<number> => {
    const room = concurrency - inFlight.size;
    if (room <= 0 || stopped) return 0;
    const claimed = await claimDeliveries(db, now(), room, LEASE_MS);
    for (const delivery of claimed) {
      const running = attempt(delivery)
        .catch((error: unknown) => log.error({ err: error, delivery: delivery.id }, 'webhook attempt failed'))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    return claimed.length;
  };

  const drain = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const started = await fill();
      total += started;
      if (inFlight.size === 0) {
        // What the records make due (a retry due now) is claimed once they are written.
        if (unrecorded.size === 0) return total;
        await Promise.allSettled(unrecorded);
        continue;
      }
      // Wait for half of the places to free (or the last attempt to end), then claim for
      // them at once: one statement per few deliveries, not one each.
      // With nothing more due, look again as soon as one ends.
      if (started === 0) {
        await Promise.race(inFlight);
        continue;
      }
      const refill = Math.max(1, Math.floor(concurrency / 2));
      while (inFlight.size > 0 && concurrency - inFlight.size < refill) await Promise.race(inFlight);
    }
  };

  let prunedAt = 0;
  const loop = async () => {
    try {
      await drain();
      if (now().getTime() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now().getTime();
        const pruned = await pruneWebhookLog(db, now());
        if (pruned > 0) log.info({ pruned }, 'old webhook deliveries deleted from the log');
      }
    } catch (error) {
      log.warn({ err: error }, 'webhook outbox could not be read; trying again');
    }
    if (!stopped) timer = setTimeout(() => (looping = loop()), pollMs);
  };
  if (!options.manual) timer = setTimeout(() => (looping = loop()), 0);

  return {
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await looping;
      await Promise.allSettled(inFlight);
      await Promise.allSettled(unrecorded);
    },
  };
}
