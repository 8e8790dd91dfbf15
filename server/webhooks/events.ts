/**
 * Events for the webhooks, written to the outbox in the transaction of the change they tell of
 * (server/repositories/webhooks.ts): a change committed has its deliveries, a change rolled
 * back has none. Call these beside recordActivity, with the same transaction.
 */
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { newId } from '../ids.ts';
import { insertDeliveries, insertEntityDeliveries } from '../repositories/webhooks.ts';

/** A Standard Webhooks message id: `msg_` and a sortable random id. */
export const newEventId = (at: Date) => `msg_${newId(at.getTime())}`;

type ArticleEvent = Extract<WebhookEventType, `article.${string}`>;
type FileEvent = Extract<WebhookEventType, `file.${string}`>;
type SourceEvent = Extract<WebhookEventType, `source.${string}`>;

/** An event of `type` about each of the articles `ids`, as the change left them. */
export function emitArticleEvents(tx: Queryable, type: ArticleEvent, ids: readonly string[], at = new Date()): Promise<number> {
  return insertEntityDeliveries(tx, 'article', type, ids, ids.map(() => newEventId(at)), at);
}

/** An event of `type` about each of the files `ids`, as the change left them. */
export function emitFileEvents(tx: Queryable, type: FileEvent, ids: readonly string[], at = new Date()): Promise<number> {
  return insertEntityDeliveries(tx, 'file', type, ids, ids.map(() => newEventId(at)), at);
}

/** An event of `type` about each of the sources `ids`, as the change left them. */
export function emitSourceEvents(tx: Queryable, type: SourceEvent, ids: readonly string[], at = new Date()): Promise<number> {
  return insertEntityDeliveries(tx, 'source', type, ids, ids.map(() => newEventId(at)), at);
}

/** A `webhook.test` event to one endpoint; answers its delivery's id. */
export async function emitTestEvent(tx: Queryable, endpointId: string, actor: string | null, at = new Date()): Promise<string> {
  const id = newEventId(at);
  const payload = JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: at.toISOString(),
    data: { endpointId, sentBy: actor, message: 'A test event sent from the console' },
  });
  await insertDeliveries(tx, [{ id, type: WEBHOOK_TEST_EVENT, payload }], at, endpointId);
  return `${id}.${endpointId}`;
}
