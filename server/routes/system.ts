import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityListSchema, healthSchema } from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { health, readActivity } from '../system/operations.ts';

export const systemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/health', {
    config: { public: true },
    schema: { response: { 200: healthSchema, ...errorResponses } },
    handler: () => health(ctx),
  });

  app.get('/activity', {
    schema: {
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
      response: { 200: activityListSchema, ...errorResponses },
    },
    handler: (request) => readActivity(ctx.db, request.query.limit),
  });
};
