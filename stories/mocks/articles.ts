/**
 * MSW handlers for the articles API, built from the shared contract. A story picks a set:
 * `articleHandlers.list(...)` for a working, stateful API, or one of the variants for a state.
 */
import { delay, http, HttpResponse } from 'msw';
import type {
  Duplicate,
  DuplicatesResult,
  KeptArticleChecksResult,
  ArticleViews,
  Article,
  ArticleChecks,
  ArticleFilter,
  ArticleListResult,
  ArticleResult,
  ArticleSitesResult,
  ArticleSort,
  ArticleStats,
  BulkRequest,
  BulkResult,
  RescrapeRequest,
  ScrapeRequest,
  ScrapeResult,
  RestoreRequest,
  SearchSnippet,
  SlugCheckResult,
  TrashListResult,
} from '../../src/contract';
import {
  addressesOf,
  addressItems,
  apiErrors,
  checkArticle,
  byLikeness,
  checkTexts,
  DUPLICATE_SIMILARITY,
  failingItems,
  MAX_DUPLICATES,
  normalAddress,
  outlineOfDocument,
  signatureSimilarity,
  textSignature,
  MAX_BULK_IDS,
  MAX_REVISION_NAME_LENGTH,
  MAX_SEARCH_LENGTH,
  MAX_SITES,
  scheduleMessages,
  SEARCH_COUNT_CAP,
  scheduleProblem,
  seoMessages,
  seoProblem,
  seoValue,
  serverMessages,
  SNIPPET_CHARS,
  toArticleCard,
  VIEW_DAYS,
  type RevisionPatch,
  type SchedulePatch,
  type SeoPatch,
} from '../../src/contract';
import { articles as sampleArticles, countsOf, files as sampleFiles, fixturesNow, isScheduled, makeArticle, statsOf } from '../fixtures';
import { errorResponse } from './errors';
import { presenceApi } from './presence';
import { MockHistory, revisionAnswer, revisionNotFound, summaryOf, type SeedRevision } from './history';

const API = '*/api/articles';

/** The host an article was scraped from, as the server's `site` column has it. */
const siteOf = (a: Article) => {
  try {
    return a.scrapedUrl ? new URL(a.scrapedUrl).hostname.toLowerCase() : null;
  } catch {
    return null;
  }
};

/** A search as the mocks make it: the text (any case) in the title, slug, URLs or raw text. */
const matches = (a: Article, q: string) =>
  [a.title, a.slug, a.scrapedUrl, a.newUrl, a.scrappedData].some((field) => field?.toLowerCase().includes(q.toLowerCase()));

/**
 * The server's snippet, roughly: up to 160 characters of the raw text (or title) from a little
 * before the match, with the match as a range in code points (as the server counts them: an
 * emoji before the match is one, not the two UTF-16 units JavaScript indexes by).
 */
function snippetOf(a: Article, q: string): SearchSnippet {
  const has = (text: string | null | undefined): text is string => !!text?.toLowerCase().includes(q.toLowerCase());
  // The raw text where it matches, else the title where it does, else the raw text's start (no range).
  const source = has(a.scrappedData) ? a.scrappedData : has(a.title) ? a.title : a.scrappedData;
  const found = has(source);
  const points = Array.from(source);
  const at = found ? Array.from(source.slice(0, source.toLowerCase().indexOf(q.toLowerCase()))).length : 0;
  const start = found ? Math.max(0, at - 40) : 0;
  const text = points.slice(start, start + SNIPPET_CHARS).join('');
  const from = at - start;
  const length = Array.from(q).length;
  return { text, ranges: found && from + length <= Array.from(text).length ? [[from, from + length]] : [] };
}

const ORDERS: Record<ArticleSort, (a: Article, b: Article) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  oldest: (a, b) => a.createdAt.localeCompare(b.createdAt),
  updated: (a, b) => b.updatedAt.localeCompare(a.updatedAt),
  title: (a, b) =>
    a.title == null || b.title == null ? Number(a.title == null) - Number(b.title == null) : a.title.toLowerCase().localeCompare(b.title.toLowerCase()),
};

