/** The articles table's SQL for one article or a few: reads, slugs, writes, status, trash; the sites list and the dashboard's weeks. */
import type { ArticleFilter, ArticleStatus, Provenance, SeoField, SeoPatch } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { escapeLike, isoText, parameters } from '../db/sql.ts';
import { ARTICLE_CARD_COLUMNS, ARTICLE_COLUMNS, CONTENT_COLUMNS, type ArticleContent, type ArticleRow, LIVE, SCHEDULED, SEO_COLUMNS, type TrashCardRow } from './articleRows.ts';

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

export type NewArticle = Pick<ArticleRow, 'title' | 'slug' | 'blog_data' | 'scraped_url' | 'new_url' | 'scrapped_data' | 'source_id' | 'provenance'>;

/** A new draft created (and last updated) at `now`. */
export async function insertDraft(tx: Queryable, id: string, values: NewArticle, now: Date): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `INSERT INTO articles (id, status, slug, blog_data, scraped_url, new_url, scrapped_data, created_at, updated_at, title, source_id, provenance)
     VALUES ($1, 'draft', $2, $3, $4, $5, $6, $7, $7, $8, $9, $10) RETURNING ${ARTICLE_COLUMNS}`,
    [
      id,
      values.slug,
      values.blog_data,
      values.scraped_url,
      values.new_url,
      values.scrapped_data,
      now,
      values.title,
      values.source_id ?? null,
      values.provenance ? JSON.stringify(values.provenance) : null,
    ],
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
  provenance: Provenance,
): Promise<ArticleRow> {
  const { rows } = await tx.query<ArticleRow>(
    `UPDATE articles SET version = version + 1, scrapped_data = $2, blog_data = CASE WHEN $3::boolean THEN $4 ELSE blog_data END,
            title = $5, updated_at = $6, provenance = $7
      WHERE id = $1 RETURNING ${ARTICLE_COLUMNS}`,
    [id, text, replaceBlogData, html, title, updatedAt, JSON.stringify(provenance)],
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
