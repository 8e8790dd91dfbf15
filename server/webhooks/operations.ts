/**
 * The webhooks' use cases: endpoints added, changed and removed (each with its activity entry),
 * their delivery log read, a delivery sent again, a test event sent; and, for the other
 * capabilities' commit steps, the events of a change written to the outbox (./events.ts).
 * The deliveries themselves go out from ./worker.ts.
 */
import { serverMessages, webhookMessages, type WebhookCreate, type WebhookPatch } from '../../src/contract/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import type net from 'node:net';
import { apiError } from '../errors.ts';
import { newId } from '../ids.ts';
import { recordActivity } from '../repositories/activity.ts';
import {
  deleteEndpoint,
  getDelivery,
  getEndpoint,
  insertEndpoint,
  listEndpoints,
  requeueDelivery,
  selectDeliveryPage,
  updateEndpoint,
} from '../repositories/webhooks.ts';
import { emitTestEvent } from './events.ts';
import { decodeDeliveryCursor, encodeDeliveryCursor, newSecret, toDelivery, toEndpoint } from './log.ts';
import { checkWebhookUrl } from './urls.ts';

export { emitArticleEvents, emitFileEvents, emitSourceEvents } from './events.ts';

type WebhookContext = { db: Database; webhookAllow: net.BlockList | undefined };

const endpointNotFound = () => apiError('not_found', webhookMessages.notFound);
const deliveryNotFound = () => apiError('not_found', webhookMessages.deliveryNotFound);

/** GET /webhooks: every endpoint. */
export async function listWebhooks(ctx: { db: Queryable }) {
  return { data: (await listEndpoints(ctx.db)).map(toEndpoint) };
}

/** POST /webhooks: a new endpoint, and its signing secret (shown this once). */
export async function createWebhook(ctx: WebhookContext, actor: string, body: WebhookCreate) {
  const url = await checkWebhookUrl(body.url, ctx.webhookAllow);
  const id = newId();
  const secret = newSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const at = new Date();
    await insertEndpoint(tx, { id, url, events: body.events, secret, by: actor, at });
    await recordActivity(tx, 'webhook.created', `Webhook ${url} added`, at, actor);
    return (await getEndpoint(tx, id))!;
  });
  return { data: toEndpoint(row), secret };
}

/** PATCH /webhooks/:id: its address, events, or enabled (disabled here: by an admin). */
export async function updateWebhook(ctx: WebhookContext, actor: string, id: string, patch: WebhookPatch) {
  const url = patch.url === undefined ? undefined : await checkWebhookUrl(patch.url, ctx.webhookAllow);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await getEndpoint(tx, id, true);
    if (!current) throw endpointNotFound();
    const at = new Date();
    // Disabled here: by an admin (the server disables with its own reason).
    await updateEndpoint(tx, id, { url, events: patch.events, enabled: patch.enabled, disabledReason: webhookMessages.disabledByAdmin }, at);
    const what = [
      url !== undefined && url !== current.url ? `address set to ${url}` : null,
      patch.events ? `events set to ${patch.events.join(', ')}` : null,
      patch.enabled === true && !current.enabled ? 'enabled' : null,
      patch.enabled === false && current.enabled ? 'disabled' : null,
    ].filter(Boolean);
    if (what.length) await recordActivity(tx, 'webhook.updated', `Webhook ${current.url}: ${what.join(', ')}`, at, actor);
    return (await getEndpoint(tx, id))!;
  });
  return { data: toEndpoint(row) };
}

/** DELETE /webhooks/:id: the endpoint and its log. */
export async function deleteWebhook(ctx: { db: Database }, actor: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await getEndpoint(tx, id, true);
    if (!current || !(await deleteEndpoint(tx, id))) throw endpointNotFound();
    await recordActivity(tx, 'webhook.deleted', `Webhook ${current.url} removed`, new Date(), actor);
  });
}

/** GET /webhooks/:id/deliveries: a page of its log, newest first. */
export async function listDeliveries(ctx: { db: Queryable }, id: string, query: { limit: number; cursor?: string }) {
  const { limit, cursor } = query;
  if (!(await getEndpoint(ctx.db, id))) throw endpointNotFound();
  const after = cursor === undefined ? undefined : decodeDeliveryCursor(cursor);
  if (cursor !== undefined && !after) throw apiError('invalid_cursor', serverMessages.invalidCursor);
  const rows = await selectDeliveryPage(ctx.db, id, after, limit);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(toDelivery), nextCursor: rows.length > limit && last ? encodeDeliveryCursor(last) : null };
}

/** An endpoint that is enabled, or 404 / 409 `endpoint_disabled`. */
async function enabledEndpoint(db: Queryable, id: string) {
  const endpoint = await getEndpoint(db, id);
  if (!endpoint) throw endpointNotFound();
  if (!endpoint.enabled) throw apiError('endpoint_disabled');
  return endpoint;
}

/** POST /webhooks/:id/deliveries/:deliveryId/redeliver: the delivery queued again, with the same webhook-id. */
export async function redeliver(ctx: { db: Database }, id: string, deliveryId: string) {
  await enabledEndpoint(ctx.db, id);
  const found = await ctx.db.transaction((tx) => requeueDelivery(tx, id, deliveryId, new Date()));
  if (!found) throw deliveryNotFound();
  return { data: toDelivery((await getDelivery(ctx.db, id, deliveryId))!) };
}

/** POST /webhooks/:id/test: a `webhook.test` event to this endpoint. */
export async function sendTestEvent(ctx: { db: Database }, actor: string, id: string) {
  await enabledEndpoint(ctx.db, id);
  const deliveryId = await ctx.db.transaction((tx) => emitTestEvent(tx, id, actor));
  return { data: toDelivery((await getDelivery(ctx.db, id, deliveryId))!) };
}
