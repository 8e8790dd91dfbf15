/**
 * MSW handlers for the Analytics screen (GET /api/analytics?days=30|90), and the figures they
 * answer with: built from fixed dates and formulas, so every story (and its play) sees the same
 * numbers on every run.
 */
import { delay, http, HttpResponse } from 'msw';
import { ANALYTICS_PERIODS, type Analytics } from '../../src/contract';
import { errorResponse } from './errors';

/** The last day of every sample period (UTC). */
export const ANALYTICS_END_DAY = '2026-11-24';

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

/** The `days` UTC days up to and including `end`, oldest first, as the server lists them. */
export function analyticsDays(days: number, end = ANALYTICS_END_DAY): string[] {
  const last = Date.parse(`${end}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(last - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export const sampleTopArticles: Analytics['topArticles'] = [
  { id: 'art_0000000000000001', title: 'How to grow tomatoes in small spaces', slug: 'grow-tomatoes', views: 412 },
  { id: 'art_0000000000000002', title: 'A weekend in Lisbon on a budget', slug: 'lisbon-weekend', views: 305 },
  { id: 'art_0000000000000003', title: null, slug: 'sourdough-starter-guide', views: 198 },
  { id: 'art_0000000000000004', title: 'Ten houseplants that survive anything', slug: 'easy-houseplants', views: 150 },
  { id: 'art_00000000deadbeef', title: null, slug: null, views: 87 },
  { id: 'art_0000000000000006', title: 'Composting for beginners', slug: 'composting-101', views: 42 },
];

export const sampleTopSites: Analytics['topSites'] = [
  { site: 'garden.example.com', count: 24 },
  { site: 'travel.example.org', count: 13 },
  { site: 'kitchen.example.net', count: 9 },
  { site: 'a-very-long-subdomain.news.example.com', count: 4 },
  { site: 'blog.example.io', count: 1 },
];

/**
 * A period of figures: a few articles most days (more midweek), views that grow through the
 * period with a weekly rhythm, and a library that gains an image most days and a PDF weekly.
 */
export function sampleAnalytics(days: number, end = ANALYTICS_END_DAY): Analytics {
  const list = analyticsDays(days, end);
  // The day's place in the whole 90-day run, so the 30 days are the last 30 of the 90.
  const offset = 90 - days;
  let images = 40 * MB;
  let pdfs = 12 * MB;
  return {
    days,
    articles: list.map((day, i) => {
      const n = offset + i;
      return { day, created: (n * 7) % 5, published: n % 3 === 0 ? 2 : n % 4 === 0 ? 1 : 0, deleted: n % 11 === 0 ? 1 : 0 };
    }),
    views: list.map((day, i) => {
      const n = offset + i;
      return { day, views: 20 + n * 2 + ((n * 37) % 17) + (n % 7 === 5 ? 30 : 0) };
    }),
    topArticles: sampleTopArticles,
    topSites: sampleTopSites,
    storage: list.map((day, i) => {
      const n = offset + i;
      if (n % 3 !== 0) images += (n % 5) * 512 * 1024;
      if (n % 7 === 0) pdfs += 2 * MB;
      return { day, images, pdfs };
    }),
  };
}

/** A period with nothing in it: a fresh library. */
export function emptyAnalytics(days: number, end = ANALYTICS_END_DAY): Analytics {
  const list = analyticsDays(days, end);
  return {
    days,
    articles: list.map((day) => ({ day, created: 0, published: 0, deleted: 0 })),
    views: list.map((day) => ({ day, views: 0 })),
    topArticles: [],
    topSites: [],
    storage: list.map((day) => ({ day, images: 0, pdfs: 0 })),
  };
}

/** The period asked for, or the server's 400 for any other. */
function period(request: Request): number | Response {
  const asked = new URL(request.url).searchParams.get('days') ?? '30';
  const days = Number(asked);
  if (!(ANALYTICS_PERIODS as readonly number[]).includes(days)) {
    return errorResponse('validation_failed', 'Invalid querystring field "days": Choose 30 or 90 days');
  }
  return days;
}

const ANALYTICS = '*/api/analytics';

export const analyticsHandlers = {
  /** The figures `build` makes for the period asked for (the sample by default). */
  api: (build: (days: number) => Analytics = sampleAnalytics) => [
    http.get(ANALYTICS, ({ request }) => {
      const days = period(request);
      return typeof days === 'number' ? HttpResponse.json(build(days)) : days;
    }),
  ],
  /** Nothing happened in either period, and the library is empty. */
  empty: () => analyticsHandlers.api(emptyAnalytics),
  /** The answer never comes: the screen stays loading. */
  loading: () => [http.get(ANALYTICS, () => delay('infinite'))],
  failing: () => [http.get(ANALYTICS, () => errorResponse('database_unavailable'))],
  /** Fails `times` times, then answers with the sample (a Retry that works). */
  failingThenOk: (times = 1) => {
    let failures = 0;
    return [
      http.get(ANALYTICS, ({ request }) => {
        if (failures < times) {
          failures += 1;
          return errorResponse('database_unavailable');
        }
        const days = period(request);
        return typeof days === 'number' ? HttpResponse.json(sampleAnalytics(days)) : days;
      }),
    ];
  },
};
