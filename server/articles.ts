/** Articles in the database: rows ↔ the contract's Article, keyset pages, slugs. */
import {
  CARD_PREVIEW_CHARS,
  toArticleCard,
  SLUG_PATTERN,
  type Article,
  type ArticleCard,
  type ArticleCounts,
  type ArticleStats,
  type ArticleFilter,
  type ArticleStatus,
} from '../src/contract/index.ts';
import type { Queryable } from './db/database.ts';
import { ARTICLE_SEARCH_SQL, STORED_HEAD_CHARS } from './db/migrations.ts';
import { escapeLike, isoText, SEARCH_COUNT_CAP } from './db/sql.ts';
import { recordActivity } from './activity.ts';
import { badRequest } from './errors.ts';
import { newId } from './ids.ts';

export interface ArticleRow {
  id: string;
  status: ArticleStatus;
  slug: string | null;
  blog_data: string | null;
  scraped_url: string | null;
  new_url: string | null;
  scrapped_data: string;
  created_at: Date;
  updated_at: Date;
}

export const ARTICLE_COLUMNS =
  'id, status, slug, blog_data, scraped_url, new_url, scrapped_data, created_at, updated_at';

export function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    status: row.status,
    slug: row.slug,
    blogData: row.blog_data,
    scrapedUrl: row.scraped_url,
    newUrl: row.new_url,
    scrappedData: row.scrapped_data,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export interface ArticleCardRow extends Pick<ArticleRow, 'id' | 'status' | 'slug' | 'scraped_url' | 'new_url'> {
  created_iso: string;
  updated_iso: string;
  scrapped_head: string;
  blog_head: string | null;
}

/**
 * A card's columns. The bodies' leading characters (CARD_PREVIEW_CHARS + 1: the extra one tells
 * whether the text was cut) are stored beside them by migration 4, so a card never reads a
 * TOASTed body. Dates come as the text the answer carries: no Date parsed and re-printed per
 * row (that was a fifth of a page's CPU in Node).
 */
export const ARTICLE_CARD_COLUMNS = `id, status, slug, scraped_url, new_url,
  ${isoText('created_at')} AS created_iso, ${isoText('updated_at')} AS updated_iso, scrapped_head, blog_head`;
if (CARD_PREVIEW_CHARS + 1 > STORED_HEAD_CHARS) {
  throw new Error('CARD_PREVIEW_CHARS grew past the stored heads: add a migration that recomputes them');
}

/** The card of a row: the stored heads are cut as the contract cuts any article's bodies. */
export function cardFromRow(row: ArticleCardRow): ArticleCard {
  return toArticleCard({
    id: row.id,
    status: row.status,
    slug: row.slug,
    scrapedUrl: row.scraped_url,
    newUrl: row.new_url,
    scrappedData: row.scrapped_head,
    blogData: row.blog_head,
    createdAt: row.created_iso,
    updatedAt: row.updated_iso,
  });
}

/** How an article is named in activity messages: its slug, else the card's "#<last 8>". */
export const articleLabel = (a: { id: string; slug: string | null }) =>
  a.slug ? `"${a.slug}"` : `#${a.id.slice(-8)}`;

interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(row: { created_at: Date | string; id: string }): string {
  return Buffer.from(`${new Date(row.created_at).toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): Cursor {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-z]{1,64})$/.exec(text);
  const createdAt = match ? new Date(match[1]!) : undefined;
  if (!match || !createdAt || Number.isNaN(createdAt.getTime())) throw badRequest('Invalid cursor', 'invalid_cursor');
  return { createdAt, id: match[2]! };
}

export interface ListOptions {
  status: ArticleFilter;
  q?: string;
  limit: number;
  cursor?: string;
}

/**
 * The counts per status, as two InitPlans (computed once per statement) beside the page's
 * rows. A search counts at most SEARCH_COUNT_CAP + 1 matches per status, both from one scan:
 * the MATERIALIZED CTE is read on demand, so the matches the published count has read are
 * read again, not fetched again, by the draft count, and the scan stops as soon as both have
 * enough (one trigram index scan instead of two).
 */
function countsSql(pattern: string | undefined) {
  if (!pattern) {
    return {
      with: '',
      columns: `(SELECT n FROM article_counts WHERE status = 'published') AS count_published,
        (SELECT n FROM article_counts WHERE status = 'draft') AS count_draft`,
    };
  }
  const capped = (status: ArticleStatus) =>
    `(SELECT count(*) FROM (SELECT 1 FROM matches WHERE status = '${status}' LIMIT ${SEARCH_COUNT_CAP + 1}) m) AS count_${status}`;
  return {
    with: `WITH matches AS MATERIALIZED (SELECT status FROM articles WHERE (${ARTICLE_SEARCH_SQL}) ILIKE ${pattern})`,
    columns: `${capped('published')}, ${capped('draft')}`,
  };
}

export async function listArticles(db: Queryable, options: ListOptions) {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (options.status !== 'all') where.push(`status = ${param(options.status)}`);
  const q = options.q?.trim();
  const pattern = q ? param(`%${escapeLike(q)}%`) : undefined;
  if (pattern) where.push(`(${ARTICLE_SEARCH_SQL}) ILIKE ${pattern}`);
  if (options.cursor) {
    const c = decodeCursor(options.cursor);
    where.push(`(created_at, id) < (${param(c.createdAt)}::timestamptz, ${param(c.id)})`);
  }
  // The counts ride along with the page: one statement, one round trip.
  const withCounts = countsSql(pattern);
  const sql = `${withCounts.with} SELECT ${ARTICLE_CARD_COLUMNS}, ${withCounts.columns}
    FROM articles ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY created_at DESC, id DESC LIMIT ${param(options.limit + 1)}`;
  // A search's plan depends on its term; a plain page's does not, so it stays prepared.
  const { rows } = await db.query<ArticleCardRow & { count_published: number | string; count_draft: number | string }>(
    sql,
    params,
    { prepare: !pattern },
  );
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last ? encodeCursor({ created_at: last.created_iso, id: last.id }) : null;
  const first = rows[0];
  // An empty page has no row to carry the counts: ask for them alone.
  const counts = first
    ? countsOf(Number(first.count_published), Number(first.count_draft), pattern !== undefined)
    : pattern
      ? await searchCounts(db, `%${escapeLike(q!)}%`)
      : await articleCounts(db);
  return { data: page.map(cardFromRow), counts, nextCursor };
}

/** Counts per status from the trigger-maintained table: no scan. */
export async function articleCounts(db: Queryable): Promise<ArticleCounts> {
  const { rows } = await db.query<{ status: string; n: number | string }>('SELECT status, n FROM article_counts');
  return countsFrom(rows);
}

/**
 * The dashboard's figures: counts, and articles created (by current status) in the last 7
 * days and the 7 before. Reads only the last 14 days through the created_at index.
 */
export async function articleStats(db: Queryable, now = new Date()): Promise<ArticleStats> {
  const week = 7 * 24 * 60 * 60 * 1000;
  const since = new Date(now.getTime() - 2 * week);
  const split = new Date(now.getTime() - week);
  const { rows } = await db.query<{ status: string; current: number | string; previous: number | string }>(
    `SELECT status,
            count(*) FILTER (WHERE created_at >= $2) AS current,
            count(*) FILTER (WHERE created_at < $2) AS previous
       FROM articles WHERE created_at >= $1 AND created_at <= $3 GROUP BY status`,
    [since, split, now],
  );
  const pair = (status: string) => {
    const row = rows.find((r) => r.status === status);
    return { current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) };
  };
  const published = pair('published');
  const draft = pair('draft');
  return {
    counts: await articleCounts(db),
    createdPerWeek: {
      all: { current: published.current + draft.current, previous: published.previous + draft.previous },
      published,
      draft,
    },
  };
}

async function searchCounts(db: Queryable, pattern: string): Promise<ArticleCounts> {
  const { rows } = await db.query<{ count_published: number | string; count_draft: number | string }>(
    `${countsSql('$1').with} SELECT ${countsSql('$1').columns}`,
    [pattern],
  );
  return countsOf(Number(rows[0]?.count_published ?? 0), Number(rows[0]?.count_draft ?? 0), true);
}

function countsFrom(rows: { status: string; n: number | string }[]): ArticleCounts {
  const get = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return countsOf(get('published'), get('draft'), false);
}

/** Search counts are capped: `all` too reads "more than SEARCH_COUNT_CAP" once it is above it. */
function countsOf(published: number, draft: number, capped: boolean): ArticleCounts {
  const all = published + draft;
  return { all: capped ? Math.min(all, SEARCH_COUNT_CAP + 1) : all, published, draft };
}

export async function getArticle(db: Queryable, id: string, forUpdate = false): Promise<ArticleRow | undefined> {
  const { rows } = await db.query<ArticleRow>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
    { prepare: true },
  );
  return rows[0];
}

export const MAX_SLUG_LENGTH = 200;

export function assertValidSlug(slug: string) {
  if (!SLUG_PATTERN.test(slug) || slug.length > MAX_SLUG_LENGTH) {
    throw badRequest('Slug may contain only lowercase letters, numbers and hyphens', 'invalid_slug');
  }
}

/** A slug made from any text: "Hello, World!" → "hello-world". */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'article';
}

/** Whether `slug` belongs to an article other than `excludeId`. */
export async function isSlugTaken(db: Queryable, slug: string, excludeId?: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM articles WHERE slug = $1 AND id <> $2', [slug, excludeId ?? '']);
  return rows.length > 0;
}

/** `base` when free, else the first free `base-2`, `base-3`, … */
export async function freeSlug(db: Queryable, base: string, excludeId?: string): Promise<string> {
  const stem = base.slice(0, MAX_SLUG_LENGTH - 8).replace(/-+$/, '') || 'article';
  const { rows } = await db.query<{ slug: string }>(
    `SELECT slug FROM articles
      WHERE (slug = $1 OR (slug LIKE $2 AND slug ~ $3)) AND id <> $4`,
    [base, `${escapeLike(stem)}-%`, `^${stem}-[0-9]+$`, excludeId ?? ''],
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base) && base.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A new updated_at: now, but always after the previous one so If-Match can tell them apart. */
export function nextUpdatedAt(previous: Date, now = new Date()): Date {
  const prev = new Date(previous).getTime();
  return new Date(Math.max(now.getTime(), prev + 1));
}

/** A new draft, with its activity entry, in the caller's transaction. */
export async function insertArticle(
  tx: Queryable,
  values: Pick<ArticleRow, 'slug' | 'blog_data' | 'scraped_url' | 'new_url' | 'scrapped_data'>,
  actor: string | null = null,
) {
  const now = new Date();
  const { rows } = await tx.query<ArticleRow>(
    `INSERT INTO articles (id, status, slug, blog_data, scraped_url, new_url, scrapped_data, created_at, updated_at)
     VALUES ($1, 'draft', $2, $3, $4, $5, $6, $7, $7) RETURNING ${ARTICLE_COLUMNS}`,
    [newId(now.getTime()), values.slug, values.blog_data, values.scraped_url, values.new_url, values.scrapped_data, now],
  );
  const row = rows[0]!;
  await recordActivity(tx, 'article.created', `Article ${articleLabel(row)} created`, now, actor);
  return row;
}
