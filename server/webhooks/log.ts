/** Endpoints and their delivery log as the API answers them, and the log's retention. */
import { randomBytes } from 'node:crypto';
import type { WebhookDelivery, WebhookEndpoint } from '../../src/contract/index.ts';
import type { Database } from '../db/database.ts';
import { deleteSettledDeliveries, type DeliveryRow, type EndpointRow } from '../repositories/webhooks.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../shared/cursor.ts';

/** How long settled deliveries (delivered or given up) stay in the log. */
export const DELIVERY_LOG_DAYS = 30;

/** A new signing secret in the specification's form: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_iso,
    failingSince: row.failing_since_iso,
    createdAt: row.created_iso,
    createdBy: row.created_by,
    pending: Number(row.pending),
    lastAttempt: row.last_at_iso
      ? {
          at: row.last_at_iso,
          status: row.last_status,
          ok: row.last_status !== null && row.last_status >= 200 && row.last_status < 300,
          error: row.last_error,
        }
      : null,
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.event_type as WebhookDelivery['type'],
    createdAt: row.created_iso,
    state: row.state,
    nextAttemptAt: row.next_iso,
    attempts: row.attempts_json,
    payload: row.payload,
  };
}

/** Cursor of the log's keyset pages: the last delivery's creation time and id. */
export const encodeDeliveryCursor = (row: Pick<DeliveryRow, 'created_iso' | 'id'>) => encodeTimeCursor(row.created_iso, row.id);
export const decodeDeliveryCursor = decodeTimeCursor;

/** Removes the settled deliveries older than DELIVERY_LOG_DAYS, in batches; answers how many. */
export async function sweepDeliveryLog(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_LOG_DAYS * 24 * 60 * 60 * 1000);
  let removed = 0;
  for (;;) {
    const batch = await db.transaction((tx) => deleteSettledDeliveries(tx, before, 1000));
    removed += batch;
    if (batch < 1000) return removed;
  }
}
