/** The articles table's SQL: rows ↔ the contract's Article, keyset pages, counts, slugs. */
import {
  CARD_PREVIEW_CHARS,
  searchWords,
  toArticleCard,
  type Article,
  type ArticleCard,
  type ArticleCounts,
  type ArticleFilter,
  type ArticleSort,
  type ArticleStatus,
  type ScheduleAction,
  type SeoField,
  type SeoPatch,
} from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { ARTICLE_MATCH_SQL, ARTICLE_SEARCH_SQL, ARTICLE_TSQUERY_MATCH_SQL, STORED_HEAD_CHARS } from '../db/searchSql.ts';
import { phrasePairs, type PhrasePairs } from './articleSearch/phrase.ts';
import { ATTENTION_COUNT_SQL, NEEDS_ATTENTION } from './articleChecks.ts';
import { LOOKS_LIKE_A_COPY } from './signatures.ts';
import { searchWordsBound, termShare, type TermShare } from './termShare.ts';
import { escapeLike, isoText, parameters, SEARCH_COUNT_CAP } from '../db/sql.ts';

/** Articles not in the trash: what the list, counts, search, slug checks and reads see. */
const LIVE = 'deleted_at IS NULL';
/** The Scheduled tab: a publish or an unpublish scheduled (failed ones too). Indexed with LIVE. */
const SCHEDULED = '(publish_at IS NOT NULL OR unpublish_at IS NOT NULL)';

/** The title order's key: case-insensitive, compared by code point on every database alike. */
const TITLE_KEY_SQL = 'lower(title) COLLATE "C"';

export interface ArticleRow extends Partial<ScheduleColumns> {
  id: string;
  status: ArticleStatus;
  title: string | null;
  slug: string | null;
  blog_data: string | null;
  scraped_url: string | null;
  new_url: string | null;
  scrapped_data: string;
  created_at: Date;
  updated_at: Date;
  /** Bumped by a trigger at every change a revision records (int8: a string from pg). */
  version: number | string;
  /** When it went to the trash; null out of it. */
  deleted_at: Date | null;
  /** Its SEO fields (migration 18; src/contract/seo.ts): null where not set. */
  meta_title?: string | null;
  meta_description?: string | null;
  canonical_url?: string | null;
  social_image_id?: string | null;
}

/** An article's SEO columns, as the contract names them. */
export const SEO_COLUMNS = {
  metaTitle: 'meta_title',
  metaDescription: 'meta_description',
  canonicalUrl: 'canonical_url',
  socialImageId: 'social_image_id',
} as const satisfies Record<SeoField, keyof ArticleRow>;

/** An article's SEO fields, as the contract carries them. */
export const seoOf = (row: Partial<ArticleRow>): Required<SeoPatch> => ({
  metaTitle: row.meta_title ?? null,
  metaDescription: row.meta_description ?? null,
  canonicalUrl: row.canonical_url ?? null,
  socialImageId: row.social_image_id ?? null,
});

/** An article's schedule (migration 13), as ARTICLE_COLUMNS and the card's columns read it: dates as ISO text. */
export interface ScheduleColumns {
  publish_iso: string | null;
  unpublish_iso: string | null;
  schedule_tz: string | null;
  schedule_failed_action: ScheduleAction | null;
  schedule_failed_reason: string | null;
  schedule_failed_iso: string | null;
  schedule_note: string | null;
}

/** The schedule's columns (of the table named `t`, when given). */
const scheduleColumns = (t?: string) => {
  const c = (column: string) => (t ? `${t}.${column}` : column);
  return `${isoText(c('publish_at'))} AS publish_iso, ${isoText(c('unpublish_at'))} AS unpublish_iso, ${c('schedule_tz')},
  ${c('schedule_failed_action')}, ${c('schedule_failed_reason')}, ${isoText(c('schedule_failed_at'))} AS schedule_failed_iso, ${c('schedule_note')}`;
};


/** An article's scheduled times as dates (null: none). */
export const scheduleTimesOf = (row: Partial<ScheduleColumns>) => ({
  publishAt: row.publish_iso ? new Date(row.publish_iso) : null,
  unpublishAt: row.unpublish_iso ? new Date(row.unpublish_iso) : null,
});

/** An article's columns (of the table named `t`, when given): ArticleRow and its schedule. */
export const articleColumns = (t?: string) =>
  `${['id', 'status', 'title', 'slug', 'blog_data', 'scraped_url', 'new_url', 'scrapped_data', 'created_at', 'updated_at', 'version', 'deleted_at', ...Object.values(SEO_COLUMNS)]
    .map((column) => (t ? `${t}.${column}` : column))
    .join(', ')}, ${scheduleColumns(t)}`;
export const ARTICLE_COLUMNS = articleColumns();

/** The contract's schedule fields of a row (null where a row was read without them). */
export function scheduleOf(row: Partial<ScheduleColumns>): Pick<
  Article,
  'publishAt' | 'unpublishAt' | 'scheduleTimeZone' | 'scheduleFailure' | 'scheduleNote'
> {
  const failed = row.schedule_failed_action && row.schedule_failed_iso;
  return {
    publishAt: row.publish_iso ?? null,
    unpublishAt: row.unpublish_iso ?? null,
    scheduleTimeZone: row.schedule_tz ?? null,
    scheduleFailure: failed
      ? {
          action: row.schedule_failed_action!,
          reason: row.schedule_failed_reason ?? '',
          dueAt: (row.schedule_failed_action === 'publish' ? row.publish_iso : row.unpublish_iso) ?? row.schedule_failed_iso!,
          failedAt: row.schedule_failed_iso!,
        }
      : null,
    scheduleNote: row.schedule_note ?? null,
  };
}

