/**
 * Who else has an article open (registered under /articles): the stream of an open page
 * (server-sent events), its editing lease, and take-over. The rules are server/presence/hub.ts's;
 * the shapes src/contract/presence.ts's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  presenceListSchema,
  presenceStreamQuerySchema,
  presenceTakeoverSchema,
  presenceUpdateSchema,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { serveEventStream } from './eventStream.ts';
import { assertArticleExists } from '../articles/operations/index.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const presenceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, presence } = ctx;

  /** 404 unless an article with this id exists. */
  const assertArticle = (id: string) => assertArticleExists(db, id);

  app.get('/:id/presence/stream', {
    schema: {
      params: idParams,
      querystring: presenceStreamQuerySchema,
      response: {
        200: z.string().describe('text/event-stream: `presence` events (a presence list), `taken` events ({ by, at })'),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      await assertArticle(request.params.id);
      await serveEventStream(request, reply, (out) => presence.open(request.query.tab, request.params.id, request.user!.id, out));
    },
  });

  app.put('/:id/presence', {
    schema: { params: idParams, body: presenceUpdateSchema, response: { 200: presenceListSchema, ...errorResponses } },
    handler: async (request) => ({
      data: await presence.setEditing(request.body.tab, request.params.id, request.user!.id, request.body.editing),
    }),
  });

  app.post('/:id/presence/takeover', {
    schema: { params: idParams, body: presenceTakeoverSchema, response: { 200: presenceListSchema, ...errorResponses } },
    handler: async (request) => ({ data: await presence.takeOver(request.body.tab, request.params.id, request.user!) }),
  });
};
