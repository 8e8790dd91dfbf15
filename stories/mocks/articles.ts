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

const published409 = () =>
  HttpResponse.json({ message: serverMessages.articlePublished, code: 'article_published' }, { status: 409 });

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
        return HttpResponse.json(
          { message: serverMessages.alreadyScraped, code: 'already_scraped', articleId: before.id },
          { status: 409 },
        );
      }
      const article = scrapedDraft(`art_scraped_${String(nextId++).padStart(4, '0')}`, url);
      db.set(article.id, article);
      return HttpResponse.json<ScrapeResult>({ data: article, ...scrapeExtras(url) }, { status: 201 });
    }),
    http.post(`${API}/:id/rescrape`, async ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return HttpResponse.json({ message: 'Article not found', code: 'not_found' }, { status: 404 });
      if (article.status === 'published') return published409();
      if (!article.scrapedUrl) {
        return HttpResponse.json({ message: serverMessages.noScrapedUrl, code: 'no_scraped_url' }, { status: 400 });
      }
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
        ? { available: false, message: 'Slug is already taken', slug: suggestFree(slug, taken) }
        : { available: true, message: 'Slug is available', slug };
      return HttpResponse.json(result);
    }),
    http.get(`${API}/:id`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return HttpResponse.json({ message: 'Article not found', code: 'not_found' }, { status: 404 });
      return HttpResponse.json<ArticleResult>({ data: article });
    }),
    http.patch(`${API}/:id/publish`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return HttpResponse.json({ message: 'Article not found', code: 'not_found' }, { status: 404 });
      return HttpResponse.json<ArticleResult>({ data: touch(article, { status: 'published' }) });
    }),
    http.patch(`${API}/:id/draft`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return HttpResponse.json({ message: 'Article not found', code: 'not_found' }, { status: 404 });
      return HttpResponse.json<ArticleResult>({ data: touch(article, { status: 'draft' }) });
    }),
    http.patch(`${API}/:id`, async ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return HttpResponse.json({ message: 'Article not found', code: 'not_found' }, { status: 404 });
      if (article.status === 'published') {
        return HttpResponse.json(
          { message: 'Published articles cannot be edited. Convert to draft first.', code: 'published' },
          { status: 409 },
        );
      }
      const body = (await request.json()) as Partial<Pick<Article, 'slug' | 'blogData'>>;
      return HttpResponse.json<ArticleResult>({ data: touch(article, body) });
    }),
    http.delete(`${API}/:id`, ({ params }) => {
      db.delete(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
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
  scrapeRefused: (message = 'Only http(s) addresses can be scraped', status = 400) => [
    http.post(`${API}/scrape`, () => HttpResponse.json({ message, code: 'bad_request' }, { status })),
  ],
  /**
   * Scrapes of addresses containing `fragment` fail with the server's message; others go on to
   * the next handler (put before `api()`).
   */
  scrapeFailsFor: (fragment: string, message = 'The page could not be fetched (HTTP 503).', status = 502, code = 'fetch_failed') => [
    http.post(`${API}/scrape`, async ({ request }) => {
      const { url } = (await request.clone().json()) as ScrapeRequest;
      if (url.includes(fragment)) return HttpResponse.json({ message, code }, { status });
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
  failingRescrape: (message = 'The page could not be fetched (HTTP 503).', status = 502, code = 'fetch_failed') => [
    http.post(`${API}/:id/rescrape`, () => HttpResponse.json({ message, code }, { status })),
  ],
  /** The server found the article published meanwhile (the page still shows it as a draft). */
  rescrapeRefusedPublished: () => [http.post(`${API}/:id/rescrape`, published409)],
  loadingArticle: () => [http.get(`${API}/:id`, () => delay('infinite'))],
  failingList: (message = 'Internal server error') => [
    http.get(`${API}/admin/articles`, () => HttpResponse.json({ message, code: 'internal' }, { status: 500 })),
  ],
  failingArticle: (status = 404, message = 'Article not found') => [
    http.get(`${API}/:id`, () => HttpResponse.json({ message, code: 'not_found' }, { status })),
  ],
  failingPublish: () => [
    http.patch(`${API}/:id/publish`, () =>
      HttpResponse.json({ message: 'Internal server error', code: 'internal' }, { status: 500 }),
    ),
  ],
  failingDraft: () => [
    http.patch(`${API}/:id/draft`, () =>
      HttpResponse.json({ message: 'Internal server error', code: 'internal' }, { status: 500 }),
    ),
  ],
  failingStats: () => [
    http.get(`${API}/admin/stats`, () =>
      HttpResponse.json({ message: 'Internal server error', code: 'internal' }, { status: 500 }),
    ),
  ],
  failingSlugCheck: () => [
    http.get(`${API}/slug/check/:slug`, () =>
      HttpResponse.json({ message: 'Internal server error', code: 'internal' }, { status: 500 }),
    ),
  ],
  slowMutations: () => [
    http.patch(`${API}/:id/publish`, () => delay('infinite')),
    http.patch(`${API}/:id/draft`, () => delay('infinite')),
    http.patch(`${API}/:id`, () => delay('infinite')),
  ],
  unauthorized: () => [
    http.all(`${API}/*`, () => HttpResponse.json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 })),
  ],
};
