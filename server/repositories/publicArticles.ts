/** The public read API's SQL: published articles out of the trash, newest first, and one by its slug. */
import type { Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';
import { type ArticleCursor, LIVE } from './articleRows.ts';

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
  /** That file's alt text ('' when it has none). */
  social_image_alt: string | null;
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
            (SELECT f.id FROM files f WHERE f.id = articles.social_image_id AND f.type = 'image' AND f.deleted_at IS NULL) AS social_image_file,
            (SELECT f.alt FROM files f WHERE f.id = articles.social_image_id AND f.type = 'image' AND f.deleted_at IS NULL) AS social_image_alt
       FROM articles WHERE slug = $1 AND status = 'published' AND ${LIVE}`,
    [slug],
    { prepare: true },
  );
  return rows[0];
}
