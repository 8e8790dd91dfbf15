/**
 * The one step every write of the file library ends with, in its transaction: the activity
 * entries and the webhook events (written to the outbox with the change, so a change rolled
 * back tells nobody).
 */
import type { ActivityKind, WebhookEventType } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { recordActivities } from '../repositories/activity.ts';
import { emitFileEvents } from '../webhooks/operations.ts';

export type FileEvent = Extract<WebhookEventType, `file.${string}`>;

export interface FileChange {
  /** Who (their email); null for the server itself. */
  actor: string | null | undefined;
  at: Date;
  /** One entry per file the change made. */
  entries: readonly { kind: ActivityKind; message: string }[];
  /** What webhook receivers are told, about which files. */
  event?: { type: FileEvent; ids: readonly string[] };
}

export async function commitFileChange(tx: Queryable, change: FileChange): Promise<void> {
  await recordActivities(tx, change.entries, change.at, change.actor ?? null);
  if (change.event) await emitFileEvents(tx, change.event.type, change.event.ids, change.at);
}
