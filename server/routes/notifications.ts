/** The signed-in account's notifications (/api/notifications) and the kinds it mutes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListSchema,
  notificationPreferencesSchema,
  notificationsReadResultSchema,
  notificationsReadSchema,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { markRead, mutedKinds, notificationsOf, setMutedKinds } from '../notifications/operations.ts';

export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/', {
    schema: { response: { 200: notificationListSchema, ...errorResponses } },
    handler: (request) => notificationsOf(ctx.db, request.user!.id),
  });

  app.post('/read', {
    schema: { body: notificationsReadSchema, response: { 200: notificationsReadResultSchema, ...errorResponses } },
    handler: (request) => markRead(ctx.db, request.user!.id, request.body.ids),
  });

  app.get('/preferences', {
    schema: { response: { 200: notificationPreferencesSchema, ...errorResponses } },
    handler: async (request) => ({ muted: await mutedKinds(ctx.db, request.user!.id) }),
  });

  app.put('/preferences', {
    schema: { body: notificationPreferencesSchema, response: { 200: notificationPreferencesSchema, ...errorResponses } },
    handler: async (request) => ({ muted: await setMutedKinds(ctx.db, request.user!.id, request.body.muted) }),
  });
};