/**
 * An article's checks before publishing, by the same rule as the server's, on the browser's DOM
 * (kept per saved version: the server runs them by itself after each change). Other sites'
 * addresses are not asked here: one whose path says "broken" or "missing" answers 404.
 */
const checked = new WeakMap<Article, ArticleChecks>();
function checksOf(article: Article): ArticleChecks {
  const kept = checked.get(article);
  if (kept) return kept;
  const html = outlineOfDocument(new DOMParser().parseFromString(`<!doctype html><body>${article.blogData ?? ''}</body>`, 'text/html'));
  const checks = checkArticle(html, article.title ?? null, new Date(fixturesNow));
  const addresses = addressesOf(html);
  const answers = new Map(
    [...addresses.links, ...addresses.images].map((url) => {
      const ok = !/broken|missing/.test(url);
      return [url, { url, ok, detail: ok ? '' : checkTexts.status(404) }];
    }),
  );
  const found = { ...checks, items: [...checks.items, ...addressItems(addresses, answers)] };
  checked.set(article, found);
  return found;
}

/**
 * The articles `article` looks like a copy of among `all`, as the server finds them, but for one
 * thing: by address, only another spelling of it counts (an AMP or print version, tracking
 * parameters). The stories' fixtures share one default address, which the server would have
 * refused to scrape twice.
 */
function duplicatesIn(all: Article[], article: Article): Duplicate[] {
  const own = article.canonicalUrl ?? article.scrapedUrl;
  const address = normalAddress(own);
  const signature = textSignature(article.scrappedData);
  const found: Duplicate[] = [];
  for (const other of all) {
    if (other.id === article.id) continue;
    const theirs = textSignature(other.scrappedData);
    const similarity = signature && theirs ? signatureSimilarity(signature, theirs) : 0;
    const theirAddress = other.canonicalUrl ?? other.scrapedUrl;
    if (address !== null && theirAddress !== own && normalAddress(theirAddress) === address) found.push({ id: other.id, title: other.title ?? null, similarity, reason: 'address' });
    else if (similarity >= DUPLICATE_SIMILARITY) found.push({ id: other.id, title: other.title ?? null, similarity, reason: 'text' });
  }
  return found.sort(byLikeness).slice(0, MAX_DUPLICATES);
}

/** Whether an article's checks found something to fix (never, where no DOM parses HTML: the mocks' unit tests). */
const needsAttention = (article: Article) => typeof DOMParser !== 'undefined' && failingItems(checksOf(article)) > 0;

/** One page of the list (no cursors: the stories' data fits in one), with counts of the search, site, attention and copies filters. */
function listOf(all: Article[], params: URLSearchParams): ArticleListResult {
  const status = (params.get('status') ?? 'all') as ArticleFilter;
  const q = params.get('q')?.trim() ?? '';
  const site = params.get('site')?.toLowerCase();
  const attention = params.get('attention') === 'true';
  const copies = params.get('copies') === 'true';
  const sort = (params.get('sort') ?? 'newest') as ArticleSort;
  const found = all
    .filter(
      (a) =>
        (!q || matches(a, q)) &&
        (!site || siteOf(a) === site) &&
        (!attention || needsAttention(a)) &&
        (!copies || duplicatesIn(all, a).length > 0),
    )
    .sort(ORDERS[sort] ?? ORDERS.newest);
  const shown = status === 'all' ? found : found.filter((a) => (status === 'scheduled' ? isScheduled(a) : a.status === status));
  const data = shown
    .slice(0, Number(params.get('limit') ?? 50))
    .map((a) => ({ ...toArticleCard(a), snippet: q ? snippetOf(a, q) : null }));
  return { data, counts: countsOf(found), nextCursor: null, attention: Math.min(all.filter(needsAttention).length, SEARCH_COUNT_CAP + 1) };
}

/** The hosts of the articles of a status, most articles first (as GET /admin/sites answers; a search does not narrow it). */
function sitesOf(all: Article[], params: URLSearchParams): ArticleSitesResult {
  const status = (params.get('status') ?? 'all') as ArticleFilter;
  const counts = new Map<string, number>();
  for (const a of all) {
    const site = siteOf(a);
    if (site && (status === 'all' || (status === 'scheduled' ? isScheduled(a) : a.status === status))) counts.set(site, (counts.get(site) ?? 0) + 1);
  }
  const data = [...counts].map(([site, count]) => ({ site, count }));
  data.sort((a, b) => b.count - a.count || (a.site < b.site ? -1 : 1));
  return { data: data.slice(0, MAX_SITES) };
}

