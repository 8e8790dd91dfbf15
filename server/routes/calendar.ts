/** The calendar (/api/calendar): planned days and scheduled changes between two days. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarQuerySchema, calendarResultSchema } from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { readCalendar } from '../articles/operations/index.ts';

export const calendarRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/', {
    schema: { querystring: calendarQuerySchema, response: { 200: calendarResultSchema, ...errorResponses } },
    // The answer comes written as JSON by the database (its shape the schema's, checked by the
    // calendar's tests): sent as it is, with no second pass through the schema's serializer.
    handler: async (request, reply) => {
      const json = await readCalendar(ctx, request.query, request.user!.id);
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  });
};
