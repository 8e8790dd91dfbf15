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
      // The stream is this handler's from here: Fastify sends nothing more.
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
        // No proxy buffering (nginx): each event goes out at once.
        'x-accel-buffering': 'no',
      });
      try {
        await presence.open(request.query.tab, request.params.id, request.user!.id, out);
      } catch (error) {
        out.end(`event: error\ndata: ${JSON.stringify({ message: error instanceof Error ? error.message : 'error' })}\n\n`);
      }
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
