/**
 * The webhooks' SQL: endpoints, the outbox of deliveries (written in the transaction of each
 * change), their claims by the delivery workers of every process, and the attempts' log.
 */
import {
  WEBHOOK_RETRY_FOR_MS,
  type WebhookDeliveryState,
  type WebhookEventType,
} from '../../src/contract/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';

export interface EndpointRow {
  id: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  enabled: boolean;
  disabled_reason: string | null;
  disabled_iso: string | null;
  failing_since_iso: string | null;
  created_iso: string;
  created_by: string | null;
  pending: number | string;
  last_at_iso: string | null;
  last_status: number | null;
  last_error: string | null;
}

const ENDPOINT_COLUMNS = `e.id, e.url, e.events, e.secret, e.enabled, e.disabled_reason, ${isoText('e.disabled_at')} AS disabled_iso,
  ${isoText('e.failing_since')} AS failing_since_iso, ${isoText('e.created_at')} AS created_iso, e.created_by,
  (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.state = 'pending') AS pending,
  last.at_iso AS last_at_iso, last.status AS last_status, last.error AS last_error`;

/** The latest attempt of an endpoint's deliveries (its log's newest delivery with one). */
const LAST_ATTEMPT_JOIN = `LEFT JOIN LATERAL (
    SELECT ${isoText('a.at')} AS at_iso, a.status, a.error
      FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id
     WHERE d.endpoint_id = e.id
     ORDER BY a.at DESC LIMIT 1) last ON true`;

export async function listEndpoints(db: Queryable): Promise<EndpointRow[]> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e ${LAST_ATTEMPT_JOIN} ORDER BY e.created_at, e.id`,
  );
  return rows;
}

export async function getEndpoint(db: Queryable, id: string, forUpdate = false): Promise<EndpointRow | undefined> {
  if (forUpdate) await db.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e ${LAST_ATTEMPT_JOIN} WHERE e.id = $1`, [id]);
  return rows[0];
}

export async function insertEndpoint(
  tx: Queryable,
  values: { id: string; url: string; events: readonly string[]; secret: string; by: string | null; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_endpoints (id, url, events, secret, created_at, created_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $5)`,
    [values.id, values.url, values.events, values.secret, values.at, values.by],
  );
}

/** Changes what is given; enabling clears the failures and the reason it was disabled. */
export async function updateEndpoint(
  tx: Queryable,
  id: string,
  patch: { url?: string; events?: readonly string[]; enabled?: boolean; disabledReason?: string },
  at: Date,
): Promise<void> {
  await tx.query(
    `UPDATE webhook_endpoints SET
        url = coalesce($2, url),
        events = coalesce($3, events),
        enabled = coalesce($4, enabled),
        disabled_reason = CASE WHEN $4 IS NULL THEN disabled_reason WHEN $4 THEN NULL ELSE $5 END,
        disabled_at = CASE WHEN $4 IS NULL THEN disabled_at WHEN $4 THEN NULL ELSE $6 END,
        failing_since = CASE WHEN $4 THEN NULL ELSE failing_since END,
        updated_at = $6
      WHERE id = $1`,
    [id, patch.url ?? null, patch.events ?? null, patch.enabled ?? null, patch.disabledReason ?? null, at],
  );
}

export async function deleteEndpoint(tx: Queryable, id: string): Promise<boolean> {
  return ((await tx.query('DELETE FROM webhook_endpoints WHERE id = $1', [id])).rowCount ?? 0) > 0;
}

/** An event to tell the endpoints that take it. */
export interface OutboxEvent {
  /** The `webhook-id` (msg_…): the same at every attempt. */
  id: string;
  type: string;
  /** The JSON body, as sent. */
  payload: string;
}

/**
 * Writes a delivery of each event to each enabled endpoint that takes its type, due at once, in
 * the caller's transaction (the change's): committed with it, or not at all. `endpointId`: to
 * that endpoint only, whatever its events (a test event).
 */
export async function insertDeliveries(tx: Queryable, events: readonly OutboxEvent[], at: Date, endpointId?: string): Promise<number> {
  if (events.length === 0) return 0;
  const target = endpointId === undefined ? 'e.enabled AND ev.type = ANY (e.events)' : 'e.id = $6';
  const { rowCount } = await tx.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, created_at, state, next_attempt_at, retry_until)
     SELECT ev.id || '.' || e.id, e.id, ev.id, ev.type, ev.payload, $4, 'pending', $4, $5
       FROM unnest($1::text[], $2::text[], $3::text[]) AS ev(id, type, payload)
       JOIN webhook_endpoints e ON ${target}`,
    [
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => e.payload),
      at,
      new Date(at.getTime() + WEBHOOK_RETRY_FOR_MS),
      ...(endpointId === undefined ? [] : [endpointId]),
    ],
    { prepare: endpointId === undefined },
  );
  return rowCount ?? 0;
}

