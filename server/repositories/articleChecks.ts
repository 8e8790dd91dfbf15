/**
 * The last checks before publishing of each article (article_checks, src/contract/checks.ts):
 * kept by every run, read by the article's page and by the list's attention filter.
 */
import { failingItems, type ArticleChecks, type KeptArticleChecksResult } from '../../src/contract/index.ts';
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/**
 * Keeps a run's result for the article as it was saved at `articleUpdatedAt`, never over the
 * result of a later save's run (two runs of one article may end in either order). Nothing is
 * kept for an article deleted for good meanwhile.
 */
export async function storeArticleChecks(
  db: Queryable,
  article: { id: string; updated_at: Date; title: string | null; blog_data: string | null },
  checks: ArticleChecks,
): Promise<void> {
  await db.query(
    `INSERT INTO article_checks (article_id, checked_at, article_updated_at, content_key, word_count, reading_minutes, items, failing)
       SELECT id, $2, $3, $4, $5, $6, $7, $8 FROM articles WHERE id = $1
     ON CONFLICT (article_id) DO UPDATE SET checked_at = EXCLUDED.checked_at, article_updated_at = EXCLUDED.article_updated_at,
       content_key = EXCLUDED.content_key, word_count = EXCLUDED.word_count, reading_minutes = EXCLUDED.reading_minutes,
       items = EXCLUDED.items, failing = EXCLUDED.failing
       WHERE article_checks.article_updated_at <= EXCLUDED.article_updated_at`,
    [article.id, checks.checkedAt, article.updated_at, contentKey(article), checks.wordCount, checks.readingMinutes, JSON.stringify(checks.items), failingItems(checks)],
  );
}

/**
 * What the checks read of an article, as a key: the md5 of its title and blog HTML (the same as
 * CONTENT_KEY_SQL computes of the row), so a result is stale only when they changed, not after a
 * publish, a slug or a schedule.
 */
export const contentKey = (article: { title: string | null; blog_data: string | null }) =>
  createHash('md5').update(`${article.title ?? ''}\u001f${article.blog_data ?? ''}`, 'utf8').digest('hex');
const CONTENT_KEY_SQL = "md5(coalesce(a.title, '') || chr(31) || coalesce(a.blog_data, ''))";

/** The kept result of an article's checks, and whether what they read was changed after it (undefined: no such article). */
export async function keptArticleChecks(db: Queryable, articleId: string): Promise<KeptArticleChecksResult | undefined> {
  const { rows } = await db.query<{
    checked_at: Date | string | null;
    word_count: number | null;
    reading_minutes: number | null;
    items: ArticleChecks['items'] | string | null;
    stale: boolean | null;
  }>(
    `SELECT c.checked_at, c.word_count, c.reading_minutes, c.items, ${CONTENT_KEY_SQL} <> c.content_key AS stale
       FROM articles a LEFT JOIN article_checks c ON c.article_id = a.id
      WHERE a.id = $1 AND a.deleted_at IS NULL`,
    [articleId],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.checked_at === null) return { data: null, stale: false };
  return {
    data: {
      checkedAt: new Date(row.checked_at).toISOString(),
      wordCount: row.word_count!,
      readingMinutes: row.reading_minutes!,
      items: typeof row.items === 'string' ? JSON.parse(row.items) : row.items!,
    },
    stale: row.stale === true,
  };
}
