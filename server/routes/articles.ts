/**
 * /api/articles: each route validates its request, calls one of the articles' operations
 * (server/articles/operations) and answers. The shapes are the contract's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleCreateSchema,
  articleListQuerySchema,
  articleListResultSchema,
  articlePatchSchema,
  articleResultSchema,
  articleSitesQuerySchema,
  articleSitesResultSchema,
  articleStatsSchema,
  articleViewsSchema,
  articleChecksResultSchema,
  keptArticleChecksResultSchema,
  duplicatesResultSchema,
  articleReviewResultSchema,
  reviewActionResultSchema,
  commentCreateSchema,
  commentListSchema,
  commentResultSchema,
  reviewRequestSchema,
  bulkRequestSchema,
  bulkResultSchema,
  rescrapeRequestSchema,
  restoreRequestSchema,
  trashListQuerySchema,
  trashListResultSchema,
  scrapeRequestSchema,
  scrapeResultSchema,
  slugCheckResultSchema,
} from '../../src/contract/index.ts';
import {
  articleStats,
  bulkChange,
  bulkSchedule,
  checkArticle,
  checkSlug,
  createArticle,
  listArticles,
  listSites,
  listTrash,
  moveToTrash,
  purgeFromTrash,
  readArticle,
  readArticleChecks,
  readArticleViews,
  readDuplicates,
  readReview,
  reviewArticle,
  rescrapeArticle,
  restoreFromTrash,
  retrySchedule,
  scrapeToDraft,
  switchStatus,
  updateArticle,
} from '../articles/operations/index.ts';
import { createComment, listComments } from '../articles/operations/comments.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const ifMatchHeaders = z.object({ 'if-match': z.string().max(100).optional() });
const noContent = { 204: z.null().optional(), ...errorResponses };

export const articleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx;

  app.get('/admin/articles', {
    schema: { querystring: articleListQuerySchema, response: { 200: articleListResultSchema, ...errorResponses } },
    handler: (request) => listArticles(db, request.query, request.user!.id),
  });

  app.get('/admin/sites', {
    schema: { querystring: articleSitesQuerySchema, response: { 200: articleSitesResultSchema, ...errorResponses } },
    handler: (request) => listSites(db, request.query),
  });

  app.get('/admin/trash', {
    schema: { querystring: trashListQuerySchema, response: { 200: trashListResultSchema, ...errorResponses } },
    handler: (request) => listTrash(db, request.query),
  });

  app.get('/admin/stats', {
    schema: { response: { 200: articleStatsSchema, ...errorResponses } },
    handler: () => articleStats(db),
  });

  app.get('/slug/check/:slug', {
    schema: {
      params: z.object({ slug: z.string().min(1).max(400) }),
      querystring: z.object({ excludeId: z.string().max(64).optional() }),
      response: { 200: slugCheckResultSchema, ...errorResponses },
    },
    handler: (request) => checkSlug(ctx, request.params.slug, request.query.excludeId),
  });

  app.get('/:id', {
    schema: { params: idParams, response: { 200: articleResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await readArticle(ctx, request.params.id) }),
  });

  app.post('/', {
    schema: { body: articleCreateSchema, response: { 201: articleResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      return reply.code(201).send({ data: await createArticle(ctx, request.user!.email, request.body) });
    },
  });

  app.post('/scrape', {
    schema: { body: scrapeRequestSchema, response: { 201: scrapeResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const scraped = await scrapeToDraft(ctx, request.user!.email, request.body.url, {
        force: request.body.force,
        onLookupFailed: (err, articleId) => request.log.warn({ err, articleId }, 'near-duplicates not looked up'),
      });
      return reply.code(201).send(scraped);
    },
  });

  app.post('/:id/rescrape', {
    schema: {
      params: idParams,
      // Every field is optional, so is the body: no body (null to Fastify) is an empty one.
      body: rescrapeRequestSchema.nullish(),
      response: { 200: scrapeResultSchema, ...errorResponses },
    },
    handler: (request) => rescrapeArticle(ctx, request.user!.email, request.params.id, request.body?.replaceBlogData ?? false),
  });

  app.patch('/:id', {
    schema: { params: idParams, headers: ifMatchHeaders, body: articlePatchSchema, response: { 200: articleResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await updateArticle(ctx, request.user!.email, request.params.id, request.body, request.headers['if-match']) }),
  });

  for (const action of ['publish', 'draft'] as const) {
    app.patch(`/:id/${action}`, {
      schema: { params: idParams, response: { 200: articleResultSchema, ...errorResponses } },
      handler: async (request) => ({ data: await switchStatus(ctx, request.user!.email, request.params.id, action) }),
    });
  }

  // A failed scheduled change, tried again now: the article as it then is, or 409 with why it failed again.
  app.post('/:id/schedule/retry', {
    schema: { params: idParams, response: { 200: articleResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await retrySchedule({ ...ctx, log: request.log }, request.params.id) }),
  });

  app.get('/:id/views', {
    schema: { params: idParams, response: { 200: articleViewsSchema, ...errorResponses } },
    handler: (request) => readArticleViews(ctx, request.params.id),
  });

  app.get('/:id/checks', {
    schema: { params: idParams, response: { 200: keptArticleChecksResultSchema, ...errorResponses } },
    handler: (request) => readArticleChecks(ctx, request.params.id),
  });

  app.get('/:id/comments', {
    schema: { params: idParams, response: { 200: commentListSchema, ...errorResponses } },
    handler: async (request) => ({ data: await listComments(ctx, request.params.id) }),
  });

  app.post('/:id/comments', {
    schema: { params: idParams, body: commentCreateSchema, response: { 201: commentResultSchema, ...errorResponses } },
    handler: async (request, reply) => reply.code(201).send({ data: await createComment(ctx, request.user!, request.params.id, request.body) }),
  });

  app.get('/:id/review', {
    schema: { params: idParams, response: { 200: articleReviewResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await readReview(ctx, request.params.id) }),
  });

  app.post('/:id/review', {
    schema: { params: idParams, body: reviewRequestSchema, response: { 200: reviewActionResultSchema, ...errorResponses } },
    handler: (request) => reviewArticle(ctx, request.user!, request.params.id, request.body),
  });

  app.get('/:id/duplicates', {
    schema: { params: idParams, response: { 200: duplicatesResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await readDuplicates(ctx, request.params.id) }),
  });

  app.post('/:id/checks', {
    schema: { params: idParams, response: { 200: articleChecksResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await checkArticle(ctx, request.params.id) }),
  });

  app.post('/bulk', {
    schema: { body: bulkRequestSchema, response: { 200: bulkResultSchema, ...errorResponses } },
    handler: (request) => {
      const body = request.body;
      return body.action === 'schedule' ? bulkSchedule(ctx, request.user!.email, body) : bulkChange(ctx, request.user!.email, body);
    },
  });

  // Delete moves to the trash (no confirmation: the trash is the undo).
  app.delete('/:id', {
    schema: { params: idParams, response: noContent },
    handler: async (request, reply) => {
      await moveToTrash(ctx, request.user!.email, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/:id/restore', {
    // Every field is optional, so is the body (no body is null to Fastify).
    schema: { params: idParams, body: restoreRequestSchema.nullish(), response: { 200: articleResultSchema, ...errorResponses } },
    handler: async (request) => ({ data: await restoreFromTrash(ctx, request.user!.email, request.params.id, request.body?.slug) }),
  });

  app.delete('/:id/forever', {
    schema: { params: idParams, response: noContent },
    handler: async (request, reply) => {
      await purgeFromTrash(ctx, request.user!.email, request.params.id);
      return reply.code(204).send(null);
    },
  });
};