export function toArticle(row: ArticleRow): Article {
  return {
    ...scheduleOf(row),
    ...seoOf(row),
    id: row.id,
    status: row.status,
    title: row.title,
    slug: row.slug,
    blogData: row.blog_data,
    scrapedUrl: row.scraped_url,
    newUrl: row.new_url,
    scrappedData: row.scrapped_data,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export interface ArticleCardRow
  extends Pick<ArticleRow, 'id' | 'status' | 'title' | 'slug' | 'scraped_url' | 'new_url'>,
    Partial<ScheduleColumns> {
  created_iso: string;
  updated_iso: string;
  scrapped_head: string;
  blog_head: string | null;
  /** The title as the title order compares it (lowercased). */
  title_key: string | null;
  /** With a search: its relevance, and the head of the raw text its snippet is cut from. */
  rank?: number | string;
  snippet_source?: string;
}

/**
 * A card's columns (of the table named `t`). The bodies' leading characters (CARD_PREVIEW_CHARS
 * + 1: the extra one tells whether the text was cut) are stored beside them by migration 4, so a
 * card never reads a TOASTed body. Dates come as the text the answer carries: no Date parsed and
 * re-printed per row (that was a fifth of a page's CPU in Node).
 */
export const cardColumns = (t = 'articles') => `${t}.id, ${t}.status, ${t}.title, ${t}.slug, ${t}.scraped_url, ${t}.new_url,
  ${isoText(`${t}.created_at`)} AS created_iso, ${isoText(`${t}.updated_at`)} AS updated_iso, ${t}.scrapped_head,
  ${t}.blog_head, ${TITLE_KEY_SQL.replaceAll('title', `${t}.title`)} AS title_key, ${scheduleColumns(t)}`;
export const ARTICLE_CARD_COLUMNS = cardColumns();
if (CARD_PREVIEW_CHARS + 1 > STORED_HEAD_CHARS) {
  throw new Error('CARD_PREVIEW_CHARS grew past the stored heads: add a migration that recomputes them');
}

/** How much of the raw text a search snippet is looked for in (a prefix: never the whole body). */
export const SNIPPET_SOURCE_CHARS = 2_000;

/**
 * Where a card's snippet is cut from: the stored head of the raw text when a searched word is
 * in its first SNIPPET_HEAD_CHARS characters, or when the slug or a URL matched (the card marks
 * those; no TOAST read: on a broad term the text's head was four fifths of the page's database
 * time), else the text's first SNIPPET_SOURCE_CHARS.
 * `wordPattern` is headWordPattern's parameter.
 */
const snippetSourceSql = (wordPattern: string, pattern: string) =>
  `CASE WHEN ${wordPattern} <> '' AND left(scrapped_head, ${SNIPPET_HEAD_CHARS}) ~* ${wordPattern} THEN scrapped_head
    WHEN (${ARTICLE_SEARCH_SQL}) ILIKE ${pattern} THEN scrapped_head
    ELSE substr(scrapped_data, 1, ${SNIPPET_SOURCE_CHARS}) END`;

/** A match this early in the stored head leaves room for the snippet's words after it. */
const SNIPPET_HEAD_CHARS = 100;

/** A PostgreSQL regular expression of the search's words as whole words ('' without words). */
export function headWordPattern(q: string): string {
  // searchWords are letters, digits and underscores, joined by - . / or @: only the dot needs escaping.
  const words = searchWords(q).map((word) => word.replaceAll('.', '\\.'));
  return words.length ? `\\m(${words.join('|')})\\M` : '';
}

/** The card of a row: the stored heads are cut as the contract cuts any article's bodies. */
export function cardFromRow(row: ArticleCardRow): ArticleCard {
  return toArticleCard({
    ...scheduleOf(row),
    id: row.id,
    status: row.status,
    title: row.title,
    slug: row.slug,
    scrapedUrl: row.scraped_url,
    newUrl: row.new_url,
    scrappedData: row.scrapped_head,
    blogData: row.blog_head,
    createdAt: row.created_iso,
    updatedAt: row.updated_iso,
  });
}

/** The orders of a page: the contract's sorts, relevance (a search without a sort), and the trash's (last deleted first). */
export type ArticleOrder = ArticleSort | 'rank' | 'trash';

/**
 * Where a keyset page starts: after the row with this key and id, in `order`. The key is the
 * creation time (newest, oldest, rank), the update time (updated) or the lowercased title
 * (title; null for an article without one). `rank` is the relevance of the rank order.
 */
export interface ArticleCursor {
  order: ArticleOrder;
  key: string | null;
  id: string;
  rank?: number;
}

export interface ArticlePageQuery {
  status: ArticleFilter;
  /** Trimmed search text; empty or undefined for no search. */
  q?: string;
  /** Only articles scraped from this host (lowercased). */
  site?: string;
  /** Only articles whose last checks before publishing found something to fix. */
  attention?: boolean;
  /** Only articles that look like a copy of another (not in the trash). */
  copies?: boolean;
  order: ArticleOrder;
  after?: ArticleCursor;
  limit: number;
}

/** A search text as PostgreSQL's web-search syntax takes it (quotes, -, or; anything else is text). */
const tsQuery = (param: string) => `websearch_to_tsquery('simple', ${param})`;

/** A search: its text, and its phrases as word pairs where they can be (server/articles/phrase.ts). */
export interface ArticleSearch {
  q: string;
  phrases?: PhrasePairs;
  /** A pasted address (`https://…`, nothing else): matched as the start of the article's addresses. */
  address?: boolean;
}

/** A web address and nothing else: a scheme, `://`, then no space. */
const ADDRESS = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

/** How many searches' parsed phrases a process keeps (articleSearch): the last ones asked for. */
export const PARSED_SEARCHES_KEPT = 1_000;

/** A search's text → its tsquery as PostgreSQL's 'simple' configuration reads it (that never changes), least recent first. */
const parsedSearches = new Map<string, string>();

/**
 * What a search is matched by. A search with a quoted phrase asks for its phrases' word pairs
 * (when it is words and phrases joined by AND): one extra round trip reads the search as
 * PostgreSQL parses it, once per process for the last PARSED_SEARCHES_KEPT searches (an admin
 * pages on, or comes back to, the same search).
 */
export async function articleSearch(db: Queryable, q: string): Promise<ArticleSearch> {
  if (ADDRESS.test(q)) return { q, address: true };
  if (!q.includes('"')) return { q };
  let parsed = parsedSearches.get(q);
  if (parsed === undefined) {
    const { rows } = await db.query<{ t: string }>(`SELECT ${tsQuery('$1')}::text AS t`, [q], { prepare: true });
    parsed = rows[0]?.t ?? '';
    if (parsedSearches.size >= PARSED_SEARCHES_KEPT) parsedSearches.delete(parsedSearches.keys().next().value!);
  } else parsedSearches.delete(q);
  parsedSearches.set(q, parsed);
  const phrases = phrasePairs(parsed);
  return phrases ? { q, phrases } : { q };
}

/**
 * The matches of a search (`param` adds a parameter and names it). Without phrases, as
 * ARTICLE_MATCH_SQL says. With phrases: their pairs in the pair index, its single words in the
 * word index (neither reads an article's text), and a phrase of three words or more checked on
 * the articles that hold its pairs. The slug and URLs are not matched as a substring then (a
 * slug has no quotes, and an address with the search's quotes in it is not what it looks for).
 */
function searchMatchSql(
  search: ArticleSearch,
  param: (value: unknown) => string,
  // The text's and its pattern's parameters, added when first used (PostgreSQL refuses unused ones).
  refs: { q: () => string; pattern: () => string; query?: () => string } = { q: () => param(search.q), pattern: () => param(`%${escapeLike(search.q)}%`) },
): string {
  const { phrases } = search;
  if (search.address) {
    // What ARTICLE_MATCH_SQL finds of it: the address as part of the slug and addresses (no
    // space: within one of them; a scheme: at the start of an address), and no words (the
    // search reads "https" as one, which no article's words hold).
    const start = param(`${escapeLike(search.q.toLowerCase())}%`);
    return `(lower(scraped_url) LIKE ${start} OR lower(new_url) LIKE ${start})`;
  }
  if (!phrases) return ARTICLE_MATCH_SQL(refs.q(), refs.pattern());
  const conditions = [`article_word_pairs(search_vector) @@ ${param(phrases.pairs)}::tsquery`];
  if (phrases.words) conditions.push(`search_vector @@ ${param(phrases.words)}::tsquery`);
  if (phrases.loose) conditions.push(`search_vector @@ ${refs.query?.() ?? tsQuery(refs.q())}`);
  return `(${conditions.join(' AND ')})`;
}

/** A match in the title or slug (the small, in-row `head_vector`): the first tier of relevance (`tsquery`: the search's). */
const headMatchSql = (tsquery: string) => `head_vector @@ ${tsquery}`;

interface OrderSpec {
  /** ORDER BY of the page. */
  by: string;
  /** The condition "after the cursor" (`k`: the key's parameter, `i`: the id's). */
  after: (k: string, i: string, cursor: ArticleCursor) => string;
}

const ORDERS: Record<ArticleSort, OrderSpec> = {
  newest: { by: 'created_at DESC, id DESC', after: (k, i) => `(created_at, id) < (${k}::timestamptz, ${i})` },
  oldest: { by: 'created_at ASC, id ASC', after: (k, i) => `(created_at, id) > (${k}::timestamptz, ${i})` },
  updated: { by: 'updated_at DESC, id DESC', after: (k, i) => `(updated_at, id) < (${k}::timestamptz, ${i})` },
  // A-Z, untitled last: after a titled row come greater titles, its later ids, then the untitled.
  title: {
    by: `${TITLE_KEY_SQL} ASC NULLS LAST, id ASC`,
    after: (k, i, cursor) =>
      cursor.key === null
        ? `(title IS NULL AND id > ${i})`
        : `(${TITLE_KEY_SQL} > ${k} OR (${TITLE_KEY_SQL} = ${k} AND id > ${i}) OR title IS NULL)`,
  },
};

/**
 * A count is not read when the planner expects at least this many matches in it: it is sent
 * as "more than SEARCH_COUNT_CAP" (cap + 1). Twice the cap, so that an estimate off by half
 * still says the truth; below it, matches are counted (up to the cap + 1).
 */
export const ESTIMATE_TRUSTED_FROM = 2 * SEARCH_COUNT_CAP;

/**
 * The counts per status, as InitPlans (computed once per statement, when first needed) beside
 * the page's rows. A search (or a site) counts at most SEARCH_COUNT_CAP + 1 matches per status,
 * each status through its own index. With `estimate` (the parameters of a search's text and
 * pattern), a status whose share of the matches the planner expects (article_search_estimate:
 * its statistics, no row read) is at least ESTIMATE_TRUSTED_FROM is not counted but sent as
 * more than the cap: counting a broad term's first thousand matches cost ten times the page.
 */
function countsSql(filter: string | undefined, estimate?: { q: string; pattern: string }, known: readonly ArticleStatus[] = []) {
  if (!filter) {
    return {
      with: '',
      columns: `(SELECT n FROM article_counts WHERE status = 'published') AS count_published,
        (SELECT n FROM article_counts WHERE status = 'draft') AS count_draft,
        (SELECT count(*) FROM articles WHERE ${SCHEDULED} AND ${LIVE}) AS count_scheduled,
        ${ATTENTION_COUNT_SQL} AS count_attention`,
    };
  }
  const capped = (status: ArticleStatus) => {
    // Known otherwise (the caller's): not read.
    if (known.includes(status)) return `0 AS count_${status}`;
    const count = `(SELECT count(*) FROM (SELECT 1 FROM articles WHERE status = '${status}' AND ${LIVE} AND ${filter} LIMIT ${SEARCH_COUNT_CAP + 1}) m)`;
    if (!estimate) return `${count} AS count_${status}`;
    const expected = `(SELECT matches * (SELECT n FROM article_counts WHERE status = '${status}') / total FROM expected)`;
    return `CASE WHEN ${expected} >= ${ESTIMATE_TRUSTED_FROM} THEN ${SEARCH_COUNT_CAP + 1} ELSE ${count} END AS count_${status}`;
  };
  return {
    // Planned once for both statuses (a CTE read twice is materialized).
    with: estimate
      ? `WITH expected AS (SELECT article_search_estimate(${estimate.q}, ${estimate.pattern}) AS matches,
          greatest((SELECT sum(n) FROM article_counts), 1) AS total)`
      : '',
    columns: `${capped('published')}, ${capped('draft')}`,
  };
}

/**
 * Whether a search's counts may come from the planner's statistics: a search of words, without
 * a site. Not a phrase ("two words"): the planner knows how often each word occurs, not how
 * often they follow each other.
 */
const estimable = (q: string | undefined, filtered: boolean): q is string => !!q && !filtered && !q.includes('"');

/** The list's filters beside a search: a site, the articles that need attention, those that look like a copy. */
type Narrowing = Pick<ArticlePageQuery, 'site' | 'attention' | 'copies'>;
const narrowed = (query: Narrowing) => !!query.site || !!query.attention || !!query.copies;
/** A narrowing's conditions (`param` adds a parameter and names it). */
const narrowingSql = (query: Narrowing, param: (value: unknown) => string) => [
  ...(query.site ? [`site = ${param(query.site)}`] : []),
  ...(query.attention ? [NEEDS_ATTENTION] : []),
  ...(query.copies ? [LOOKS_LIKE_A_COPY] : []),
];

type PageRow = ArticleCardRow & {
  count_published: number | string;
  count_draft: number | string;
  count_scheduled?: number | string;
  /** A plain page: how many articles need attention. */
  count_attention?: number | string;
  /** With a search of words: the matches the planner expects, and the library per status. */
  expected?: number | null;
  /** A phrase tested on the newest rows: the row's place among them (null in the title tier). */
  tested?: number | string | null;
  /** A phrase read within the newest rows' dates: how many matches they held (null in the title tier). */
  windowed?: number | string | null;
  total_published?: number | string;
  total_draft?: number | string;
};

/**
 * Up to `limit + 1` cards after `after` in `order` (the extra one tells whether there is a next
 * page), and the counts per status (of the search's or the site's matches, when filtered: the
 * counts do not depend on `status`).
 *
 * The relevance order (`rank`, a search without a sort) has two tiers, each newest first:
 * matches in the title or slug (rank 1), then the others (rank 0). Each tier is a keyset scan
 * of its own, so a term that matches every article reads a page of rows, not every match.
 */
export async function selectArticlePage(
  db: Queryable,
  query: ArticlePageQuery,
): Promise<{ rows: ArticleCardRow[]; counts: ArticleCounts; attention?: number }> {
  const q = query.q || undefined;
  const search = q ? await articleSearch(db, q) : undefined;
  let rows: PageRow[];
  // The share of the articles a phrase or a common term is in, where its page says (found ÷ tested).
  let density: number | undefined;
  if (search?.phrases) {
    const read = await phrasePage(db, query, search);
    if ('counts' in read) return read;
    ({ rows, density } = read);
  } else {
    const term = search && walkable(search, query) ? search.q : undefined;
    const share = term ? await termShare(db, term) : undefined;
    const walked = share ? await walkedPage(db, query, term!, share) : undefined;
    if (walked) ({ rows, density } = walked);
    else {
      // A term the statistics do not call common may match few articles: read at once, with its counts.
      const few = term && !query.after && !(share && share.body >= WALK_SHARE) && ((await searchWordsBound(db, term)) ?? 0) <= CAPPED_EXPECTED;
      const capped = few ? await cappedPage(db, query, term) : undefined;
      if (capped) return capped;
      rows = await pageRows(db, query, search, 'indexed');
    }
  }
  // The tiers come in order (Append reads its branches one after the other); kept so regardless.
  if (query.order === 'rank') rows.sort((a, b) => Number(b.rank) - Number(a.rank));
  const first = rows[0];
  if (!search && !narrowed(query)) {
    // An empty page has no row to carry the counts: ask for them alone.
    if (!first) return { rows, counts: await articleCounts(db) };
    return {
      rows,
      counts: { ...countsOf(Number(first.count_published), Number(first.count_draft), false), scheduled: Number(first.count_scheduled) },
      attention: Number(first.count_attention),
    };
  }
  // Each status's count: exact from a whole first page (it is every match of its status); more
  // than the cap when the planner (or a phrase's page) expects at least ESTIMATE_TRUSTED_FROM
  // of its share; else counted (filteredCounts, one more statement).
  const whole = !query.after && rows.length <= query.limit;
  const known: Partial<Record<ArticleStatus, number>> = {};
  const totals =
    first?.expected != null || first?.total_published != null
      ? { published: Number(first.total_published), draft: Number(first.total_draft) }
      : density !== undefined
        ? await articleCounts(db)
        : undefined;
  for (const status of ['published', 'draft'] as const) {
    if (whole && (query.status === 'all' || query.status === status)) {
      known[status] = rows.filter((row) => row.status === status).length;
    } else if (totals) {
      const all = totals.published + totals.draft;
      const share = first?.expected != null ? (all > 0 ? (Number(first.expected) * totals[status]) / all : 0) : density! * totals[status];
      if (share >= ESTIMATE_TRUSTED_FROM) known[status] = SEARCH_COUNT_CAP + 1;
    }
  }
  if (known.published === undefined || known.draft === undefined) {
    const counted = await filteredCounts(db, search, query);
    known.published ??= counted.published;
    known.draft ??= counted.draft;
  }
  const scheduled =
    whole && (query.status === 'all' || query.status === 'scheduled')
      ? rows.filter((row) => row.publish_iso || row.unpublish_iso).length
      : first?.count_scheduled != null
        ? Number(first.count_scheduled)
        : await scheduledCount(db, search, query);
  return { rows, counts: { ...countsOf(known.published!, known.draft!, true), scheduled } };
}

/**
 * How many of the list's newest articles (in the page's order) a phrase is first tested on
 * (phrasePage, in an order other than newest first): at most this many position checks before
 * the pair index is asked.
 */
export const PHRASE_TESTED_ROWS = 1_000;

/**
 * The windows of the list's newest articles a phrase's newest-first page is read in, one after
 * the other (phrasePage): the first fills a page for a phrase in 5% of the articles, the second
 * for one in 0.5%. Each costs what its matches and its dates are (no row's words are read).
 */
export const PHRASE_WINDOWS = [1_000, 10_000] as const;

/**
 * A phrase its windows put in at most this many articles has its page and counts read from every
 * match (rarePhrasePage): below it, a status's count would be counted anyway (a count is "more
 * than the cap" from ESTIMATE_TRUSTED_FROM of a status's share).
 */
export const PHRASE_FEW = 2 * ESTIMATE_TRUSTED_FROM;

/**
 * A phrase's page (with its pairs), and the share of the articles it is in where its page says:
 * - newest first (and relevance): read within the newest PHRASE_WINDOWS through its pairs and
 *   their dates in one index; a phrase they put in few articles, with its counts from every match
 *   (rarePhrasePage, first pages without a site); else from every match through its pairs;
 * - in another order: tested on the newest PHRASE_TESTED_ROWS (its positions checked in each
 *   row until the page is full), else from every match through its pairs.
 */
async function phrasePage(
  db: Queryable,
  query: ArticlePageQuery,
  search: ArticleSearch,
): Promise<{ rows: PageRow[]; density?: number } | { rows: PageRow[]; counts: ArticleCounts }> {
  if (query.order !== 'rank' && query.order !== 'newest') {
    const rows = await pageRows(db, query, search, 'newest-tested');
    if (rows.length <= query.limit) return { rows: await pageRows(db, query, search, 'indexed') };
    // (A page of title matches alone tested nothing.)
    const tested = Math.max(0, ...rows.map((row) => Number(row.tested ?? 0)));
    return { rows, density: tested > 0 ? rows.filter((row) => row.tested != null).length / tested : undefined };
  }
  const whole = !narrowed(query) && query.status !== 'scheduled' && !query.after;
  for (const window of PHRASE_WINDOWS) {
    const rows = await pageRows(db, query, search, 'newest-windowed', window);
    // (A page of title matches alone read no window.)
    const found = rows.find((row) => row.windowed != null);
    const share = Number(found?.windowed ?? 0) / window;
    if (rows.length > query.limit) return { rows, density: found ? share : undefined };
    const library = rows.length ? Number(rows[0]!.total_published) + Number(rows[0]!.total_draft) : 0;
    if (whole && share * library <= PHRASE_FEW) {
      const page = await rarePhrasePage(db, query, search);
      if (page) return page;
      break;
    }
  }
  return { rows: await pageRows(db, query, search, 'indexed') };
}

/**
 * One statement for a page. `indexed`: the search's matches as searchMatchSql says (for a phrase,
 * through its pairs). `newest-tested`: a phrase's matches among the list's first
 * PHRASE_TESTED_ROWS rows in the page's order, tested one after the other (each row tells its
 * place in that list: `tested`). `newest-windowed` (newest first): a phrase's matches among the
 * list's newest PHRASE_TESTED_ROWS rows (from the date of the last of them), read through its
 * pairs and their articles' dates together (one index, `articles_pairs_idx`): no row is tested,
 * and each row tells how many the window held (`windowed`). Either page is exact when it is full.
 */
async function pageRows(
  db: Queryable,
  query: ArticlePageQuery,
  search: ArticleSearch | undefined,
  mode: 'indexed' | 'newest-tested' | 'newest-windowed',
  window: number = PHRASE_WINDOWS[0],
): Promise<PageRow[]> {
  const { values: params, add: added } = parameters();
  const q = search?.q;
  const tested = mode === 'newest-tested';
  const windowed = mode === 'newest-windowed';
  // A windowed page's statement is prepared: the search's parameters come through subqueries,
  // which its planner does not read, so one plan serves every phrase (see walkedPage).
  const param = windowed ? (value: unknown) => `(SELECT ${added(value)}::text)` : added;
  // The text's and its pattern's parameters, added where first used (PostgreSQL refuses unused ones).
  const once = (value: string) => {
    let name: string | undefined;
    return () => (name ??= param(value));
  };
  const qParam = once(q ?? '');
  const pattern = once(`%${escapeLike(q ?? '')}%`);
  // The search as a tsquery: read once per statement where it is a parameter the planner does
  // not see (a function of a parameter is computed again for each row).
  const tsq = windowed ? () => `(SELECT ${tsQuery(qParam())})` : () => tsQuery(qParam());
  // The match as a row's words say it, checked in each row it is applied to (never through an
  // index: a phrase of common words would have it list every row holding them).
  const rowMatch = () => `ts_match_vq(search_vector, ${tsq()})`;
  // The match: in the statement's WHERE, or (tested) applied to the newest rows, or (windowed)
  // through the index within the newest rows' dates.
  const match = !search ? undefined : tested ? rowMatch() : searchMatchSql(search, param, { q: qParam, pattern, query: tsq });
  const where = [...(match && mode === 'indexed' ? [match] : []), LIVE];
  const narrowing = narrowingSql(query, added);
  where.push(...narrowing);
  if (query.status === 'scheduled') where.push(SCHEDULED);
  else if (query.status !== 'all') where.push(`status = ${added(query.status)}`);
  // A plain page carries the counts (two rows of article_counts); a filtered one, none: they are
  // taken from the page when it holds every match, else asked for alone (filteredCounts).
  const countColumns = search || narrowed(query) ? '' : `, ${countsSql(undefined).columns}`;
  const after = query.after;
  const snippetSource = q ? `, ${snippetSourceSql(param(headWordPattern(q)), pattern())} AS snippet_source` : '';
  // What the planner expects of a search, beside a full page (InitPlans: computed once, and
  // only when reached: a page that holds every match needs no estimate).
  const full = `count(*) OVER () > ${query.limit}`;
  const expectation = estimable(q, narrowed(query))
    ? `, CASE WHEN ${full} THEN (SELECT article_search_estimate(${qParam()}, ${pattern()})) END AS expected,
        CASE WHEN ${full} THEN (SELECT n FROM article_counts WHERE status = 'published') END AS total_published,
        CASE WHEN ${full} THEN (SELECT n FROM article_counts WHERE status = 'draft') END AS total_draft`
    : windowed
      ? // What the counts need beside a windowed page: the library per status (the share found in
        // the window tells the rest), and the scheduled matches (few: through their index).
        `, (SELECT n FROM article_counts WHERE status = 'published') AS total_published,
          (SELECT n FROM article_counts WHERE status = 'draft') AS total_draft,
          (SELECT count(*) FROM (SELECT 1 FROM articles WHERE ${[SCHEDULED, LIVE, rowMatch(), ...narrowing].join(' AND ')}
            LIMIT ${SEARCH_COUNT_CAP + 1}) m) AS count_scheduled`
      : '';

  // A search's page: its rows chosen first, reading only the order's keys of each match, then
  // the cards (and their snippets, which read the raw text) of those rows alone. A search whose
  // matches are gathered from an index and sorted computed every match's card before.
  const limit = () => added(query.limit + 1);
  // `list`: the conditions of the list the newest rows are taken from (without the tier's).
  const searchPage = (conditions: string[], by: string, extra: string, read: 'each' | 'tested' | 'windowed' = 'each', list = conditions) => {
    const chosen =
      read === 'tested'
        ? `SELECT id AS page_id, tested, NULL::bigint AS windowed FROM (SELECT *, row_number() OVER (ORDER BY ${by}) AS tested FROM articles
             WHERE ${conditions.join(' AND ')} ORDER BY ${by} LIMIT ${PHRASE_TESTED_ROWS}) newest
           WHERE ${match} ORDER BY ${by} LIMIT ${limit()}`
        : read === 'windowed'
          ? `SELECT id AS page_id, NULL::bigint AS tested, count(*) OVER () AS windowed FROM articles
              WHERE ${conditions.join(' AND ')} AND ${match} AND created_at >= coalesce((SELECT created_at FROM articles
                WHERE ${list.filter((c) => c !== LIVE).join(' AND ') || 'true'} ORDER BY ${by} OFFSET ${window - 1} LIMIT 1), '-infinity')
             ORDER BY ${by} LIMIT ${limit()}`
          : // (On a windowed page, the title tier: a match in the title or slug is a match, their
            // words being the article's first words in the same places, and the search only ANDs.)
            `SELECT id AS page_id, NULL::bigint AS tested, NULL::bigint AS windowed FROM articles
              WHERE ${conditions.join(' AND ')} ORDER BY ${by} LIMIT ${limit()}`;
    return `SELECT ${ARTICLE_CARD_COLUMNS}${snippetSource}${extra}, chosen.tested, chosen.windowed
      FROM (${chosen}) chosen JOIN articles ON articles.id = chosen.page_id ORDER BY ${by}`;
  };
  const newestRead = tested ? 'tested' : windowed ? 'windowed' : 'each';
  let sql: string;
  if (query.order === 'rank' && q) {
    const newest = ORDERS.newest;
    // The first tier (title and slug: their small in-row words, through their own index) is
    // never the one tested row by row.
    const tier = (rank: 0 | 1, condition: string) => {
      const list = [...where];
      if (after && after.rank === rank) list.push(newest.after(added(after.key), added(after.id), after));
      return `(${searchPage([...list, condition], newest.by, `, ${rank} AS rank`, rank === 0 ? newestRead : 'each', list)})`;
    };
    // The second tier is read only when the first one has fewer rows than the page (Append is
    // lazy), and the window (the expectation's) counts the page, after its LIMIT: over the
    // tiers, it would read the second tier whatever the first held.
    const tiers = [
      ...(after && after.rank === 0 ? [] : [tier(1, headMatchSql(tsq()))]),
      tier(0, `NOT coalesce(${headMatchSql(tsq())}, false)`),
    ];
    sql = `SELECT page.*${expectation} FROM (SELECT * FROM (${tiers.join(' UNION ALL ')}) tiers LIMIT ${limit()}) page`;
  } else {
    const order = ORDERS[query.order === 'rank' || query.order === 'trash' ? 'newest' : query.order];
    if (after) where.push(order.after(added(after.key), added(after.id), after));
    sql = q
      ? searchPage(where, order.by, '', newestRead)
      : `SELECT ${ARTICLE_CARD_COLUMNS}${countColumns}
      FROM articles ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${order.by} LIMIT ${limit()}`;
    // The window counts the page's rows (not the matches): it keeps their order.
    if (expectation) sql = `SELECT page.*${expectation} FROM (${sql}) page`;
  }
  // A search's plan depends on its term; a plain page's does not, so it stays prepared.
  const { rows } = await db.query<PageRow>(sql, params, { prepare: !q || windowed });
  return rows;
}

/**
 * A search's text and its ILIKE pattern as parameters (`q$`, `pattern$`), and as subqueries of
 * them (`text`, `pattern`, and `query`: the text as a tsquery, computed once per statement rather
 * than for each row it is tested on): the statement reads those, its planner does not, so one
 * plan serves every term (walkedPage, cappedPage).
 */
function unplannedTerm(param: (value: unknown) => string, q: string) {
  const [q$, pattern$] = [param(q), param(`%${escapeLike(q)}%`)];
  return { q$, pattern$, text: `(SELECT ${q$}::text)`, pattern: `(SELECT ${pattern$}::text)`, query: `(SELECT ${tsQuery(`${q$}::text`)})` };
}

/** Whether a search's page may be read by walkedPage or cappedPage: not a phrase or an address, newest first, no site. */
const walkable = (search: ArticleSearch, query: ArticlePageQuery) =>
  !search.phrases && !search.address && !narrowed(query) && (query.order === 'rank' || query.order === 'newest') && query.status !== 'scheduled';

/**
 * A common term's share of the articles (by the planner's statistics: termShare.ts) from which
 * its first page is read from the newest articles, tested one after the other: at 0.3, about 170
 * tests fill a page of 50.
 */
export const WALK_SHARE = 0.3;

/** A term in at least this share of the titles and slugs has its first tier read newest first: it fills its page there. */
export const HEAD_WALK_SHARE = 0.02;

/** How many of the newest articles a common term is tested on before its page is read as any search's. */
export const WALKED_ROWS = 1_000;

/**
 * A page of a common term (plain words, a relevance or newest order, no site), read by
 * a statement whose plan does not depend on the term, so it is prepared and planned once per
 * connection (a search's own statement is planned for its term each time, and planning was half
 * of a broad term's database time): the term and its pattern come through subqueries, which the
 * planner does not read. It holds, newest first:
 * - (relevance) the matches in the title or slug, through their index (few for a term rare in
 *   titles); a term common in titles has them read before, newest first (a statement planned for
 *   it), and they fill its page;
 * - the other matches among the newest WALKED_ROWS articles (after the cursor, on a later page),
 *   tested one after the other;
 * - beside them, the scheduled matches' count and the library's counts per status.
 * Undefined when the term is not common enough to fill its page so (the caller reads it as any
 * search's): decided from the statistics before, and from the rows after (the newest
 * WALKED_ROWS held too few).
 */
async function walkedPage(
  db: Queryable,
  query: ArticlePageQuery,
  q: string,
  share: TermShare,
): Promise<{ rows: PageRow[]; density: number } | undefined> {
  const tiered = query.order === 'rank';
  const headsFirst = tiered && share.head >= HEAD_WALK_SHARE;
  if (share.body < WALK_SHARE && !headsFirst) return undefined;
  const page = query.limit + 1;
  const status = query.status === 'all' ? undefined : query.status;
  const { by } = ORDERS.newest;
  // A later page: the title tier goes on from its cursor, or is done and the rest goes on from it.
  const { after } = query;
  const titles = tiered && (!after || after.rank === 1);
  const restAfter = after && (!tiered || after.rank === 0) ? after : undefined;
  const { values: params, add: param } = parameters();
  const afterSql = (cursor: ArticleCursor) => ` AND ${ORDERS.newest.after(param(cursor.key), param(cursor.id), cursor)}`;
  let heads: string[] | undefined;
  if (headsFirst && titles) {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM articles WHERE ${headMatchSql(tsQuery(param(q)))} AND ${LIVE}${status ? ` AND status = ${param(status)}` : ''}${after ? afterSql(after) : ''}
        ORDER BY ${by} LIMIT ${param(page)}`,
      params.splice(0),
    );
    heads = rows.map((row) => row.id);
    if (heads.length < page && share.body < WALK_SHARE) return undefined;
  } else if (share.body < WALK_SHARE) return undefined;
  const { query: tsquery, pattern } = unplannedTerm(param, q);
  const match = ARTICLE_TSQUERY_MATCH_SQL(tsquery, pattern);
  const live = [LIVE, ...(status ? [`status = ${param(status)}`] : [])].join(' AND ');
  const titleTier = heads
    ? `SELECT id AS page_id, 1 AS rank, NULL::bigint AS tested FROM articles WHERE id = ANY(${param(heads)}::text[]) UNION ALL`
    : titles
      ? `(SELECT id AS page_id, 1 AS rank, NULL::bigint AS tested FROM articles WHERE ${headMatchSql(tsquery)} AND ${live}${after ? afterSql(after) : ''}
          ORDER BY ${by} LIMIT ${page}) UNION ALL`
      : '';
  const sql = `SELECT ${ARTICLE_CARD_COLUMNS}, ${snippetSourceSql(param(headWordPattern(q)), pattern)} AS snippet_source,
      chosen.rank, chosen.tested,
      (SELECT count(*) FROM (SELECT 1 FROM articles WHERE ${SCHEDULED} AND ${LIVE} AND ${match} LIMIT ${SEARCH_COUNT_CAP + 1}) m) AS count_scheduled,
      (SELECT n FROM article_counts WHERE status = 'published') AS total_published,
      (SELECT n FROM article_counts WHERE status = 'draft') AS total_draft
    FROM (
      ${titleTier}
      (SELECT id AS page_id, 0 AS rank, tested FROM (
          SELECT id, created_at, slug, scraped_url, new_url, head_vector, search_vector, row_number() OVER (ORDER BY ${by}) AS tested
            FROM articles WHERE ${live}${restAfter ? afterSql(restAfter) : ''} ORDER BY ${by} LIMIT ${WALKED_ROWS}) newest
        WHERE ${match}${tiered ? ` AND NOT coalesce(${headMatchSql(tsquery)}, false)` : ''}
        ORDER BY ${by} LIMIT ${heads ? param(page - heads.length) : page})
    ) chosen JOIN articles ON articles.id = chosen.page_id
    ORDER BY chosen.rank DESC, ${by} LIMIT ${page}`;
  const { rows } = await db.query<PageRow>(sql, params, { prepare: true });
  // Short of a page: the newest WALKED_ROWS did not hold enough matches after the title's.
  if (rows.length < page) return undefined;
  const found = rows.filter((row) => Number(row.rank) === 0);
  const tested = Math.max(0, ...found.map((row) => Number(row.tested)));
  // The share of the articles the term is in: as found among the newest, or as the statistics say.
  return { rows, density: tested > 0 ? found.length / tested : share.body };
}

/** A search matching at most this many articles has its first page and its exact counts read at once (cappedPage). */
export const CAPPED_ROWS = 200;

/**
 * cappedPage reads the matches only when the planner expects at most this many (its estimate of
 * a word it has no statistics for is 0.5% of the articles, plus what the slug and addresses hold):
 * a broader term would have the indexes list thousands before the cap stops the rest.
 */
export const CAPPED_EXPECTED = 1_000;

/**
 * The first page of a search that matches few articles (relevance or newest first, no site, not
 * a phrase or an address), with its exact counts, in one statement whose plan does not depend on
 * the term (it comes through subqueries the planner does not read), so prepared: when the
 * planner's estimate of the search (article_search_estimate, no row read) is at most
 * CAPPED_EXPECTED, every match up to CAPPED_ROWS + 1 through the word and trigram indexes, then
 * the page's cards. Undefined when the estimate or the matches are more (the caller reads the
 * page as any search's): what that cost is bounded by the estimate and the cap.
 */
function cappedPage(db: Queryable, query: ArticlePageQuery, q: string): Promise<{ rows: PageRow[]; counts: ArticleCounts } | undefined> {
  return matchesPage(db, query, q, CAPPED_ROWS, (_, term) => ({
    expected: `article_search_estimate(${term.q$}, ${term.pattern$})`,
    match: ARTICLE_TSQUERY_MATCH_SQL(term.query, term.pattern),
  }));
}

/** rarePhrasePage reads at most this many matches (twice what the windows put it in, at most). */
export const PHRASE_CAPPED_ROWS = 2 * PHRASE_FEW;

/**
 * The first page of a phrase (with its pairs) that is not common (its matches did not fill a page
 * among the newest: phrasePage), relevance or newest first, no site: every match up to
 * PHRASE_CAPPED_ROWS + 1 through the pair index (what sorting them for the page reads anyway),
 * with its counts, in one prepared statement. Undefined past that many.
 */
function rarePhrasePage(db: Queryable, query: ArticlePageQuery, search: ArticleSearch): Promise<{ rows: PageRow[]; counts: ArticleCounts } | undefined> {
  return matchesPage(db, query, search.q, PHRASE_CAPPED_ROWS, (param, term) => ({
    expected: '0',
    match: searchMatchSql(search, (value) => `(SELECT ${param(value)}::text)`, { q: () => term.text, pattern: () => term.pattern, query: () => term.query }),
  }));
}

/**
 * A first page (relevance or newest first) with its exact counts (capped as the contract caps
 * them), from every match of a search up to `cap` + 1, in one prepared statement: `read` gives
 * the matches' condition and what the planner expects of them (no match is read past
 * CAPPED_EXPECTED), from the term's unplanned parameters. Undefined past the expectation or the
 * cap (the caller reads the page otherwise).
 */
async function matchesPage(
  db: Queryable,
  query: ArticlePageQuery,
  q: string,
  cap: number,
  read: (param: (value: unknown) => string, term: ReturnType<typeof unplannedTerm>) => { expected: string; match: string },
): Promise<{ rows: PageRow[]; counts: ArticleCounts } | undefined> {
  const { values: params, add: param } = parameters();
  const term = unplannedTerm(param, q);
  const { expected, match } = read(param, term);
  const status = param(query.status);
  const rank = query.order === 'rank';
  const { rows } = await db.query<PageRow & { matched: number | string; expected: number; chosen_at: string }>(
    `WITH e AS MATERIALIZED (SELECT ${expected} AS expected),
      m AS MATERIALIZED (
        SELECT id, created_at, status, ${SCHEDULED} AS scheduled, coalesce(${headMatchSql(term.query)}, false) AS head FROM articles
         WHERE (SELECT expected FROM e) <= ${CAPPED_EXPECTED} AND ${LIVE} AND ${match}
         LIMIT ${cap + 1})
      SELECT page.*, e.expected, c.*
        FROM e CROSS JOIN (SELECT count(*) AS matched, count(*) FILTER (WHERE status = 'published') AS count_published,
                                  count(*) FILTER (WHERE status = 'draft') AS count_draft, count(*) FILTER (WHERE scheduled) AS count_scheduled
                             FROM m) c
        LEFT JOIN (
          SELECT ${ARTICLE_CARD_COLUMNS}, ${snippetSourceSql(param(headWordPattern(q)), term.pattern)} AS snippet_source,
                 chosen.head::int AS rank, chosen.created_at AS chosen_at
            FROM (SELECT id, head, created_at FROM m WHERE ${status} = 'all' OR status = ${status}
                   ORDER BY ${rank ? 'head DESC, ' : ''}created_at DESC, id DESC LIMIT ${query.limit + 1}) chosen
            JOIN articles ON articles.id = chosen.id) page ON true
       ORDER BY ${rank ? 'page.rank DESC, ' : ''}page.chosen_at DESC, page.id DESC`,
    params,
    { prepare: true },
  );
  const first = rows[0]!;
  if (Number(first.expected) > CAPPED_EXPECTED || Number(first.matched) > cap) return undefined;
  const capped = (n: number | string) => Math.min(Number(n), SEARCH_COUNT_CAP + 1);
  return {
    // Without a match, the one row carries the counts alone.
    rows: rows.filter((row) => row.id != null),
    counts: { ...countsOf(capped(first.count_published), capped(first.count_draft), true), scheduled: capped(first.count_scheduled!) },
  };
}

/** How many scheduled articles match a search or a site (capped as the other counts): few, through their index. */
async function scheduledCount(db: Queryable, search: ArticleSearch | undefined, narrowing: Narrowing): Promise<number> {
  const { params, filters } = filterOf(search, narrowing);
  const { rows } = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM articles WHERE ${[SCHEDULED, LIVE, ...filters].join(' AND ')} LIMIT ${SEARCH_COUNT_CAP + 1}) m`,
    params,
  );
  return Number(rows[0]!.n);
}

/** The filters of a search (`q`), a site and the attention filter, with their parameters. */
function filterOf(search: ArticleSearch | undefined, narrowing: Narrowing) {
  const { values: params, add: param } = parameters();
  const filters: string[] = [];
  // The text and its pattern first: the count estimate reads them as $1 and $2.
  if (search) filters.push(searchMatchSql(search, param));
  filters.push(...narrowingSql(narrowing, param));
  return { params, filters };
}

async function filteredCounts(db: Queryable, search: ArticleSearch | undefined, narrowing: Narrowing): Promise<ArticleCounts> {
  const { params, filters } = filterOf(search, narrowing);
  const filtered = narrowed(narrowing);
  const filter = filters.join(' AND ');
  const q = search?.q;
  // A phrase's counts: through its pairs where it has them (counted as a word's are); else from
  // a sample where it can tell, counted for the rest.
  const sampled = q && !filtered && q.includes('"') && !search.phrases ? await sampledCounts(db, filter, params) : {};
  const skip = (['published', 'draft'] as const).filter((status) => sampled[status] !== undefined);
  if (sampled.published !== undefined && sampled.draft !== undefined) return countsOf(sampled.published, sampled.draft, true);
  const counts = countsSql(filter, estimable(q, filtered) ? { q: '$1', pattern: '$2' } : undefined, skip);
  const { rows } = await db.query<{ count_published: number | string; count_draft: number | string }>(
    `${counts.with} SELECT ${counts.columns}`,
    params,
  );
  return countsOf(
    sampled.published ?? Number(rows[0]?.count_published ?? 0),
    sampled.draft ?? Number(rows[0]?.count_draft ?? 0),
    true,
  );
}

/** How many of each status's newest articles a phrase is tested on (sampledCounts). */
export const PHRASE_SAMPLE_ROWS = 1_000;

/**
 * A phrase's count per status where a sample of its newest PHRASE_SAMPLE_ROWS articles can
 * tell: exact when the sample is the whole status, more than the cap when the share of the
 * sample that matches, over the whole status, makes at least ESTIMATE_TRUSTED_FROM. Counting a
 * phrase of common words reads every article it tests (positions are checked in each), so a
 * broad phrase's thousand matches cost 160 ms of the database; the sample costs 1,000 rows.
 */
async function sampledCounts(db: Queryable, filter: string, params: unknown[]): Promise<Partial<Record<ArticleStatus, number>>> {
  const sample = (status: ArticleStatus) =>
    `(SELECT '${status}' AS status, (${filter}) AS hit FROM articles WHERE status = '${status}' AND ${LIVE}
       ORDER BY created_at DESC, id DESC LIMIT ${PHRASE_SAMPLE_ROWS})`;
  const { rows } = await db.query<{ status: ArticleStatus; hits: number | string; n: number | string; total: number | string }>(
    `SELECT s.status, count(*) FILTER (WHERE s.hit) AS hits, count(*) AS n, min(c.n) AS total
       FROM (${sample('published')} UNION ALL ${sample('draft')}) s JOIN article_counts c ON c.status = s.status
      GROUP BY s.status`,
    params,
  );
  const known: Partial<Record<ArticleStatus, number>> = {};
  for (const row of rows) {
    const [hits, n, total] = [Number(row.hits), Number(row.n), Number(row.total)];
    if (n < PHRASE_SAMPLE_ROWS) known[row.status] = Math.min(hits, SEARCH_COUNT_CAP + 1);
    else if ((hits / n) * total >= ESTIMATE_TRUSTED_FROM) known[row.status] = SEARCH_COUNT_CAP + 1;
  }
  // A status without articles has no row: none match.
  for (const status of ['published', 'draft'] as const) if (!rows.some((row) => row.status === status)) known[status] = 0;
  return known;
}

/**
 * The hosts of the articles of a status, most articles first (ties by host), at most `max`.
 * Counts are exact: one pass over the site index (a site list is asked for once per tab).
 */
export async function selectSites(
  db: Queryable,
  query: { status: ArticleFilter },
  max: number,
): Promise<{ site: string; count: number }[]> {
  const params: unknown[] = [max];
  const filters = ['site IS NOT NULL', LIVE];
  if (query.status === 'scheduled') filters.push(SCHEDULED);
  else if (query.status !== 'all') {
    params.push(query.status);
    filters.push(`status = $${params.length}`);
  }
  const { rows } = await db.query<{ site: string; count: number | string }>(
    `SELECT site, count(*) AS count FROM articles WHERE ${filters.join(' AND ')}
      GROUP BY site ORDER BY count(*) DESC, site COLLATE "C" LIMIT $1`,
    params,
    { prepare: true },
  );
  return rows.map((r) => ({ site: r.site, count: Number(r.count) }));
}

/** Counts per status from the trigger-maintained table: no scan. */
export async function articleCounts(db: Queryable): Promise<ArticleCounts> {
  const { rows } = await db.query<{ status: string; n: number | string }>(
    `SELECT status, n FROM article_counts
     UNION ALL SELECT 'scheduled', count(*) FROM articles WHERE ${SCHEDULED} AND ${LIVE}`,
  );
  return countsFrom(rows);
}

/**
 * Articles created (by current status) in [since, split) and in [split, until], read through
 * the created_at index.
 */
export async function countCreatedByStatus(
  db: Queryable,
  since: Date,
  split: Date,
  until: Date,
): Promise<{ status: string; current: number; previous: number }[]> {
  const { rows } = await db.query<{ status: string; current: number | string; previous: number | string }>(
    `SELECT status,
            count(*) FILTER (WHERE created_at >= $2) AS current,
            count(*) FILTER (WHERE created_at < $2) AS previous
       FROM articles WHERE created_at >= $1 AND created_at <= $3 AND ${LIVE} GROUP BY status`,
    [since, split, until],
  );
  return rows.map((r) => ({ status: r.status, current: Number(r.current), previous: Number(r.previous) }));
}

function countsFrom(rows: { status: string; n: number | string }[]): ArticleCounts {
  const get = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { ...countsOf(get('published'), get('draft'), false), scheduled: get('scheduled') };
}

/** Search counts are capped: `all` too reads "more than SEARCH_COUNT_CAP" once it is above it. */
function countsOf(published: number, draft: number, capped: boolean): ArticleCounts {
  const all = published + draft;
  return { all: capped ? Math.min(all, SEARCH_COUNT_CAP + 1) : all, published, draft };
}

/** One article; `forUpdate` locks its row until the caller's transaction ends. */
export async function getArticle(db: Queryable, id: string, forUpdate = false): Promise<ArticleRow | undefined> {
  const { rows } = await db.query<ArticleRow>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles WHERE id = $1 AND ${LIVE}${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
    { prepare: true, lane: 'quick' },
  );
  return rows[0];
}

/** The articles of `ids`, in the trash or not. */
export async function selectArticlesById(db: Queryable, ids: readonly string[]): Promise<ArticleRow[]> {
  const { rows } = await db.query<ArticleRow>(`SELECT ${ARTICLE_COLUMNS} FROM articles WHERE id = ANY($1::text[]) ORDER BY id`, [ids]);
  return rows;
}

/** Whether `slug` belongs to an article other than `excludeId`. */
export async function isSlugTaken(db: Queryable, slug: string, excludeId?: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM articles WHERE slug = $1 AND id <> $2 AND ${LIVE}`, [slug, excludeId ?? '']);
  return rows.length > 0;
}

/** The slugs, other than `excludeId`'s, that are `base` or `stem-<number>`. */
export async function slugsLike(db: Queryable, base: string, stem: string, excludeId?: string): Promise<Set<string>> {
  const { rows } = await db.query<{ slug: string }>(
    `SELECT slug FROM articles
      WHERE (slug = $1 OR (slug LIKE $2 AND slug ~ $3)) AND id <> $4 AND ${LIVE}`,
    [base, `${escapeLike(stem)}-%`, `^${stem}-[0-9]+$`, excludeId ?? ''],
  );
  return new Set(rows.map((r) => r.slug));
}

/** The article made from this address first, if any (the address as the admin typed it). */
export async function findScrapedArticleId(db: Queryable, url: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM articles WHERE scraped_url = $1 AND ${LIVE} ORDER BY created_at LIMIT 1`,
    [url],
  );
  return rows[0]?.id;
}

export type NewArticle = Pick<ArticleRow, 'title' | 'slug' | 'blog_data' | 'scraped_url' | 'new_url' | 'scrapped_data'>;

/** A new draft created (and last updated) at `now`. */
export async function insertDraft(tx: Queryable, id: string, values: NewArticle, now: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `INSERT INTO articles (id, status, slug, blog_data, scraped_url, new_url, scrapped_data, created_at, updated_at, title)
     VALUES ($1, 'draft', $2, $3, $4, $5, $6, $7, $7, $8) RETURNING ${ARTICLE_COLUMNS}`,
    [id, values.slug, values.blog_data, values.scraped_url, values.new_url, values.scrapped_data, now, values.title],
  );
  return rows[0]!;
}

