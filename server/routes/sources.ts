/**
 * /api/sources: the feeds and sitemaps followed (src/contract/sources.ts), their entries, and a
 * poll now. The poller (server/sources/poller.ts) polls them when due. And under /api/articles,
 * an article's source checked again, its change, merge and dismissal (src/contract/sourceChange.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sourceCreatedSchema,
  sourceCreateSchema,
  sourceEntryListSchema,
  sourceEntryQuerySchema,
  sourceListSchema,
  sourcePatchSchema,
  sourcePollResultSchema,
  sourceResultSchema,
  sourceChangeResultSchema,
  sourceCheckResultSchema,
  sourceMergeResultSchema,
  sourceMergeSchema,
} from '../../src/contract/index.ts';
import { dismissSourceChange, mergeSourceChangeInto } from '../articles/operations/index.ts';
import { checkSource, getSourceChange } from '../sources/changes.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { createSource, deleteSource, getSource, listSourceEntries, listSources, pollSource, updateSource } from '../sources/operations.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const sourceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const sources = { ...ctx, log: app.log };

  app.get('/', {
    schema: { response: { 200: sourceListSchema, ...errorResponses } },
    handler: () => listSources(ctx),
  });

  app.post('/', {
    schema: { body: sourceCreateSchema, response: { 201: sourceCreatedSchema, ...errorResponses } },
    handler: async (request, reply) => reply.code(201).send(await createSource(sources, request.user!.email, request.body)),
  });

  app.get('/:id', {
    schema: { params: idParams, response: { 200: sourceResultSchema, ...errorResponses } },
    handler: (request) => getSource(ctx, request.params.id),
  });

  app.patch('/:id', {
    schema: { params: idParams, body: sourcePatchSchema, response: { 200: sourceResultSchema, ...errorResponses } },
    handler: (request) => updateSource(ctx, request.user!.email, request.params.id, request.body),
  });

  app.delete('/:id', {
    schema: { params: idParams, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      await deleteSource(ctx, request.user!.email, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/:id/poll', {
    schema: { params: idParams, response: { 200: sourcePollResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: (await pollSource(sources, request.params.id))! }),
  });

  app.get('/:id/entries', {
    schema: { params: idParams, querystring: sourceEntryQuerySchema, response: { 200: sourceEntryListSchema, ...errorResponses } },
    handler: (request) => listSourceEntries(ctx, request.params.id, request.query),
  });
};

const ifMatchHeaders = z.object({ 'if-match': z.string().max(100).optional() });

/** Registered under /api/articles. */
export const sourceChangeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const changes = { ...ctx, log: app.log };

  app.post('/:id/source-check', {
    schema: { params: idParams, response: { 200: sourceCheckResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: (await checkSource(changes, request.user!.email, request.params.id))! }),
  });

  app.get('/:id/source-change', {
    schema: { params: idParams, response: { 200: sourceChangeResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await getSourceChange(changes, request.params.id) }),
  });

  app.post('/:id/source-change/merge', {
    schema: { params: idParams, headers: ifMatchHeaders, body: sourceMergeSchema, response: { 200: sourceMergeResultSchema, ...errorResponses } },
    handler: (request) => mergeSourceChangeInto(changes, request.user!.email, request.params.id, request.body ?? {}, request.headers['if-match']),
  });

  app.post('/:id/source-change/dismiss', {
    schema: { params: idParams, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      await dismissSourceChange(changes, request.user!.email, request.params.id);
      return reply.code(204).send(null);
    },
  });
};
