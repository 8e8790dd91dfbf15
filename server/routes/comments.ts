/** A comment by its id (/api/comments/:id): changed, resolved or reopened, deleted. An article's comments are under /api/articles/:id/comments. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentPatchSchema, commentResultSchema } from '../../src/contract/index.ts';
import { removeComment, updateComment } from '../articles/operations/comments.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const commentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.patch('/:id', {
    schema: { params: idParams, body: commentPatchSchema, response: { 200: commentResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await updateComment(ctx, request.user!, request.params.id, request.body) }),
  });

  app.delete('/:id', {
    schema: { params: idParams, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      await removeComment(ctx, request.user!, request.params.id);
      return reply.code(204).send(null);
    },
  });
};
