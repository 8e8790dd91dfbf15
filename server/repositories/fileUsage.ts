/**
 * Where each file of the library is used (migration 28): one row per file, article and place
 * (its blog HTML, its social image), written with the article in its transaction.
 */
import type { Queryable } from '../db/database.ts';

/**
 * The article now shows `body` (the files its HTML uses) and `social` (its social image; undefined:
 * not known to this write, left as it is). Ids of no file are ignored. One statement: the rows no
 * longer wanted go, the new ones come, those that stay are not touched.
 */
export async function setArticleFileUsage(tx: Queryable, articleId: string, body: readonly string[], social: string | null | undefined) {
  const places = social === undefined ? ['body'] : ['body', 'social'];
  const wanted = [...body.map((id) => ({ id, place: 'body' })), ...(social ? [{ id: social, place: 'social' }] : [])];
  await tx.query(
    `WITH wanted AS (
       SELECT f.id, u.place FROM unnest($2::text[], $3::text[]) AS u (id, place) JOIN files f ON f.id = u.id
     ), gone AS (
       DELETE FROM file_usage fu
        WHERE fu.article_id = $1 AND fu.place = ANY($4::text[])
          AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.id = fu.file_id AND w.place = fu.place)
     )
     INSERT INTO file_usage (file_id, article_id, place) SELECT id, $1, place FROM wanted
     ON CONFLICT DO NOTHING`,
    [articleId, wanted.map((w) => w.id), wanted.map((w) => w.place), places],
  );
}

export interface FileUsageRow {
  article_id: string;
  title: string | null;
  slug: string | null;
  status: 'draft' | 'published';
  in_trash: boolean;
  places: ('body' | 'social')[];
}

/** The articles that use the file, published ones first, then the latest changed; at most `limit`. */
export async function usageOfFile(db: Queryable, fileId: string, limit: number): Promise<{ rows: FileUsageRow[]; total: number }> {
  const { rows } = await db.query<FileUsageRow & { total: string }>(
    `SELECT a.id AS article_id, a.title, a.slug, a.status, a.deleted_at IS NOT NULL AS in_trash,
            array_agg(u.place ORDER BY u.place) AS places, count(*) OVER () AS total
       FROM file_usage u JOIN articles a ON a.id = u.article_id
      WHERE u.file_id = $1
      GROUP BY a.id
      ORDER BY (a.status = 'published' AND a.deleted_at IS NULL) DESC, a.updated_at DESC, a.id
      LIMIT $2`,
    [fileId, limit],
  );
  return { rows, total: rows.length ? Number(rows[0]!.total) : 0 };
}

/** Of `fileIds`, those a published article out of the trash shows, with those articles (title or slug). */
export async function publishedUsesOf(tx: Queryable, fileIds: readonly string[]): Promise<Map<string, string[]>> {
  if (!fileIds.length) return new Map();
  const { rows } = await tx.query<{ file_id: string; names: string[] }>(
    `SELECT u.file_id, array_agg(DISTINCT coalesce(nullif(a.title, ''), a.slug, a.id)) AS names
       FROM file_usage u JOIN articles a ON a.id = u.article_id
      WHERE u.file_id = ANY($1::text[]) AND a.status = 'published' AND a.deleted_at IS NULL
      GROUP BY u.file_id`,
    [fileIds],
  );
  return new Map(rows.map((row) => [row.file_id, row.names]));
}