function suggestFree(slug: string, taken: Set<string>): string {
  for (let n = 2; ; n++) if (!taken.has(`${slug}-${n}`)) return `${slug}-${n}`;
}

/** A scraped draft as the server makes it: its slug is taken from the page's address. */
function scrapedDraft(id: string, url: string): Article {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? 'scraped-article';
  const slug = last.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'scraped-article';
  const now = new Date().toISOString();
  const title = slug.split('-').join(' ').replace(/^./, (c) => c.toUpperCase());
  return makeArticle({
    id,
    title,
    slug,
    scrapedUrl: url,
    newUrl: null,
    blogData: `<h1>${title}</h1><p>Scraped from ${url}</p>`,
    scrappedData: `Scraped from ${url}`,
    createdAt: now,
    updatedAt: now,
  });
}

/** An article's schedule times as dates. */
const timesOf = (a: Article) => ({
  publishAt: a.publishAt ? new Date(a.publishAt) : null,
  unpublishAt: a.unpublishAt ? new Date(a.unpublishAt) : null,
});

/**
 * A schedule change of `a` as the server makes it (server/routes/articles.ts): the times
 * checked by `scheduleProblem`, then what the article's status refuses; the changed article (its
 * updatedAt kept: it is not a content edit) or the refusal's code.
 */
function scheduled(a: Article, patch: SchedulePatch, now = new Date()): Article | { refused: 'validation_failed' | 'schedule_published' | 'schedule_needs_publish'; message?: string } {
  const before = timesOf(a);
  const problem = scheduleProblem(patch, now, before);
  if (problem) return { refused: 'validation_failed', message: problem };
  const pick = (field: 'publishAt' | 'unpublishAt') => (patch[field] === undefined ? (a[field] ?? null) : patch[field]);
  const after = { publishAt: pick('publishAt'), unpublishAt: pick('unpublishAt') };
  if (a.status === 'published' && patch.publishAt) return { refused: 'schedule_published' };
  if (a.status === 'draft' && after.unpublishAt && !after.publishAt) return { refused: 'schedule_needs_publish' };
  const cleared = !after.publishAt && !after.unpublishAt;
  return {
    ...a,
    ...after,
    scheduleTimeZone: cleared ? null : (patch.timeZone ?? a.scheduleTimeZone ?? null),
    scheduleFailure: null,
  };
}

/** The switch clears a schedule: publishing clears the publish time, a draft both. */
const switchClears = (status: Article['status']): Partial<Article> =>
  status === 'published' ? { publishAt: null, scheduleFailure: null } : { publishAt: null, unpublishAt: null, scheduleFailure: null, scheduleTimeZone: null };

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

/** An article in the mock's trash, and when it was deleted. */
export interface TrashedArticle {
  article: Article;
  deletedAt: string;
}

/** A page of the trash, most recently deleted first; the cursor is the offset of the next page. */
function trashPageOf(trash: Iterable<TrashedArticle>, params: URLSearchParams): TrashListResult {
  const all = [...trash].sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
  const from = Number(params.get('cursor') ?? 0) || 0;
  const limit = Number(params.get('limit') ?? 50);
  const page = all.slice(from, from + limit);
  return {
    data: page.map(({ article, deletedAt }) => ({ ...toArticleCard(article), deletedAt })),
    total: all.length,
    nextCursor: from + limit < all.length ? String(from + limit) : null,
  };
}

const published409 = () => errorResponse('article_published');
const articleNotFound = () => errorResponse('not_found', serverMessages.articleNotFound);

/**
 * A working in-memory articles API: list, stats, read, create, scrape (409 `already_scraped`
 * for an address in the db unless `force`), re-scrape, edit, publish, draft, slug check, and the
 * trash: delete moves an article there (out of the list, counts, stats, reads and slug checks),
 * the trash pages, restore (409 `restore_slug_taken` with a free suggestion when a live article
 * has its slug), delete forever (409 `not_in_trash` for a live article), and bulk actions
 * (publish, draft or delete several: changed, unchanged, refused as `not_found` when unknown or
 * in the trash; 400 `validation_failed` above MAX_BULK_IDS ids).
 */
