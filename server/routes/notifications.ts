/** The signed-in account's notifications (/api/notifications), their live count, and the kinds it mutes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListSchema,
  notificationPreferencesSchema,
  notificationsReadResultSchema,
  notificationsReadSchema,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { serveEventStream } from './eventStream.ts';
import { markRead, mutedKinds, notificationsOf, setMutedKinds } from '../notifications/operations.ts';

export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/', {
    schema: { response: { 200: notificationListSchema, ...errorResponses } },
    handler: (request) => notificationsOf(ctx.db, request.user!.id),
  });

  app.get('/stream', {
    schema: {
      response: {
        200: z.string().describe('text/event-stream: a `notifications` event ({ unread }) at once, then whenever the list changes'),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      await serveEventStream(request, reply, (out) => ctx.notifications.open(request.user!.id, out));
    },
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
