/**
 * An article's history (registered under /articles): its revisions, a revision's snapshot,
 * restoring one (as a new revision, so the current content stays in the history), and pinning
 * or naming one. The shapes are in src/contract/history.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleResultSchema,
  revisionListQuerySchema,
  revisionListSchema,
  revisionParamsSchema,
  revisionPatchSchema,
  revisionResultSchema,
  revisionSummaryResultSchema,
} from '../../src/contract/index.ts';
import { articleRevision, articleRevisions, labelRevision, restoreRevision } from '../articles/operations/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const historyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/:id/revisions', {
    schema: { params: idParams, querystring: revisionListQuerySchema, response: { 200: revisionListSchema, ...errorResponses } },
    handler: (request) => articleRevisions(ctx, request.params.id, request.query),
  });

  app.get('/:id/revisions/:rev', {
    schema: { params: revisionParamsSchema, response: { 200: revisionResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await articleRevision(ctx, request.params.id, request.params.rev) }),
  });

  app.patch('/:id/revisions/:rev', {
    schema: { params: revisionParamsSchema, body: revisionPatchSchema, response: { 200: revisionSummaryResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await labelRevision(ctx, request.params.id, request.params.rev, request.body) }),
  });

  app.post('/:id/revisions/:rev/restore', {
    schema: {
      params: revisionParamsSchema,
      headers: z.object({ 'if-match': z.string().max(100).optional() }),
      response: { 200: articleResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, rev } = request.params;
      return { data: await restoreRevision(ctx, request.user!.email, id, rev, request.headers['if-match']) };
    },
  });
};
