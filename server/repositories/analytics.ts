/** The Analytics screen's SQL: sums per UTC day over the activity log, the views and the files. */
import type { Queryable } from '../db/database.ts';

/** Articles created, published and deleted per UTC day from `from` (inclusive, `YYYY-MM-DD`). */
export async function articleEventsByDay(db: Queryable, from: string) {
  const { rows } = await db.query<{ day: string; created: number | string; published: number | string; deleted: number | string }>(
    `SELECT to_char((at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
            count(*) FILTER (WHERE kind = 'article.created') AS created,
            count(*) FILTER (WHERE kind = 'article.published') AS published,
            count(*) FILTER (WHERE kind = 'article.deleted') AS deleted
       FROM activity
      WHERE at >= $1::date AT TIME ZONE 'UTC' AND kind IN ('article.created', 'article.published', 'article.deleted')
      GROUP BY 1`,
    [from],
  );
  return new Map(rows.map((r) => [r.day, { created: Number(r.created), published: Number(r.published), deleted: Number(r.deleted) }]));
}

/** Public views per UTC day from `from`. */
export async function viewsByDay(db: Queryable, from: string) {
  const { rows } = await db.query<{ day: string; views: number | string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(n) AS views FROM article_views WHERE day >= $1::date GROUP BY day`,
    [from],
  );
  return new Map(rows.map((r) => [r.day, Number(r.views)]));
}

/** The `limit` articles (out of the trash) read most since `from`. */
export async function topArticlesByViews(db: Queryable, from: string, limit: number) {
  const { rows } = await db.query<{ id: string; title: string | null; slug: string | null; views: number | string }>(
    `SELECT a.id, a.title, a.slug, v.views
       FROM (SELECT article_id, sum(n) AS views FROM article_views WHERE day >= $1::date GROUP BY article_id) v
       JOIN articles a ON a.id = v.article_id AND a.deleted_at IS NULL
      ORDER BY v.views DESC, a.id LIMIT $2`,
    [from, limit],
  );
  return rows.map((r) => ({ id: r.id, title: r.title, slug: r.slug, views: Number(r.views) }));
}

/**
 * The library's bytes by type at the end of each UTC day from `from`: the files it holds now
 * (out of the trash), counted from their upload day (files deleted since are not known by size).
 */
export async function storageByDay(db: Queryable, from: string) {
  const { rows } = await db.query<{ before_images: number | string; before_pdfs: number | string }>(
    `SELECT coalesce(sum(size) FILTER (WHERE type = 'image'), 0) AS before_images,
            coalesce(sum(size) FILTER (WHERE type = 'pdf'), 0) AS before_pdfs
       FROM files WHERE uploaded_at < $1::date AT TIME ZONE 'UTC' AND deleted_at IS NULL`,
    [from],
  );
  const perDay = await db.query<{ day: string; images: number | string; pdfs: number | string }>(
    `SELECT to_char((uploaded_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
            coalesce(sum(size) FILTER (WHERE type = 'image'), 0) AS images,
            coalesce(sum(size) FILTER (WHERE type = 'pdf'), 0) AS pdfs
       FROM files WHERE uploaded_at >= $1::date AT TIME ZONE 'UTC' AND deleted_at IS NULL GROUP BY 1`,
    [from],
  );
  return {
    before: { images: Number(rows[0]?.before_images ?? 0), pdfs: Number(rows[0]?.before_pdfs ?? 0) },
    added: new Map(perDay.rows.map((r) => [r.day, { images: Number(r.images), pdfs: Number(r.pdfs) }])),
  };
}