/** The `data` of an event about each kind of thing, from its row (as the change left it). */
const EVENT_DATA = {
  article: {
    table: 'articles',
    data: `jsonb_build_object('id', t.id, 'slug', t.slug, 'title', t.title, 'status', t.status, 'newUrl', t.new_url,
      'updatedAt', ${isoText('t.updated_at')})`,
  },
  file: {
    table: 'files',
    data: `jsonb_build_object('id', t.id, 'name', t.name, 'type', t.type, 'mimeType', t.mime_type, 'size', t.size,
      'url', '/api/files/' || t.id || '/content')`,
  },
  source: {
    table: 'sources',
    data: `jsonb_build_object('id', t.id, 'url', t.url, 'feedUrl', t.feed_url, 'title', t.title, 'lastError', t.last_error,
      'failures', t.failures)`,
  },
} as const;

/**
 * Writes an event of `type` about each of `ids` (articles or files; `eventIds` their webhook-ids,
 * in the same order) to each enabled endpoint that takes the type, in the caller's transaction.
 * The body is built from the row as the change left it: `{ type, timestamp, data }`.
 */
export async function insertEntityDeliveries(
  tx: Queryable,
  kind: keyof typeof EVENT_DATA,
  type: WebhookEventType,
  ids: readonly string[],
  eventIds: readonly string[],
  at: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const { table, data } = EVENT_DATA[kind];
  const { rowCount } = await tx.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, created_at, state, next_attempt_at, retry_until)
     SELECT ev.event_id || '.' || e.id, e.id, ev.event_id, $3,
            jsonb_build_object('type', $3::text, 'timestamp', $6::text, 'data', ${data})::text, $4, 'pending', $4, $5
       FROM unnest($1::text[], $2::text[]) AS ev(entity_id, event_id)
       JOIN ${table} t ON t.id = ev.entity_id
       JOIN webhook_endpoints e ON e.enabled AND $3 = ANY (e.events)`,
    [ids, eventIds, type, at, new Date(at.getTime() + WEBHOOK_RETRY_FOR_MS), at.toISOString()],
    { prepare: true },
  );
  return rowCount ?? 0;
}

export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  created_at: Date;
  retry_until: Date;
  /** This attempt's number. */
  attempts: number;
  url: string;
  secret: string;
  failing_since: Date | null;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints for `leaseMs` (rows another process
 * is claiming are skipped): each claim counts an attempt. A process that dies holding a lease
 * leaves the delivery due again when it ends: sent again, with the same webhook-id.
 */
/** The delivery worker's statements: after the ones admins wait on (the embedded database's queue). */
export const BACKGROUND = { lane: 'background' } as const;

export async function claimDeliveries(db: Database, now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    // The outbox's statistics are always out of date: it fills by thousands in one bulk change
    // and empties as fast, and the embedded database never analyses by itself. Planned from
    // stale counts, the claim read and sorted every due row (5 ms at 10,000 due, every few
    // deliveries); walking the due index in order and stopping at `limit` is right at any count.
    await tx.query(`SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`);
    return claimDue(tx, now, limit, leaseMs);
  }, BACKGROUND);
}

async function claimDue(db: Queryable, now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
        WHERE d.state = 'pending' AND d.next_attempt_at <= $1 AND (d.lease_until IS NULL OR d.lease_until <= $1)
        ORDER BY d.next_attempt_at LIMIT $2
        FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries d SET lease_until = $3, attempts = d.attempts + 1
       FROM due, webhook_endpoints e
      WHERE d.id = due.id AND e.id = d.endpoint_id
     RETURNING d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.created_at, d.retry_until, d.attempts,
               e.url, e.secret, e.failing_since`,
    [now, limit, new Date(now.getTime() + leaseMs)],
    { prepare: true },
  );
  return rows;
}

export interface AttemptOutcome {
  at: Date;
  status: number | null;
  durationMs: number;
  error: string | null;
  response: string | null;
  /** What becomes of the delivery: delivered, failed (given up), or pending again at `nextAt`. */
  state: WebhookDeliveryState;
  nextAt: Date | null;
}

/** An attempt of a claimed delivery, and what it leads to. */
export interface RecordedAttempt {
  delivery: ClaimedDelivery;
  outcome: AttemptOutcome;
}

/**
 * Records attempts of claimed deliveries and what each leads to, in three statements whatever
 * their number, and each endpoint's run of failures: cleared by a success, begun by the first
 * failure after one. Answers the endpoints still failing, with since when.
 */
