/** The calendar (/api/calendar): planned days and scheduled changes between two days. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarQuerySchema, calendarResultSchema } from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { readCalendar } from '../articles/operations/index.ts';

export const calendarRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/', {
    schema: { querystring: calendarQuerySchema, response: { 200: calendarResultSchema, ...errorResponses } },
    handler: (request) => readCalendar(ctx, request.query, request.user!.id),
  });
};
