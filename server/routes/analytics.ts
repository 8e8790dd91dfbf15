/** GET /analytics: the Analytics screen's figures (see the contract's analyticsSchema). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsSchema, MAX_SITES } from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { articleEventsByDay, storageByDay, topArticlesByViews, viewsByDay } from '../repositories/analytics.ts';
import { selectSites } from '../repositories/articles.ts';
import { utcDay } from '../articles/views.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many articles the most-read list has. */
const TOP_ARTICLES = 10;

export const analyticsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get('/', {
    schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSchema, ...errorResponses } },
    handler: async (request) => {
      const { days } = request.query;
      const now = Date.now();
      const dayList = Array.from({ length: days }, (_, i) => utcDay(new Date(now - (days - 1 - i) * DAY_MS)));
      const from = dayList[0]!;
      const [events, views, topArticles, topSites, storage] = await Promise.all([
        articleEventsByDay(db, from),
        viewsByDay(db, from),
        topArticlesByViews(db, from, TOP_ARTICLES),
        selectSites(db, { status: 'all' }, MAX_SITES),
        storageByDay(db, from),
      ]);
      let { images, pdfs } = storage.before;
      return {
        days,
        articles: dayList.map((day) => ({ day, ...(events.get(day) ?? { created: 0, published: 0, deleted: 0 }) })),
        views: dayList.map((day) => ({ day, views: views.get(day) ?? 0 })),
        topArticles,
        topSites,
        storage: dayList.map((day) => {
          const added = storage.added.get(day);
          images += added?.images ?? 0;
          pdfs += added?.pdfs ?? 0;
          return { day, images, pdfs };
        }),
      };
    },
  });
};