export async function recordAttempts(tx: Queryable, attempts: readonly RecordedAttempt[]): Promise<Map<string, Date>> {
  if (attempts.length === 0) return new Map();
  const column = <T>(pick: (a: RecordedAttempt) => T) => attempts.map(pick);
  await tx.query(
    `INSERT INTO webhook_attempts (delivery_id, number, at, status, duration_ms, error, response)
     SELECT * FROM unnest($1::text[], $2::int[], $3::timestamptz[], $4::int[], $5::int[], $6::text[], $7::text[])
     ON CONFLICT (delivery_id, number) DO NOTHING`,
    [
      column((a) => a.delivery.id),
      column((a) => a.delivery.attempts),
      column((a) => a.outcome.at),
      column((a) => a.outcome.status),
      column((a) => a.outcome.durationMs),
      column((a) => a.outcome.error),
      column((a) => a.outcome.response),
    ],
    { prepare: true },
  );
  await tx.query(
    `UPDATE webhook_deliveries d SET state = u.state, next_attempt_at = u.next_at, lease_until = NULL
       FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS u(id, state, next_at)
      WHERE d.id = u.id`,
    [column((a) => a.delivery.id), column((a) => a.outcome.state), column((a) => a.outcome.nextAt)],
    { prepare: true },
  );
  // Per endpoint, in the order they were made: the last success ends a run of failures; the
  // first failure after it (or the run already under way, when none succeeded) begins one.
  const runs = new Map<string, { lastOk: boolean; anyOk: boolean; since: Date | null }>();
  for (const { delivery, outcome } of [...attempts].sort((a, b) => a.outcome.at.getTime() - b.outcome.at.getTime())) {
    const ok = outcome.state === 'delivered';
    const run = runs.get(delivery.endpoint_id) ?? { lastOk: false, anyOk: false, since: null };
    if (ok) runs.set(delivery.endpoint_id, { lastOk: true, anyOk: true, since: null });
    else runs.set(delivery.endpoint_id, { lastOk: false, anyOk: run.anyOk, since: run.since ?? outcome.at });
  }
  const ids = [...runs.keys()];
  const { rows } = await tx.query<{ id: string; failing_since: Date | null }>(
    `UPDATE webhook_endpoints e SET failing_since = CASE WHEN r.last_ok THEN NULL WHEN r.any_ok THEN r.since ELSE coalesce(e.failing_since, r.since) END
       FROM unnest($1::text[], $2::boolean[], $3::boolean[], $4::timestamptz[]) AS r(id, last_ok, any_ok, since)
      WHERE e.id = r.id RETURNING e.id, e.failing_since`,
    [ids, ids.map((id) => runs.get(id)!.lastOk), ids.map((id) => runs.get(id)!.anyOk), ids.map((id) => runs.get(id)!.since)],
    { prepare: true },
  );
  return new Map(rows.filter((r) => r.failing_since).map((r) => [r.id, new Date(r.failing_since!)]));
}

/** Deletes the deliveries created before `before` that are done (their attempts go with them); answers how many. */
export async function pruneDeliveries(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM webhook_deliveries WHERE state <> 'pending' AND created_at < $1`, [before], BACKGROUND);
  return rowCount ?? 0;
}

/** Disables an endpoint (that still is enabled); answers whether it did. */
export async function disableEndpoint(tx: Queryable, id: string, reason: string, at: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, disabled_at = $3, updated_at = $3 WHERE id = $1 AND enabled`,
    [id, reason, at],
  );
  return (rowCount ?? 0) > 0;
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  payload: string;
  created_iso: string;
  state: WebhookDeliveryState;
  next_iso: string | null;
  attempts_json: { number: number; at: string; status: number | null; durationMs: number; error: string | null; response: string | null }[];
}

const DELIVERY_COLUMNS = `d.id, d.event_id, d.event_type, d.payload, ${isoText('d.created_at')} AS created_iso, d.state,
  CASE WHEN d.state = 'pending' THEN ${isoText('greatest(d.next_attempt_at, d.lease_until)')} END AS next_iso,
  coalesce((SELECT json_agg(json_build_object('number', a.number, 'at', ${isoText('a.at')}, 'status', a.status,
      'durationMs', a.duration_ms, 'error', a.error, 'response', a.response) ORDER BY a.number DESC)
    FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts_json`;

/** Up to `limit + 1` deliveries of an endpoint after the cursor's (created_at, id), newest first. */
export async function selectDeliveryPage(
  db: Queryable,
  endpointId: string,
  after: { at: string; id: string } | undefined,
  limit: number,
): Promise<DeliveryRow[]> {
  const params: unknown[] = [endpointId, limit + 1];
  let condition = 'd.endpoint_id = $1';
  if (after) {
    params.push(after.at, after.id);
    condition += ' AND (d.created_at, d.id) < ($3::timestamptz, $4)';
  }
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE ${condition} ORDER BY d.created_at DESC, d.id DESC LIMIT $2`,
    params,
  );
  return rows;
}

export async function getDelivery(db: Queryable, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.endpoint_id = $1 AND d.id = $2`,
    [endpointId, id],
  );
  return rows[0];
}

/** Makes a delivery due now again, for another round of retries from now (a redelivery). */
export async function requeueDelivery(tx: Queryable, endpointId: string, id: string, at: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = $3, lease_until = NULL, retry_until = $4
      WHERE endpoint_id = $1 AND id = $2`,
    [endpointId, id, at, new Date(at.getTime() + WEBHOOK_RETRY_FOR_MS)],
  );
  return (rowCount ?? 0) > 0;
}

/** Deletes the log's deliveries (and their attempts) settled before `before`, in batches of `max`. */
export async function deleteSettledDeliveries(tx: Queryable, before: Date, max: number): Promise<number> {
  const { rowCount } = await tx.query(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries WHERE state <> 'pending' AND created_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [before, max],
  );
  return rowCount ?? 0;
}
