/**
 * MSW handlers for the articles API, built from the shared contract. A story picks a set:
 * `articleHandlers.list(...)` for a working, stateful API, or one of the variants for a state.
 */
import { delay, http, HttpResponse } from 'msw';
import type {
  Article,
  ArticleFilter,
  ArticleListResult,
  ArticleResult,
  ArticleStats,
  RescrapeRequest,
  ScrapeRequest,
  ScrapeResult,
  SlugCheckResult,
} from '../../src/contract';
import { serverMessages, toArticleCard } from '../../src/contract';
import { articles as sampleArticles, countsOf, makeArticle, statsOf } from '../fixtures';
import { errorResponse } from './errors';

const API = '*/api/articles';

function listOf(all: Article[], status: ArticleFilter, limit = 50): ArticleListResult {
  const sorted = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const filtered = status === 'all' ? sorted : sorted.filter((a) => a.status === status);
  return { data: filtered.slice(0, limit).map(toArticleCard), counts: countsOf(all), nextCursor: null };
}

function suggestFree(slug: string, taken: Set<string>): string {
  for (let n = 2; ; n++) if (!taken.has(`${slug}-${n}`)) return `${slug}-${n}`;
}

/** A scraped draft as the server makes it: its slug is taken from the page's address. */
function scrapedDraft(id: string, url: string): Article {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? 'scraped-article';
  const slug = last.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'scraped-article';
  const now = new Date().toISOString();
  return makeArticle({
    id,
    slug,
    scrapedUrl: url,
    newUrl: null,
    blogData: `<h1>${slug}</h1><p>Scraped from ${url}</p>`,
    scrappedData: `Scraped from ${url}`,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * What a scrape brings home besides the text. A page whose address contains 'images' has two
 * images the server could not store (kept at their original address): the stories' warnings.
 */
export function scrapeExtras(url: string): Pick<ScrapeResult, 'warnings' | 'images'> {
  if (!url.includes('images')) return { warnings: [], images: { imported: 2, reused: 1 } };
  const origin = new URL(url).origin;
  return {
    warnings: [
      { url: `${origin}/media/panorama.tiff`, message: 'The image type is not accepted.' },
      { url: `${origin}/media/poster.png`, message: 'The image could not be fetched (HTTP 404).' },
    ],
    images: { imported: 3, reused: 0 },
  };
}

const published409 = () => errorResponse('article_published');
const articleNotFound = () => errorResponse('not_found', serverMessages.articleNotFound);

/**
 * A working in-memory articles API: list, stats, read, create, scrape (409 `already_scraped`
 * for an address in the db unless `force`), re-scrape, edit, publish, draft, delete, slug check.
 */
export function articlesApi(initial: Article[] = sampleArticles) {
  const db = new Map(initial.map((a) => [a.id, structuredClone(a)]));
  let nextId = 1;
  const touch = (a: Article, patch: Partial<Article>): Article => {
    const next = { ...a, ...patch, updatedAt: new Date().toISOString() };
    db.set(a.id, next);
    return next;
  };
  return [
    http.get(`${API}/admin/articles`, ({ request }) => {
      const url = new URL(request.url);
      const status = (url.searchParams.get('status') ?? 'all') as ArticleFilter;
      return HttpResponse.json(listOf([...db.values()], status, Number(url.searchParams.get('limit') ?? 50)));
    }),
    http.get(`${API}/admin/stats`, () => HttpResponse.json<ArticleStats>(statsOf([...db.values()]))),
    http.post(`${API}/scrape`, async ({ request }) => {
      const { url, force } = (await request.json()) as ScrapeRequest;
      const before = [...db.values()].find((a) => a.scrapedUrl === url);
      if (before && !force) {
        return errorResponse('already_scraped', { articleId: before.id });
      }
      const article = scrapedDraft(`art_scraped_${String(nextId++).padStart(4, '0')}`, url);
      db.set(article.id, article);
      return HttpResponse.json<ScrapeResult>({ data: article, ...scrapeExtras(url) }, { status: 201 });
    }),
    http.post(`${API}/:id/rescrape`, async ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      if (article.status === 'published') return published409();
      if (!article.scrapedUrl) return errorResponse('no_scraped_url');
      const { replaceBlogData } = (await request.json()) as RescrapeRequest;
      const fresh = scrapedDraft(article.id, article.scrapedUrl);
      const next = touch(article, {
        scrappedData: `${fresh.scrappedData}, again.`,
        ...(replaceBlogData ? { blogData: `${fresh.blogData}<p>Scraped again.</p>` } : {}),
      });
      return HttpResponse.json<ScrapeResult>({ data: next, ...scrapeExtras(article.scrapedUrl) });
    }),
    http.post(API, async ({ request }) => {
      const body = (await request.json()) as Partial<Article>;
      const now = new Date().toISOString();
      const article = makeArticle({
        id: `art_created_${String(nextId++).padStart(4, '0')}`,
        slug: body.slug ?? null,
        blogData: body.blogData ?? null,
        scrapedUrl: null,
        newUrl: null,
        scrappedData: '',
        createdAt: now,
        updatedAt: now,
      });
      db.set(article.id, article);
      return HttpResponse.json<ArticleResult>({ data: article }, { status: 201 });
    }),
    http.get(`${API}/slug/check/:slug`, ({ params, request }) => {
      const slug = String(params.slug);
      const excludeId = new URL(request.url).searchParams.get('excludeId');
      const taken = new Set(
        [...db.values()].filter((a) => a.id !== excludeId && a.slug).map((a) => a.slug as string),
      );
      const result: SlugCheckResult = taken.has(slug)
        ? { available: false, message: serverMessages.slugTaken, slug: suggestFree(slug, taken) }
        : { available: true, message: serverMessages.slugAvailable, slug };
      return HttpResponse.json(result);
    }),
    http.get(`${API}/:id`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      return HttpResponse.json<ArticleResult>({ data: article });
    }),
    http.patch(`${API}/:id/publish`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      return HttpResponse.json<ArticleResult>({ data: touch(article, { status: 'published' }) });
    }),
    http.patch(`${API}/:id/draft`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      return HttpResponse.json<ArticleResult>({ data: touch(article, { status: 'draft' }) });
    }),
    http.patch(`${API}/:id`, async ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      if (article.status === 'published') return published409();
      const body = (await request.json()) as Partial<Pick<Article, 'slug' | 'blogData'>>;
      return HttpResponse.json<ArticleResult>({ data: touch(article, body) });
    }),
    http.delete(`${API}/:id`, ({ params }) =>
      db.delete(String(params.id)) ? new HttpResponse(null, { status: 204 }) : articleNotFound(),
    ),
  ];
}

