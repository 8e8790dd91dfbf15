/**
 * /api/webhooks: endpoints that are told of changes (src/contract/webhooks.ts), their delivery
 * log, redelivery and test events. The deliveries themselves go out from server/webhooks/worker.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookDeliveryQuerySchema,
  webhookDeliveryResultSchema,
  webhookListSchema,
  webhookPatchSchema,
  webhookResultSchema,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  sendTestEvent,
  updateWebhook,
} from '../webhooks/operations.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const deliveryParams = z.object({ id: z.string().min(1).max(64), deliveryId: z.string().min(1).max(200) });

export const webhookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/', {
    schema: { response: { 200: webhookListSchema, ...errorResponses } },
    handler: () => listWebhooks(ctx),
  });

  app.post('/', {
    schema: { body: webhookCreateSchema, response: { 201: webhookCreatedSchema, ...errorResponses } },
    handler: async (request, reply) => reply.code(201).send(await createWebhook(ctx, request.user!.email, request.body)),
  });

  app.patch('/:id', {
    schema: { params: idParams, body: webhookPatchSchema, response: { 200: webhookResultSchema, ...errorResponses } },
    handler: (request) => updateWebhook(ctx, request.user!.email, request.params.id, request.body),
  });

  app.delete('/:id', {
    schema: { params: idParams, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      await deleteWebhook(ctx, request.user!.email, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/:id/deliveries', {
    schema: { params: idParams, querystring: webhookDeliveryQuerySchema, response: { 200: webhookDeliveryListSchema, ...errorResponses } },
    handler: (request) => listDeliveries(ctx, request.params.id, request.query),
  });

  app.post('/:id/deliveries/:deliveryId/redeliver', {
    schema: { params: deliveryParams, response: { 200: webhookDeliveryResultSchema, ...errorResponses } },
    handler: (request) => redeliver(ctx, request.params.id, request.params.deliveryId),
  });

  app.post('/:id/test', {
    schema: { params: idParams, response: { 201: webhookDeliveryResultSchema, ...errorResponses } },
    handler: async (request, reply) => reply.code(201).send(await sendTestEvent(ctx, request.user!.email, request.params.id)),
  });
};