/** A re-scrape's text and title; the blog HTML too when `replaceBlogData`. */
export async function updateScrapedText(
  tx: Queryable,
  id: string,
  text: string,
  replaceBlogData: boolean,
  html: string,
  title: string | null,
  updatedAt: Date,
): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET version = version + 1, scrapped_data = $2, blog_data = CASE WHEN $3::boolean THEN $4 ELSE blog_data END,
            title = $5, updated_at = $6
      WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, text, replaceBlogData, html, title, updatedAt],
  );
  return rows[0]!;
}

export async function updateSlug(tx: Queryable, id: string, slug: string, updatedAt: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET version = version + 1, slug = $2, updated_at = $3 WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, slug, updatedAt],
  );
  return rows[0]!;
}

export async function updateTitle(tx: Queryable, id: string, title: string | null, updatedAt: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET version = version + 1, title = $2, updated_at = $3 WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, title, updatedAt],
  );
  return rows[0]!;
}

export async function updateBlogData(tx: Queryable, id: string, blogData: string, updatedAt: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET version = version + 1, blog_data = $2, updated_at = $3 WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, blogData, updatedAt],
  );
  return rows[0]!;
}

/** The SEO fields changed (a field left undefined keeps its value). */
export async function updateSeo(tx: Queryable, id: string, seo: SeoPatch, updatedAt: Date): Promise<ArticleRow> {
  const { values: params, add: param } = parameters();
  const sets = (Object.keys(SEO_COLUMNS) as SeoField[])
    .filter((field) => seo[field] !== undefined)
    .map((field) => `${SEO_COLUMNS[field]} = ${param(seo[field])}`);
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET version = version + 1, ${sets.join(', ')}, updated_at = ${param(updatedAt)} WHERE id = ${param(id)} RETURNING ${ARTICLE_COLUMNS}`,
    params,
  );
  return rows[0]!;
}

/** What a revision keeps of an article and a restore writes back: everything an admin or a scrape can change but the status. */
export const CONTENT_COLUMNS = [
  'title',
  'slug',
  'blog_data',
  'scrapped_data',
  'scraped_url',
  'new_url',
  'meta_title',
  'meta_description',
  'canonical_url',
  'social_image_id',
] as const;
export type ArticleContent = Pick<ArticleRow, 'title' | 'slug' | 'blog_data' | 'scrapped_data' | 'scraped_url' | 'new_url'> &
  Record<'meta_title' | 'meta_description' | 'canonical_url' | 'social_image_id', string | null>;

/** The content of a revision written back (a restore). */
export async function updateContent(tx: Queryable, id: string, content: ArticleContent, updatedAt: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET version = version + 1, title = $2, slug = $3, blog_data = $4, scrapped_data = $5, scraped_url = $6, new_url = $7,
        meta_title = $8, meta_description = $9, canonical_url = $10, social_image_id = $11, updated_at = $12
      WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, ...CONTENT_COLUMNS.map((column) => content[column]), updatedAt],
  );
  return rows[0]!;
}

/**
 * What the publish switch does to the schedule (`status`: the parameter of the new status):
 * publishing clears the publish time, a draft clears both; a failure is forgotten.
 */
const SWITCH_CLEARS_SCHEDULE = (status: string) => `publish_at = NULL,
  unpublish_at = CASE WHEN ${status} = 'draft' THEN NULL ELSE unpublish_at END,
  schedule_tz = CASE WHEN ${status} = 'draft' OR unpublish_at IS NULL THEN NULL ELSE schedule_tz END,
  schedule_failed_action = NULL, schedule_failed_reason = NULL, schedule_failed_at = NULL`;

/** The publish switch: the status, and the schedule as SWITCH_CLEARS_SCHEDULE says. */
export async function updateStatus(tx: Queryable, id: string, status: ArticleStatus, updatedAt: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET version = version + 1, status = $2, updated_at = $3, ${SWITCH_CLEARS_SCHEDULE('$2')}
      WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, status, updatedAt],
  );
  return rows[0]!;
}

/** Deletes the article; answers its row, or undefined when there was none. */
/** The ids of `ids` out of the trash with their status and slug, locked (in id order) until the transaction ends. */
export async function lockLiveArticles(
  tx: Queryable,
  ids: readonly string[],
): Promise<Pick<ArticleRow, 'id' | 'status' | 'slug' | 'updated_at'>[]> {
  const { rows } = await tx.query<Pick<ArticleRow, 'id' | 'status' | 'slug' | 'updated_at'>>(
    `SELECT id, status, slug, updated_at FROM articles WHERE id = ANY($1::text[]) AND ${LIVE} ORDER BY id FOR UPDATE`,
    [ids],
  );
  return rows;
}

/**
 * Sets the status of `ids` (locked by the caller), each updated at least 1 ms after its last
 * update; the schedule as the publish switch leaves it (SWITCH_CLEARS_SCHEDULE).
 */
export async function updateStatuses(tx: Queryable, ids: readonly string[], status: ArticleStatus, now: Date): Promise<void> {
  await tx.query(
    `UPDATE articles SET version = version + 1, status = $2, updated_at = greatest($3::timestamptz, updated_at + interval '1 millisecond'),
        ${SWITCH_CLEARS_SCHEDULE('$2::text')}
      WHERE id = ANY($1::text[])`,
    [ids, status, now],
  );
}

/** Moves `ids` (locked by the caller) to the trash at `now`. */
export async function trashArticles(tx: Queryable, ids: readonly string[], now: Date): Promise<void> {
  await tx.query('UPDATE articles SET version = version + 1, deleted_at = $2 WHERE id = ANY($1::text[])', [ids, now]);
}

export interface PublicRow {
  id: string;
  slug: string;
  title: string | null;
  new_url: string | null;
  scrapped_head: string;
  created_iso: string;
  updated_iso: string;
}

/**
 * When the published articles next change by themselves (a scheduled publish or unpublish of an
 * article out of the trash, not failed): the soonest, as an InitPlan (each min() reads the
 * first entry of its index). Null when none is scheduled.
 */
export const NEXT_PUBLIC_CHANGE_SQL = `least(
  (SELECT min(publish_at) FROM articles WHERE publish_at IS NOT NULL AND schedule_failed_at IS NULL AND deleted_at IS NULL),
  (SELECT min(unpublish_at) FROM articles WHERE unpublish_at IS NOT NULL AND schedule_failed_at IS NULL AND deleted_at IS NULL))`;

/**
 * Up to `limit + 1` published articles out of the trash after `after`, newest first; each row
 * carries when the list next changes by itself (NEXT_PUBLIC_CHANGE_SQL).
 */
export async function selectPublicPage(
  db: Queryable,
  after: ArticleCursor | undefined,
  limit: number,
): Promise<(PublicRow & { next_change: Date | null })[]> {
  const params: unknown[] = [limit + 1];
  let condition = `status = 'published' AND ${LIVE}`;
  if (after) {
    params.push(after.key, after.id);
    condition += ' AND (created_at, id) < ($2::timestamptz, $3)';
  }
  const { rows } = await db.query<PublicRow & { next_change: Date | null }>(
    `SELECT id, slug, title, new_url, scrapped_head, ${isoText('created_at')} AS created_iso, ${isoText('updated_at')} AS updated_iso,
            ${NEXT_PUBLIC_CHANGE_SQL} AS next_change
       FROM articles WHERE ${condition} ORDER BY created_at DESC, id DESC LIMIT $1`,
    params,
    { prepare: true },
  );
  return rows;
}

/** What the public article carries beyond its card: its HTML, when it unpublishes, its SEO fields. */
interface PublicArticleExtras {
  blog_data: string | null;
  unpublish_at: Date | null;
  meta_title: string | null;
  meta_description: string | null;
  canonical_url: string | null;
  /** The social image's file, when it is still an image of the library (out of its trash). */
  social_image_file: string | null;
}

/** The published article (out of the trash) with this slug. */
export async function getPublishedBySlug(
  db: Queryable,
  slug: string,
): Promise<(PublicRow & PublicArticleExtras) | undefined> {
  const { rows } = await db.query<PublicRow & PublicArticleExtras>(
    `SELECT id, slug, title, new_url, scrapped_head, blog_data, ${isoText('created_at')} AS created_iso, ${isoText('updated_at')} AS updated_iso,
            CASE WHEN schedule_failed_at IS NULL THEN unpublish_at END AS unpublish_at,
            meta_title, meta_description, canonical_url,
            (SELECT f.id FROM files f WHERE f.id = articles.social_image_id AND f.type = 'image' AND f.deleted_at IS NULL) AS social_image_file
       FROM articles WHERE slug = $1 AND status = 'published' AND ${LIVE}`,
    [slug],
    { prepare: true },
  );
  return rows[0];
}

/** Moves an article to the trash at `now`; undefined when there is no such article out of it. */
export async function trashArticle(tx: Queryable, id: string, now: Date): Promise<ArticleRow | undefined> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET version = version + 1, deleted_at = $2 WHERE id = $1 AND ${LIVE} RETURNING ${ARTICLE_COLUMNS}`,
    [id, now],
  );
  return rows[0];
}

