/**
 * The list's counts kept exact as writes happen (migration 036): per status, and of the articles
 * each filter picks (`article_marks`), each summed from 16 slots. Read in constant time, whatever
 * the library's size.
 */
import type { ArticleStatus } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';

/** The marks of the list's filters (article_marks.mark). */
export type ArticleMark = 'attention' | 'copy' | 'source_changed' | 'scheduled';

/**
 * Whether the list's row (`articles`) has a mark: the filters read the kept marks, so a page and
 * its counts agree. What each mark means is the view article_marks_due (migration 036): needing
 * attention (its last checks found something to fix), looking like a copy (of an article not in
 * the trash), its source changed, scheduled.
 */
export const markedSql = (mark: ArticleMark) => `EXISTS (SELECT 1 FROM article_marks m WHERE m.mark = '${mark}' AND m.article_id = articles.id)`;

/** A mark's count per status: a subquery of the kept sums (read beside other columns). */
export const markCountSql = (mark: ArticleMark, status?: ArticleStatus) =>
  `(SELECT coalesce(sum(n), 0)::bigint FROM article_mark_slots WHERE mark = '${mark}'${status ? ` AND status = '${status}'` : ''})`;

/** A status's kept count: a subquery of the kept sums. */
export const statusCountSql = (status: ArticleStatus) => `(SELECT coalesce(sum(n), 0)::bigint FROM article_count_slots WHERE status = '${status}')`;

export interface MarkCounts {
  published: number;
  draft: number;
}

/** A mark's count per status (the articles a filter picks, out of the trash). */
export async function markCounts(db: Queryable, mark: ArticleMark): Promise<MarkCounts> {
  const { rows } = await db.query<{ published: string | number; draft: string | number }>(
    `SELECT ${markCountSql(mark, 'published')} AS published, ${markCountSql(mark, 'draft')} AS draft`,
  );
  return { published: Number(rows[0]!.published), draft: Number(rows[0]!.draft) };
}

/** The first page's side counts: how many articles need attention, and how many sources changed. */
export async function sideCounts(db: Queryable): Promise<{ attention: number; sourceChanged: number }> {
  const { rows } = await db.query<{ attention: string | number; source_changed: string | number }>(
    `SELECT ${markCountSql('attention')} AS attention, ${markCountSql('source_changed')} AS source_changed`,
  );
  return { attention: Number(rows[0]!.attention), sourceChanged: Number(rows[0]!.source_changed) };
}

/**
 * Where the kept counts differ from the rows, one line (`what`) each: each status's count against
 * the articles, each mark against what it means (article_marks_due), and each mark's count
 * against the marks. No row when they agree. The tests' check, and the crash suite's (which reads
 * a killed server's database with a client of its own).
 */
export const KEPT_COUNTS_DRIFT_SQL = `SELECT 'article_counts says ' || coalesce(c.n, 0) || ' ' || s.status || ', the table has ' || coalesce(a.n, 0) AS what
    FROM (VALUES ('draft'), ('published')) s(status)
    LEFT JOIN article_counts c ON c.status = s.status
    LEFT JOIN (SELECT status, count(*) AS n FROM articles WHERE deleted_at IS NULL GROUP BY status) a ON a.status = s.status
   WHERE coalesce(c.n, 0) <> coalesce(a.n, 0)
  UNION ALL
  SELECT 'mark ' || coalesce(k.mark, d.mark) || ' of ' || coalesce(k.article_id, d.article_id) || ': kept ' || coalesce(k.status, 'none') || ', due ' || coalesce(d.status, 'none')
    FROM article_marks k FULL JOIN article_marks_due d ON d.mark = k.mark AND d.article_id = k.article_id
   WHERE k.status IS DISTINCT FROM d.status
  UNION ALL
  SELECT 'article_mark_counts says ' || c.n || ' ' || c.mark || ' ' || c.status || ', the marks are ' || coalesce(m.n, 0)
    FROM article_mark_counts c
    LEFT JOIN (SELECT mark, status, count(*) AS n FROM article_marks GROUP BY mark, status) m ON m.mark = c.mark AND m.status = c.status
   WHERE c.n <> coalesce(m.n, 0)`;

export async function keptCountsDrift(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ what: string }>(KEPT_COUNTS_DRIFT_SQL);
  return rows.map((row) => row.what).sort();
}
