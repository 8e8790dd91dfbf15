/**
 * /api/webhooks: endpoints that are told of changes (src/contract/webhooks.ts), their delivery
 * log, redelivery and test events. The deliveries themselves go out from server/webhooks/worker.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  serverMessages,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookDeliveryQuerySchema,
  webhookDeliveryResultSchema,
  webhookListSchema,
  webhookMessages,
  webhookPatchSchema,
  webhookResultSchema,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { apiError, errorResponses } from '../errors.ts';
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
import { emitTestEvent } from '../webhooks/events.ts';
import { decodeDeliveryCursor, encodeDeliveryCursor, newSecret, toDelivery, toEndpoint } from '../webhooks/log.ts';
import { checkWebhookUrl } from '../webhooks/urls.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const deliveryParams = z.object({ id: z.string().min(1).max(64), deliveryId: z.string().min(1).max(200) });

const endpointNotFound = () => apiError('not_found', webhookMessages.notFound);
const deliveryNotFound = () => apiError('not_found', webhookMessages.deliveryNotFound);

export const webhookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx;

  app.get('/', {
    schema: { response: { 200: webhookListSchema, ...errorResponses } },
    handler: async () => ({ data: (await listEndpoints(db)).map(toEndpoint) }),
  });

  app.post('/', {
    schema: { body: webhookCreateSchema, response: { 201: webhookCreatedSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const url = await checkWebhookUrl(request.body.url, ctx.webhookAllow);
      const id = newId();
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        const at = new Date();
        await insertEndpoint(tx, { id, url, events: request.body.events, secret, by: request.user!.email, at });
        await recordActivity(tx, 'webhook.created', `Webhook ${url} added`, at, request.user!.email);
        return (await getEndpoint(tx, id))!;
      });
      return reply.code(201).send({ data: toEndpoint(row), secret });
    },
  });

  app.patch('/:id', {
    schema: { params: idParams, body: webhookPatchSchema, response: { 200: webhookResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      const patch = request.body;
      const url = patch.url === undefined ? undefined : await checkWebhookUrl(patch.url, ctx.webhookAllow);
      const row = await db.transaction(async (tx) => {
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
        if (what.length) await recordActivity(tx, 'webhook.updated', `Webhook ${current.url}: ${what.join(', ')}`, at, request.user!.email);
        return (await getEndpoint(tx, id))!;
      });
      return { data: toEndpoint(row) };
    },
  });

  app.delete('/:id', {
    schema: { params: idParams, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const current = await getEndpoint(tx, request.params.id, true);
        if (!current || !(await deleteEndpoint(tx, request.params.id))) throw endpointNotFound();
        await recordActivity(tx, 'webhook.deleted', `Webhook ${current.url} removed`, new Date(), request.user!.email);
      });
      return reply.code(204).send(null);
    },
  });

  app.get('/:id/deliveries', {
    schema: { params: idParams, querystring: webhookDeliveryQuerySchema, response: { 200: webhookDeliveryListSchema, ...errorResponses } },
    handler: async (request) => {
      const { limit, cursor } = request.query;
      if (!(await getEndpoint(db, request.params.id))) throw endpointNotFound();
      const after = cursor === undefined ? undefined : decodeDeliveryCursor(cursor);
      if (cursor !== undefined && !after) throw apiError('invalid_cursor', serverMessages.invalidCursor);
      const rows = await selectDeliveryPage(db, request.params.id, after, limit);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { data: page.map(toDelivery), nextCursor: rows.length > limit && last ? encodeDeliveryCursor(last) : null };
    },
  });

  app.post('/:id/deliveries/:deliveryId/redeliver', {
    schema: { params: deliveryParams, response: { 200: webhookDeliveryResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { id, deliveryId } = request.params;
      const endpoint = await getEndpoint(db, id);
      if (!endpoint) throw endpointNotFound();
      if (!endpoint.enabled) throw apiError('endpoint_disabled');
      const found = await db.transaction((tx) => requeueDelivery(tx, id, deliveryId, new Date()));
      if (!found) throw deliveryNotFound();
      return { data: toDelivery((await getDelivery(db, id, deliveryId))!) };
    },
  });

  app.post('/:id/test', {
    schema: { params: idParams, response: { 201: webhookDeliveryResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { id } = request.params;
      const endpoint = await getEndpoint(db, id);
      if (!endpoint) throw endpointNotFound();
      if (!endpoint.enabled) throw apiError('endpoint_disabled');
      const deliveryId = await db.transaction((tx) => emitTestEvent(tx, id, request.user!.email));
      return reply.code(201).send({ data: toDelivery((await getDelivery(db, id, deliveryId))!) });
    },
  });
};
