/** The Analytics screen's figures (the contract's analyticsSchema): per day, the last `days` UTC days. */
import { MAX_SITES, type Analytics } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { lastUtcDays } from '../shared/days.ts';
import { articleEventsByDay, storageByDay, topArticlesByViews, viewsByDay } from '../repositories/analytics.ts';
import { selectSites } from '../repositories/articles.ts';

/** How many articles the most-read list has. */
const TOP_ARTICLES = 10;

/** GET /analytics: articles created, published and deleted, views, the most read, the top sites, the storage used. */
export async function readAnalytics(db: Queryable, days: number, now = Date.now()): Promise<Analytics> {
  const dayList = lastUtcDays(days, new Date(now));
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
}