export function articlesApi(
  initial: Article[] = sampleArticles,
  trashed: TrashedArticle[] = [],
  {
    goneForBulk = [],
    histories = {},
  }: {
    /** Ids a bulk action finds gone (deleted by someone else since the list was read): refused. */
    goneForBulk?: string[];
    /** Articles' histories as a story wants them (else one revision each: its creation or scrape). */
    histories?: Record<string, readonly SeedRevision[]>;
  } = {},
) {
  const db = new Map(initial.map((a) => [a.id, structuredClone(a)]));
  const trash = new Map(trashed.map((t) => [t.article.id, structuredClone(t)]));
  const history = new MockHistory([...initial, ...trashed.map((t) => t.article)], histories);
  const liveSlugs = () => new Set([...db.values()].map((a) => a.slug).filter((slug): slug is string => !!slug));
  let nextId = 1;
  const touch = (a: Article, patch: Partial<Article>): Article => {
    const next = { ...a, ...patch, updatedAt: new Date().toISOString() };
    db.set(a.id, next);
    return next;
  };
  return [
    // Nobody else on any article (a story shows others with `articleHandlers.presence`, before these).
    ...presenceApi(),
    http.get(`${API}/admin/articles`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      if ((params.get('q') ?? '').length > MAX_SEARCH_LENGTH) {
        return errorResponse('validation_failed', `Invalid querystring field "q": Too big: expected string to have <=${MAX_SEARCH_LENGTH} characters`);
      }
      return HttpResponse.json(listOf([...db.values()], params));
    }),
    http.get(`${API}/admin/sites`, ({ request }) =>
      HttpResponse.json(sitesOf([...db.values()], new URL(request.url).searchParams)),
    ),
    // The article page's views: none counted in the stories' library (30 days of 0).
    http.get(`${API}/:id/views`, ({ params }) => {
      if (!db.has(String(params.id))) return articleNotFound();
      const data = Array.from({ length: VIEW_DAYS }, (_, i) => ({
        day: new Date(Date.parse(fixturesNow) - (VIEW_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
        views: 0,
      }));
      return HttpResponse.json<ArticleViews>({ data, total: 0 });
    }),
    // The checks before publishing: those the server ran by itself after the last change, and a run on demand.
    http.get(`${API}/:id/checks`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      return HttpResponse.json<KeptArticleChecksResult>({ data: checksOf(article), stale: false });
    }),
    // Near-duplicates, by the server's rule (src/contract/duplicates.ts) over the stories' library.
    http.get(`${API}/:id/duplicates`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      return HttpResponse.json<DuplicatesResult>({ data: duplicatesIn([...db.values()], article) });
    }),
    http.post(`${API}/:id/checks`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      return HttpResponse.json<{ data: ArticleChecks }>({ data: checksOf(article) });
    }),
    http.get(`${API}/admin/stats`, () => HttpResponse.json<ArticleStats>(statsOf([...db.values()]))),
    http.get(`${API}/admin/trash`, ({ request }) =>
      HttpResponse.json(trashPageOf(trash.values(), new URL(request.url).searchParams)),
    ),
    http.post(`${API}/bulk`, async ({ request }) => {
      const body = (await request.json()) as BulkRequest;
      const { action, ids } = body;
      if (ids.length > MAX_BULK_IDS) {
        return errorResponse('validation_failed', 'Invalid body field "ids": ' + serverMessages.bulkTooMany);
      }
      if (action === 'schedule') {
        if (body.publishAt === undefined && body.unpublishAt === undefined) return errorResponse('validation_failed', 'Send publishAt, unpublishAt or both');
        const problem = scheduleProblem(body, new Date());
        if (problem) return errorResponse('validation_failed', problem);
      }
      const result: BulkResult = { changed: [], unchanged: [], refused: [] };
      for (const id of new Set(ids)) {
        const article = goneForBulk.includes(id) ? undefined : db.get(id);
        if (!article) {
          result.refused.push({ id, code: 'not_found', message: serverMessages.articleNotFound });
        } else if (action === 'schedule') {
          const { publishAt, unpublishAt, timeZone } = body;
          const next = scheduled(article, { publishAt, unpublishAt, timeZone });
          if ('refused' in next) {
            const message = next.refused === 'validation_failed' ? scheduleMessages.unpublishBeforePublish : apiErrors[next.refused].message;
            result.refused.push({ id, code: next.refused, message: message ?? '' });
          } else {
            db.set(id, next);
            result.changed.push(id);
          }
        } else if (action === 'delete') {
          db.delete(id);
          trash.set(id, { article, deletedAt: new Date().toISOString() });
          history.record(article, 'bulk_trash', { inTrash: true });
          result.changed.push(id);
        } else {
          const status = action === 'publish' ? 'published' : 'draft';
          if (article.status === status) result.unchanged.push(id);
          else {
            history.record(touch(article, { status, ...switchClears(status) }), action === 'publish' ? 'bulk_publish' : 'bulk_draft');
            result.changed.push(id);
          }
        }
      }
      return HttpResponse.json(result);
    }),
    http.post(`${API}/:id/restore`, async ({ params, request }) => {
      const entry = trash.get(String(params.id));
      if (!entry) return articleNotFound();
      const text = await request.text();
      const { slug: chosen } = (text ? JSON.parse(text) : {}) as RestoreRequest;
      const slug = chosen ?? entry.article.slug;
      const taken = liveSlugs();
      if (slug && taken.has(slug)) return errorResponse('restore_slug_taken', { suggestion: suggestFree(slug, taken) });
      trash.delete(entry.article.id);
      db.set(entry.article.id, entry.article);
      const restored = touch(entry.article, { slug });
      history.record(restored, 'untrash');
      return HttpResponse.json<ArticleResult>({ data: restored });
    }),
    http.delete(`${API}/:id/forever`, ({ params }) => {
      const id = String(params.id);
      if (trash.delete(id)) {
        history.forget(id);
        return new HttpResponse(null, { status: 204 });
      }
      return db.has(id) ? errorResponse('not_in_trash', serverMessages.notInTrash) : articleNotFound();
    }),
    http.post(`${API}/scrape`, async ({ request }) => {
      const { url, force } = (await request.json()) as ScrapeRequest;
      const before = [...db.values()].find((a) => a.scrapedUrl === url);
      if (before && !force) {
        return errorResponse('already_scraped', { articleId: before.id });
      }
      const article = scrapedDraft(`art_scraped_${String(nextId++).padStart(4, '0')}`, url);
      db.set(article.id, article);
      history.record(article, 'scrape', { sourceHtml: sourceHtmlOf(url) });
      return HttpResponse.json<ScrapeResult>({ data: article, ...scrapeExtras(url), duplicates: duplicatesIn([...db.values()], article) }, { status: 201 });
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
        // As the server: the source's title with its content, or where there is none.
        ...(replaceBlogData || !article.title ? { title: fresh.title } : {}),
      });
      history.record(next, 'rescrape', { sourceHtml: sourceHtmlOf(article.scrapedUrl) });
      return HttpResponse.json<ScrapeResult>({ data: next, ...scrapeExtras(article.scrapedUrl) });
    }),
    http.post(API, async ({ request }) => {
      const body = (await request.json()) as Partial<Article>;
      const now = new Date().toISOString();
      const article = makeArticle({
        id: `art_created_${String(nextId++).padStart(4, '0')}`,
        title: body.title?.trim() || null,
        slug: body.slug ?? null,
        blogData: body.blogData ?? null,
        scrapedUrl: null,
        newUrl: null,
        scrappedData: '',
        createdAt: now,
        updatedAt: now,
      });
      db.set(article.id, article);
      history.record(article, 'create');
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
      if (article.status === 'published') return HttpResponse.json<ArticleResult>({ data: article });
      const next = touch(article, { status: 'published', ...switchClears('published') });
      history.record(next, 'publish');
      return HttpResponse.json<ArticleResult>({ data: next });
    }),
    http.patch(`${API}/:id/draft`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      if (article.status === 'draft') return HttpResponse.json<ArticleResult>({ data: article });
      const next = touch(article, { status: 'draft', ...switchClears('draft') });
      history.record(next, 'draft');
      return HttpResponse.json<ArticleResult>({ data: next });
    }),
    // History (stories/mocks/history.ts).
    http.get(`${API}/:id/revisions`, ({ params, request }) => {
      const id = String(params.id);
      if (!db.has(id)) return articleNotFound();
      return HttpResponse.json(history.page(id, new URL(request.url).searchParams));
    }),
    http.get(`${API}/:id/revisions/:rev`, ({ params }) => {
      const id = String(params.id);
      if (!db.has(id)) return articleNotFound();
      const revision = history.find(id, Number(params.rev));
      return revision ? revisionAnswer(id, revision, history.latest(id)) : revisionNotFound();
    }),
    http.patch(`${API}/:id/revisions/:rev`, async ({ params, request }) => {
      const id = String(params.id);
      if (!db.has(id)) return articleNotFound();
      const revision = history.find(id, Number(params.rev));
      if (!revision) return revisionNotFound();
      const patch = (await request.json()) as RevisionPatch;
      if (patch.pinned === undefined && patch.name === undefined) return errorResponse('validation_failed', 'Invalid body: Send pinned, name or both');
      const name = patch.name?.trim();
      if (name && name.length > MAX_REVISION_NAME_LENGTH) {
        return errorResponse('validation_failed', `Invalid body field "name": ${serverMessages.revisionNameTooLong}`);
      }
      if (patch.pinned !== undefined) revision.pinned = patch.pinned;
      if (patch.name !== undefined) revision.name = name || null;
      return HttpResponse.json({ data: summaryOf(id, revision, history.latest(id)) });
    }),
    http.post(`${API}/:id/revisions/:rev/restore`, ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      const revision = history.find(article.id, Number(params.rev));
      if (!revision) return revisionNotFound();
      if (article.status === 'published') return published409();
      const ifMatch = request.headers.get('if-match');
      if (ifMatch && ifMatch !== '*' && Date.parse(ifMatch) !== Date.parse(article.updatedAt)) return errorResponse('stale_article');
      const { title, slug, blogData, scrappedData, scrapedUrl, newUrl } = revision.snapshot;
      const content = { title, slug, blogData, scrappedData, scrapedUrl, newUrl };
      if ((Object.keys(content) as (keyof typeof content)[]).every((key) => (article[key] ?? null) === content[key])) {
        return HttpResponse.json<ArticleResult>({ data: article });
      }
      if (slug && slug !== article.slug && [...db.values()].some((a) => a.id !== article.id && a.slug === slug)) return errorResponse('slug_taken');
      const next = touch(article, content);
      history.record(next, 'restore', { restoredFrom: revision.number });
      return HttpResponse.json<ArticleResult>({ data: next });
    }),
    // A failed scheduled change, run now: the mock fails it again while its reason holds (no slug).
    http.post(`${API}/:id/schedule/retry`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      const failure = article.scheduleFailure;
      if (!failure) return errorResponse('schedule_not_failed');
      if (failure.action === 'publish' && !article.slug) {
        return errorResponse('schedule_failed', `${scheduleMessages.failed('publish')}: ${scheduleMessages.noSlug}`);
      }
      const status = failure.action === 'publish' ? 'published' : 'draft';
      const cleared = failure.action === 'publish' ? { publishAt: null } : { unpublishAt: null };
      const next = touch(article, { status, ...cleared, scheduleFailure: null });
      history.record(next, failure.action === 'publish' ? 'scheduled_publish' : 'scheduled_draft');
      return HttpResponse.json<ArticleResult>({ data: next });
    }),
    http.patch(`${API}/:id`, async ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      const text = await request.clone().text();
      // A schedule change: any status, no If-Match.
      if (/"(publishAt|unpublishAt)"/.test(text)) {
        const next = scheduled(article, JSON.parse(text) as SchedulePatch);
        if ('refused' in next) return next.refused === 'validation_failed' ? errorResponse('validation_failed', next.message!) : errorResponse(next.refused);
        db.set(article.id, next);
        return HttpResponse.json<ArticleResult>({ data: next });
      }
      if (article.status === 'published') return published409();
      // If-Match carries the updatedAt the client saw: an older one is refused, as the server does.
      const ifMatch = request.headers.get('if-match');
      if (ifMatch && ifMatch !== '*' && Date.parse(ifMatch) !== Date.parse(article.updatedAt)) return errorResponse('stale_article');
      const body = (await request.json()) as Partial<Pick<Article, 'slug' | 'blogData' | 'title'>> | { seo: SeoPatch };
      if ('seo' in body) {
        // Checked and stored as the server does: trimmed, empty as null, the image one of the library's.
        const problem = seoProblem(body.seo);
        if (problem) return errorResponse('validation_failed', problem);
        const seo = Object.fromEntries(Object.entries(body.seo).map(([field, value]) => [field, seoValue(value)]));
        if (seo.socialImageId && !sampleFiles.some((file) => file.id === seo.socialImageId && file.type === 'image')) {
          return errorResponse('validation_failed', seoMessages.socialImageNotImage);
        }
        const next = touch(article, seo);
        history.record(next, 'edit');
        return HttpResponse.json<ArticleResult>({ data: next });
      }
      // A title is stored trimmed; empty clears it (as the server does).
      const patch = 'title' in body ? { title: body.title?.trim() || null } : body;
      const next = touch(article, patch);
      history.record(next, 'edit');
      return HttpResponse.json<ArticleResult>({ data: next });
    }),
    http.delete(`${API}/:id`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return articleNotFound();
      db.delete(article.id);
      trash.set(article.id, { article, deletedAt: new Date().toISOString() });
      history.record(article, 'trash', { inTrash: true });
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** The page's article HTML as the mock's extractor finds it: what the history sets beside the blog HTML. */
const sourceHtmlOf = (url: string) =>
  `<div class="post"><h1>${new URL(url).pathname.split('/').pop() ?? 'Article'}</h1><p>Scraped from ${url}</p><div class="share">Share this</div></div>`;

/** Variants for the states a designer reviews. */
export const articleHandlers = {
  api: articlesApi,
  /** Who else is on the article page (put before `api()` in `msw.use`). */
  presence: presenceApi,
  empty: () => articlesApi([]),
  loadingList: () => [http.get(`${API}/admin/articles`, () => delay('infinite'))],
  loadingTrash: () => [http.get(`${API}/admin/trash`, () => delay('infinite'))],
  /** The trash cannot be read (503 database_unavailable); the count and the other tabs still answer from `api()`. */
  failingTrashList: () => [
    http.get(`${API}/admin/trash`, ({ request }) =>
      new URL(request.url).searchParams.get('limit') === '1' ? undefined : errorResponse('database_unavailable'),
    ),
  ],
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
  /** A bulk action never answers (the bar's pending state). */
  slowBulk: () => [http.post(`${API}/bulk`, () => delay('infinite'))],
  /** A bulk action fails (503 database_unavailable): the selection stays. */
  failingBulk: () => [http.post(`${API}/bulk`, () => errorResponse('database_unavailable'))],
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
  /** The history never answers (its loading state). */
  loadingHistory: () => [http.get(`${API}/:id/revisions`, () => delay('infinite'))],
  /** The history cannot be read (503 database_unavailable). */
  failingHistory: () => [http.get(`${API}/:id/revisions`, () => errorResponse('database_unavailable'))],
  /** A revision's snapshot never comes (a comparison's loading state). */
  loadingRevision: () => [http.get(`${API}/:id/revisions/:rev`, () => delay('infinite'))],
  /** A restore never answers (the dialog's pending state). */
  slowRestore: () => [http.post(`${API}/:id/revisions/:rev/restore`, () => delay('infinite'))],
  /**
   * A restore refused by the server: the article was published (in another tab), changed by
   * another admin since it was loaded, or the revision's slug is another article's now.
   */
  restoreRefused: (code: 'article_published' | 'stale_article' | 'slug_taken' = 'stale_article') => [
    http.post(`${API}/:id/revisions/:rev/restore`, () => errorResponse(code)),
  ],
  unauthorized: () => [
    http.all(`${API}/*`, () => errorResponse('unauthorized', { headers: { 'www-authenticate': 'Bearer' } })),
  ],
};
