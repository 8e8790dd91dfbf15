/** The articles table's SQL: rows ↔ the contract's Article, keyset pages, counts, slugs. */
import {
  CARD_PREVIEW_CHARS,
  toArticleCard,
  type Article,
  type ArticleCard,
  type ArticleCounts,
  type ArticleFilter,
  type ArticleStatus,
} from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { ARTICLE_SEARCH_SQL, STORED_HEAD_CHARS } from '../db/migrations.ts';
import { escapeLike, isoText, SEARCH_COUNT_CAP } from '../db/sql.ts';

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

/** Where a keyset page starts: after the row with this creation time and id. */
export interface ArticleCursor {
  createdAt: Date;
  id: string;
}

export interface ArticlePageQuery {
  status: ArticleFilter;
  /** Trimmed search text; empty or undefined for no search. */
  q?: string;
  after?: ArticleCursor;
  limit: number;
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

/**
 * Up to `limit + 1` cards after `after` (newest first; the extra one tells whether there is a
 * next page), and the counts per status (of the search's matches, when searching).
 */
export async function selectArticlePage(
  db: Queryable,
  query: ArticlePageQuery,
): Promise<{ rows: ArticleCardRow[]; counts: ArticleCounts }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.status !== 'all') where.push(`status = ${param(query.status)}`);
  const q = query.q;
  const pattern = q ? param(`%${escapeLike(q)}%`) : undefined;
  if (pattern) where.push(`(${ARTICLE_SEARCH_SQL}) ILIKE ${pattern}`);
  if (query.after) {
    where.push(`(created_at, id) < (${param(query.after.createdAt)}::timestamptz, ${param(query.after.id)})`);
  }
  // The counts ride along with the page: one statement, one round trip.
  const withCounts = countsSql(pattern);
  const sql = `${withCounts.with} SELECT ${ARTICLE_CARD_COLUMNS}, ${withCounts.columns}
    FROM articles ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY created_at DESC, id DESC LIMIT ${param(query.limit + 1)}`;
  // A search's plan depends on its term; a plain page's does not, so it stays prepared.
  const { rows } = await db.query<ArticleCardRow & { count_published: number | string; count_draft: number | string }>(
    sql,
    params,
    { prepare: !pattern },
  );
  const first = rows[0];
  // An empty page has no row to carry the counts: ask for them alone.
  const counts = first
    ? countsOf(Number(first.count_published), Number(first.count_draft), pattern !== undefined)
    : pattern
      ? await searchCounts(db, `%${escapeLike(q!)}%`)
      : await articleCounts(db);
  return { rows, counts };
}

/** Counts per status from the trigger-maintained table: no scan. */
export async function articleCounts(db: Queryable): Promise<ArticleCounts> {
  const { rows } = await db.query<{ status: string; n: number | string }>('SELECT status, n FROM article_counts');
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
       FROM articles WHERE created_at >= $1 AND created_at <= $3 GROUP BY status`,
    [since, split, until],
  );
  return rows.map((r) => ({ status: r.status, current: Number(r.current), previous: Number(r.previous) }));
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

/** One article; `forUpdate` locks its row until the caller's transaction ends. */
export async function getArticle(db: Queryable, id: string, forUpdate = false): Promise<ArticleRow | undefined> {
  const { rows } = await db.query<ArticleRow>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
    { prepare: true },
  );
  return rows[0];
}

/** Whether `slug` belongs to an article other than `excludeId`. */
export async function isSlugTaken(db: Queryable, slug: string, excludeId?: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM articles WHERE slug = $1 AND id <> $2', [slug, excludeId ?? '']);
  return rows.length > 0;
}

/** The slugs, other than `excludeId`'s, that are `base` or `stem-<number>`. */
export async function slugsLike(db: Queryable, base: string, stem: string, excludeId?: string): Promise<Set<string>> {
  const { rows } = await db.query<{ slug: string }>(
    `SELECT slug FROM articles
      WHERE (slug = $1 OR (slug LIKE $2 AND slug ~ $3)) AND id <> $4`,
    [base, `${escapeLike(stem)}-%`, `^${stem}-[0-9]+$`, excludeId ?? ''],
  );
  return new Set(rows.map((r) => r.slug));
}

/** The article made from this address first, if any (the address as the admin typed it). */
export async function findScrapedArticleId(db: Queryable, url: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM articles WHERE scraped_url = $1 ORDER BY created_at LIMIT 1',
    [url],
  );
  return rows[0]?.id;
}

export type NewArticle = Pick<ArticleRow, 'slug' | 'blog_data' | 'scraped_url' | 'new_url' | 'scrapped_data'>;

/** A new draft created (and last updated) at `now`. */
export async function insertDraft(tx: Queryable, id: string, values: NewArticle, now: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `INSERT INTO articles (id, status, slug, blog_data, scraped_url, new_url, scrapped_data, created_at, updated_at)
     VALUES ($1, 'draft', $2, $3, $4, $5, $6, $7, $7) RETURNING ${ARTICLE_COLUMNS}`,
    [id, values.slug, values.blog_data, values.scraped_url, values.new_url, values.scrapped_data, now],
  );
  return rows[0]!;
}

/** A re-scrape's text; the blog HTML too when `replaceBlogData`. */
export async function updateScrapedText(
  tx: Queryable,
  id: string,
  text: string,
  replaceBlogData: boolean,
  html: string,
  updatedAt: Date,
): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET scrapped_data = $2, blog_data = CASE WHEN $3::boolean THEN $4 ELSE blog_data END,
            updated_at = $5
      WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, text, replaceBlogData, html, updatedAt],
  );
  return rows[0]!;
}

export async function updateSlug(tx: Queryable, id: string, slug: string, updatedAt: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET slug = $2, updated_at = $3 WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, slug, updatedAt],
  );
  return rows[0]!;
}

export async function updateBlogData(tx: Queryable, id: string, blogData: string, updatedAt: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET blog_data = $2, updated_at = $3 WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, blogData, updatedAt],
  );
  return rows[0]!;
}

export async function updateStatus(tx: Queryable, id: string, status: ArticleStatus, updatedAt: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET status = $2, updated_at = $3 WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, status, updatedAt],
  );
  return rows[0]!;
}

/** Deletes the article; answers its row, or undefined when there was none. */
export async function deleteArticle(tx: Queryable, id: string): Promise<ArticleRow | undefined> {
  const { rows } = await tx.query<ArticleRow>(`DELETE FROM articles WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`, [id]);
  return rows[0];
}