/** An article in the trash (locked until the caller's transaction ends). */
export async function getTrashedArticle(tx: Queryable, id: string): Promise<(ArticleRow & { deleted_at: Date }) | undefined> {
  const { rows } = await tx.query<ArticleRow & { deleted_at: Date }>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles WHERE id = $1 AND deleted_at IS NOT NULL FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/** Whether an article with this id exists, in the trash or not. */
/** An article's status, in the trash or not; undefined when there is none. */
export async function articleStatusOf(db: Queryable, id: string): Promise<ArticleStatus | undefined> {
  const { rows } = await db.query<{ status: ArticleStatus }>('SELECT status FROM articles WHERE id = $1', [id], { prepare: true });
  return rows[0]?.status;
}

export async function articleExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM articles WHERE id = $1', [id])).rows.length > 0;
}

/** Takes an article out of the trash, under `slug`, updated at `updatedAt`. */
export async function restoreArticle(tx: Queryable, id: string, slug: string | null, updatedAt: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET version = version + 1, deleted_at = NULL, slug = $2, updated_at = $3 WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, slug, updatedAt],
  );
  return rows[0]!;
}

/** Deletes an article of the trash for good; undefined when it is not in the trash. */
export async function purgeArticle(tx: Queryable, id: string): Promise<ArticleRow | undefined> {
  const { rows } = await tx.query<ArticleRow>(
    `DELETE FROM articles WHERE id = $1 AND deleted_at IS NOT NULL RETURNING ${ARTICLE_COLUMNS}`,
    [id],
  );
  return rows[0];
}

