/**
 * The messages between the server's thread and the thread that runs the embedded database
 * (pglite-host.ts). Every request has an id, answered once: with its result or with the error,
 * whose PostgreSQL fields (code, constraint, detail…) travel as plain values.
 */

/**
 * Which queue a statement waits in: `quick` ones (health, lookups by key) go first, then
 * `normal` ones, then `background` work (webhook deliveries) unless it has waited 250 ms.
 */
export type Lane = 'quick' | 'normal' | 'background';

export type HostRequest =
  | { id: number; type: 'query'; sql: string; params: unknown[] | undefined; prepare?: boolean; tx?: number; lane: Lane; deadline: number }
  | { id: number; type: 'begin'; lane: Lane; deadline: number }
  | { id: number; type: 'end'; tx: number; commit: boolean }
  | { id: number; type: 'listen'; channel: string }
  | { id: number; type: 'unlisten'; channel: string }
  | { id: number; type: 'stats' }
  | { id: number; type: 'close' };

export interface SerializedError {
  message: string;
  fields: Record<string, unknown>;
}

export type HostMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { type: 'notify'; channel: string; payload: string }
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError };

/** Thrown by the host for a statement that waited past its deadline and was not run. */
export const EXPIRED_CODE = 'queue_expired';

/** What the host says of its queue (GET /api/health shows it). */
export interface QueueStats {
  /** Statements and transactions waiting, by lane. */
  waiting: { quick: number; normal: number; background: number };
  /** How long the statement running now has run, in ms (0: none). */
  runningMs: number;
}

/** An error as it crosses threads: its message and its own enumerable fields. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return { message: error.message, fields };
}

export function deserializeError(error: SerializedError): Error {
  return Object.assign(new Error(error.message), error.fields);
}
