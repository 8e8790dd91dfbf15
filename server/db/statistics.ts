/**
 * The planner statistics of the articles, refreshed when due (the embedded database has no
 * autovacuum to do it; app.ts asks every STATISTICS_REFRESH_MS).
 */
import type { Queryable } from './types.ts';

/** How often the embedded database asks whether its planner statistics are due (it has no autovacuum). */
export const STATISTICS_REFRESH_MS = 10 * 60 * 1000;

/**
 * The articles' statistics are due, as PostgreSQL's autovacuum decides (its defaults): once more
 * than STATISTICS_DUE_ROWS plus STATISTICS_DUE_SHARE of the articles counted at the last refresh
 * were written since (created, edited or removed).
 */
export const STATISTICS_DUE_ROWS = 50;
export const STATISTICS_DUE_SHARE = 0.1;

/** The setting that says when the articles' statistics were last refreshed, and how many articles there were. */
export const STATISTICS_SETTING = 'planner-statistics';

interface StatisticsMark {
  at: string;
  articles: number;
}

/**
 * Whether the articles' statistics are due (see STATISTICS_DUE_ROWS). Without a mark (a library
 * kept before marks were), they are due when there are none, or when the count ANALYZE last saw
 * differs from today's by more than the threshold.
 */
async function statisticsDue(db: Queryable, mark: StatisticsMark | undefined, articles: number): Promise<boolean> {
  if (!mark) {
    const { rows } = await db.query<{ seen: number | null; analysed: boolean }>(
      `SELECT (SELECT reltuples FROM pg_class WHERE oid = 'articles'::regclass)::float8 AS seen,
              EXISTS (SELECT 1 FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'articles' AND attname = 'search_vector') AS analysed`,
    );
    const seen = Math.max(0, Number(rows[0]!.seen ?? 0));
    return !rows[0]!.analysed || Math.abs(articles - seen) > STATISTICS_DUE_ROWS + STATISTICS_DUE_SHARE * seen;
  }
  const threshold = Math.floor(STATISTICS_DUE_ROWS + STATISTICS_DUE_SHARE * mark.articles);
  // Removed (or added) beyond it, or written beyond it (new or edited: counted up to it through
  // the articles' updated_at index).
  if (Math.abs(articles - mark.articles) > threshold) return true;
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM articles WHERE updated_at > $1::timestamptz LIMIT $2) w`,
    [mark.at, threshold + 1],
  );
  return Number(rows[0]!.n) > threshold;
}

/**
 * Refreshes the planner's statistics of the articles (their words, sites and statuses) and of
 * their signatures when they are due; answers whether it did. ANALYZE reads a sample of 30,000
 * articles, whose rows the embedded database holds in its WebAssembly memory, and that memory,
 * once grown, stays (35 MB more at 100,000 articles, bench:memory): so it runs when the articles
 * changed enough to matter, not at every start.
 */
export async function refreshStatistics(db: Queryable): Promise<boolean> {
  // The mark, today's count of articles (trigger-kept) and the time a refresh marks, in one statement.
  const { rows } = await db.query<{ stored: StatisticsMark | null; articles: string; at: string }>(
    `SELECT (SELECT value FROM settings WHERE key = $1) AS stored,
            (SELECT coalesce(sum(n), 0) FROM article_counts) AS articles,
            to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at`,
    [STATISTICS_SETTING],
  );
  const { stored, at } = rows[0]!;
  const articles = Number(rows[0]!.articles);
  const mark = stored && typeof stored.at === 'string' && Number.isFinite(stored.articles) ? stored : undefined;
  const due = await statisticsDue(db, mark, articles);
  // (Without a mark and not due: today's count is marked, and writes are counted from now.)
  if (due) await db.query('ANALYZE articles, article_signatures, article_copies');
  if (due || !mark) {
    await db.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [STATISTICS_SETTING, JSON.stringify({ at, articles })],
    );
  }
  return due;
}