/** Deletes for good, oldest first, at most `max` articles that went to the trash before `before`. */
export async function purgeTrashBefore(tx: Queryable, before: Date, max: number): Promise<ArticleRow[]> {
  const { rows } = await tx.query<ArticleRow>(
    `DELETE FROM articles WHERE id IN (
       SELECT id FROM articles WHERE deleted_at < $1 ORDER BY deleted_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING ${ARTICLE_COLUMNS}`,
    [before, max],
  );
  return rows;
}

export interface TrashCardRow extends ArticleCardRow {
  deleted_iso: string;
}

/** Up to `limit + 1` cards of the trash after `after` (most recently deleted first), and its size. */
export async function selectTrashPage(
  db: Queryable,
  after: { key: string | null; id: string } | undefined,
  limit: number,
): Promise<{ rows: TrashCardRow[]; total: number }> {
  const params: unknown[] = [limit + 1];
  let condition = 'deleted_at IS NOT NULL';
  if (after) {
    params.push(after.key, after.id);
    condition += ` AND (deleted_at, id) < ($2::timestamptz, $3)`;
  }
  const { rows } = await db.query<TrashCardRow & { total: number | string }>(
    `SELECT ${ARTICLE_CARD_COLUMNS}, ${isoText('deleted_at')} AS deleted_iso,
        (SELECT count(*) FROM articles WHERE deleted_at IS NOT NULL) AS total
      FROM articles WHERE ${condition} ORDER BY deleted_at DESC, id DESC LIMIT $1`,
    params,
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : Number((await db.query<{ n: number | string }>('SELECT count(*) AS n FROM articles WHERE deleted_at IS NOT NULL')).rows[0]!.n);
  return { rows, total };
}