/** Variants for the states a designer reviews. */
export const articleHandlers = {
  api: articlesApi,
  empty: () => articlesApi([]),
  loadingList: () => [http.get(`${API}/admin/articles`, () => delay('infinite'))],
  /** Fixed dashboard figures (put before `api()` in `msw.use` to take precedence). */
  stats: (stats: ArticleStats) => [http.get(`${API}/admin/stats`, () => HttpResponse.json(stats))],
  loadingStats: () => [http.get(`${API}/admin/stats`, () => delay('infinite'))],
  /** The address is refused (400 url_not_allowed), with the server's reason. */
  scrapeRefused: (
    message = 'This address is not allowed: private, loopback and link-local addresses cannot be scraped',
  ) => [http.post(`${API}/scrape`, () => errorResponse('url_not_allowed', message))],
  /**
   * Scrapes of addresses containing `fragment` fail (502 fetch_failed) with the server's
   * message; others go on to the next handler (put before `api()`).
   */
  scrapeFailsFor: (fragment: string, message = 'The page could not be fetched (HTTP 503).') => [
    http.post(`${API}/scrape`, async ({ request }) => {
      const { url } = (await request.clone().json()) as ScrapeRequest;
      if (url.includes(fragment)) return errorResponse('fetch_failed', message);
      return undefined;
    }),
  ],
  /**
   * Scrapes of addresses containing `fragment` (all when omitted) take `ms`, or never answer;
   * then the next handler answers (put before `api()`).
   */
  slowScrape: (ms: number | 'infinite' = 'infinite', fragment = '') => [
    http.post(`${API}/scrape`, async ({ request }) => {
      const { url } = (await request.clone().json()) as ScrapeRequest;
      if (url.includes(fragment)) await delay(ms);
      return undefined;
    }),
  ],
  slowRescrape: () => [http.post(`${API}/:id/rescrape`, () => delay('infinite'))],
  failingRescrape: (message = 'The page could not be fetched (HTTP 503).') => [
    http.post(`${API}/:id/rescrape`, () => errorResponse('fetch_failed', message)),
  ],
  /** The server found the article published meanwhile (the page still shows it as a draft). */
  rescrapeRefusedPublished: () => [http.post(`${API}/:id/rescrape`, published409)],
  loadingArticle: () => [http.get(`${API}/:id`, () => delay('infinite'))],
  /**
   * The list fails (500 internal). `_storyMessage` is ignored (the message is the server's): it
   * stays only until the stories stop passing one.
   */
  /** The database is down (503 database_unavailable, as the server answers then). */
  failingList: () => [http.get(`${API}/admin/articles`, () => errorResponse('database_unavailable'))],
  /** The article cannot be read: 404 not_found, or 500 internal. */
  failingArticle: (status: 404 | 500 = 404) => [
    http.get(`${API}/:id`, () => (status === 404 ? articleNotFound() : errorResponse('internal'))),
  ],
  failingPublish: () => [http.patch(`${API}/:id/publish`, () => errorResponse('internal'))],
  failingDraft: () => [http.patch(`${API}/:id/draft`, () => errorResponse('internal'))],
  failingStats: () => [http.get(`${API}/admin/stats`, () => errorResponse('internal'))],
  failingSlugCheck: () => [http.get(`${API}/slug/check/:slug`, () => errorResponse('internal'))],
  slowMutations: () => [
    http.patch(`${API}/:id/publish`, () => delay('infinite')),
    http.patch(`${API}/:id/draft`, () => delay('infinite')),
    http.patch(`${API}/:id`, () => delay('infinite')),
  ],
  unauthorized: () => [
    http.all(`${API}/*`, () => errorResponse('unauthorized', { headers: { 'www-authenticate': 'Bearer' } })),
  ],
};
