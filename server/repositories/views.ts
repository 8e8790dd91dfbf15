/** The public reads of articles, per article and UTC day. */
import type { Queryable } from '../db/database.ts';

/**
 * Adds counted views (article id, UTC day `YYYY-MM-DD`, views) in one statement. Views of an
 * article deleted for good meanwhile are dropped. Rows are added to, never overwritten, so the
 * batches of several processes add up; they are written in key order, so two processes writing
 * the same rows at once wait for each other instead of deadlocking.
 */
export async function addViews(db: Queryable, entries: readonly { articleId: string; day: string; n: number }[]): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO article_views (article_id, day, n)
     SELECT v.article_id, v.day, v.n FROM unnest($1::text[], $2::date[], $3::bigint[]) AS v(article_id, day, n)
      WHERE EXISTS (SELECT 1 FROM articles a WHERE a.id = v.article_id)
      ORDER BY v.article_id, v.day
     ON CONFLICT (article_id, day) DO UPDATE SET n = article_views.n + excluded.n`,
    [entries.map((e) => e.articleId), entries.map((e) => e.day), entries.map((e) => e.n)],
  );
}

/** Views of every article on `today` and the day before (UTC days, `YYYY-MM-DD`). */
export async function viewsTodayAndYesterday(db: Queryable, today: string): Promise<{ today: number; yesterday: number }> {
  const { rows } = await db.query<{ today: number | string; yesterday: number | string }>(
    `SELECT coalesce(sum(n) FILTER (WHERE day = $1::date), 0) AS today,
            coalesce(sum(n) FILTER (WHERE day = $1::date - 1), 0) AS yesterday
       FROM article_views WHERE day >= $1::date - 1 AND day <= $1::date`,
    [today],
  );
  return { today: Number(rows[0]?.today ?? 0), yesterday: Number(rows[0]?.yesterday ?? 0) };
}

/** An article's views per day from `from` to `to` (inclusive, UTC days), days without views left out. */
export async function articleViewsByDay(db: Queryable, articleId: string, from: string, to: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ day: string; n: number | string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, n FROM article_views WHERE article_id = $1 AND day BETWEEN $2::date AND $3::date`,
    [articleId, from, to],
  );
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}
