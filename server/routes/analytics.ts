/** GET /analytics: the Analytics screen's figures (see the contract's analyticsSchema). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsSchema } from '../../src/contract/index.ts';
import { readAnalytics } from '../analytics/operations.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';

export const analyticsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get('/', {
    schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSchema, ...errorResponses } },
    handler: (request) => readAnalytics(db, request.query.days),
  });
};
