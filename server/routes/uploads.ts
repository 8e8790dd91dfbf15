/**
 * Resumable uploads (src/contract/uploads.ts): the tus protocol's calls, each handed to the
 * library's tus server once the session and the role are checked. Their bodies are streams of
 * bytes the tus server reads itself: no parser reads them here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const answered = z.string().describe('The tus protocol\'s answer: headers (Upload-Offset, Location), and for the last bytes the JSON of an upload');

export const uploadRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.decorateRequest('errorShape', 'file');
  // The bytes of a PATCH are the tus server's to read.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await ctx.uploads.handle(request.raw, reply.raw, { id: request.user!.id, email: request.user!.email });
  };

  app.post('/', { schema: { response: { 201: answered, ...errorResponses } }, handler: handOver });
  app.route({
    method: 'HEAD',
    url: '/:id',
    // Documented: HEAD routes are left out of the document unless they say so.
    config: { swagger: { exposeHeadRoute: true } },
    schema: { params: idParams, response: { 200: answered, ...errorResponses } },
    handler: handOver,
  });
  app.patch('/:id', { schema: { params: idParams, response: { 204: answered, 200: answered, 201: answered, ...errorResponses } }, handler: handOver });
  app.delete('/:id', { schema: { params: idParams, response: { 204: answered, ...errorResponses } }, handler: handOver });
};
