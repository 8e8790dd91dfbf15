/**
 * What the mock articles API computes from its in-memory data: a page of the list and its
 * counts, the sites, a search's snippet, each article's checks and near-copies, a schedule's
 * rules and a page of the trash (stories/mocks/articles.ts answers with them).
 */
import type {
  Duplicate,
  Article,
  ArticleChecks,
  ArticleFilter,
  ArticleListResult,
  ArticleSitesResult,
  ArticleSort,
  ScrapeResult,
  SearchSnippet,
  TrashListResult,
} from '../../src/contract';
import {
  addressesOf,
  addressItems,
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
  MAX_SITES,
  SEARCH_COUNT_CAP,
  scheduleProblem,
  SNIPPET_CHARS,
  toArticleCard,
  type SchedulePatch,
} from '../../src/contract';
import {
  countsOf,
  fixturesNow,
  isScheduled,
  makeArticle,
} from '../fixtures';


/** The host an article was scraped from, as the server's `site` column has it. */
export const siteOf = (a: Article) => {
  try {
    return a.scrapedUrl ? new URL(a.scrapedUrl).hostname.toLowerCase() : null;
  } catch {
    return null;
  }
};

/** A search as the mocks make it: the text (any case) in the title, slug, URLs or raw text. */
export const matches = (a: Article, q: string) =>
  [a.title, a.slug, a.scrapedUrl, a.newUrl, a.scrappedData].some((field) => field?.toLowerCase().includes(q.toLowerCase()));

/**
 * The server's snippet, roughly: up to 160 characters of the raw text (or title) from a little
 * before the match, with the match as a range in code points (as the server counts them: an
 * emoji before the match is one, not the two UTF-16 units JavaScript indexes by).
 */
export function snippetOf(a: Article, q: string): SearchSnippet {
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

export const ORDERS: Record<ArticleSort, (a: Article, b: Article) => number> = {
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
export const checked = new WeakMap<Article, ArticleChecks>();
export function checksOf(article: Article): ArticleChecks {
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

/** The checks as the server answers them: an image of the library without alt text carries its file's (server/articles/runChecks.ts). */
export function withFileAlts(checks: ArticleChecks, alts: Record<string, string>): ArticleChecks {
  const altOf = (target: string) => alts[/\/api\/files\/([^/?#]+)\/(?:content|thumbnail)/.exec(target)?.[1] ?? ''];
  return {
    ...checks,
    items: checks.items.map((item) => (item.kind === 'alt' && !item.ok && altOf(item.target) ? { ...item, fileAlt: altOf(item.target) } : item)),
  };
}

/**
 * The articles `article` looks like a copy of among `all`, as the server finds them, but for one
 * thing: by address, only another spelling of it counts (an AMP or print version, tracking
 * parameters). The stories' fixtures share one default address, which the server would have
 * refused to scrape twice.
 */
export function duplicatesIn(all: Article[], article: Article): Duplicate[] {
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
export const needsAttention = (article: Article) => typeof DOMParser !== 'undefined' && failingItems(checksOf(article)) > 0;

/** One page of the list (no cursors: the stories' data fits in one), with counts of the search, site, attention and copies filters. */
export function listOf(all: Article[], params: URLSearchParams, me = 'u1'): ArticleListResult {
  const status = (params.get('status') ?? 'all') as ArticleFilter;
  const q = params.get('q')?.trim() ?? '';
  const site = params.get('site')?.toLowerCase();
  const attention = params.get('attention') === 'true';
  const copies = params.get('copies') === 'true';
  const mine = params.get('assignee') === 'me';
  const sort = (params.get('sort') ?? 'newest') as ArticleSort;
  const found = all
    .filter(
      (a) =>
        (!q || matches(a, q)) &&
        (!site || siteOf(a) === site) &&
        (!attention || needsAttention(a)) &&
        (!copies || duplicatesIn(all, a).length > 0) &&
        (!mine || a.assigneeId === me),
    )
    .sort(ORDERS[sort] ?? ORDERS.newest);
  const shown = status === 'all' ? found : found.filter((a) => (status === 'scheduled' ? isScheduled(a) : a.status === status));
  const data = shown
    .slice(0, Number(params.get('limit') ?? 50))
    .map((a) => ({ ...toArticleCard(a), snippet: q ? snippetOf(a, q) : null }));
  return {
    data,
    counts: countsOf(found),
    nextCursor: null,
    attention: Math.min(all.filter(needsAttention).length, SEARCH_COUNT_CAP + 1),
    assignedToMe: all.filter((a) => a.assigneeId === me).length,
  };
}

/** The hosts of the articles of a status, most articles first (as GET /admin/sites answers; a search does not narrow it). */
export function sitesOf(all: Article[], params: URLSearchParams): ArticleSitesResult {
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

export function suggestFree(slug: string, taken: Set<string>): string {
  for (let n = 2; ; n++) if (!taken.has(`${slug}-${n}`)) return `${slug}-${n}`;
}

/** A scraped draft as the server makes it: its slug is taken from the page's address. */
export function scrapedDraft(id: string, url: string): Article {
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
export const timesOf = (a: Article) => ({
  publishAt: a.publishAt ? new Date(a.publishAt) : null,
  unpublishAt: a.unpublishAt ? new Date(a.unpublishAt) : null,
});

/**
 * A schedule change of `a` as the server makes it (server/routes/articles.ts): the times
 * checked by `scheduleProblem`, then what the article's status refuses; the changed article (its
 * updatedAt kept: it is not a content edit) or the refusal's code.
 */
export function scheduled(a: Article, patch: SchedulePatch, now = new Date()): Article | { refused: 'validation_failed' | 'schedule_published' | 'schedule_needs_publish'; message?: string } {
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
export const switchClears = (status: Article['status']): Partial<Article> =>
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
export function trashPageOf(trash: Iterable<TrashedArticle>, params: URLSearchParams): TrashListResult {
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

