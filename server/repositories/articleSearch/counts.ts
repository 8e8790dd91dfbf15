/**
 * The list's counts per status: kept by the writes (keptCounts.ts) for a plain page and for one
 * filter alone, capped for a search or filters together (each status through its own index),
 * taken from the planner's estimate where it is trusted, or from a sample of the newest for a
 * phrase.
 */
import type { ArticleCounts, ArticleStatus } from '../../../src/contract/index.ts';
import type { Queryable } from '../../db/database.ts';
import { type ArticleMark, markCountSql, markCounts, statusCountSql } from '../keptCounts.ts';
import { parameters, SEARCH_COUNT_CAP } from '../../db/sql.ts';
import { LIVE, SCHEDULED } from '../articleRows.ts';
import { type ArticleSearch, narrowed, type Narrowing, narrowingSql, searchMatchSql } from './search.ts';

/**
 * A count is not read when the planner expects at least this many matches in it: it is sent
 * as "more than SEARCH_COUNT_CAP" (cap + 1). Twice the cap, so that an estimate off by half
 * still says the truth; below it, matches are counted (up to the cap + 1).
 */
export const ESTIMATE_TRUSTED_FROM = 2 * SEARCH_COUNT_CAP;

/**
 * The counts per status, as InitPlans (computed once per statement, when first needed) beside
 * the page's rows. A search (or a site) counts at most SEARCH_COUNT_CAP + 1 matches per status,
 * each status through its own index. With `estimate` (the parameters of a search's text and
 * pattern), a status whose share of the matches the planner expects (article_search_estimate:
 * its statistics, no row read) is at least ESTIMATE_TRUSTED_FROM is not counted but sent as
 * more than the cap: counting a broad term's first thousand matches cost ten times the page.
 */
export function countsSql(filter: string | undefined, estimate?: { q: string; pattern: string }, known: readonly ArticleStatus[] = []) {
  if (!filter) {
    return {
      with: '',
      columns: `${statusCountSql('published')} AS count_published, ${statusCountSql('draft')} AS count_draft,
        ${markCountSql('scheduled')} AS count_scheduled, ${markCountSql('attention')} AS count_attention,
        ${markCountSql('source_changed')} AS count_source_changed`,
    };
  }
  const capped = (status: ArticleStatus) => {
    // Known otherwise (the caller's): not read.
    if (known.includes(status)) return `0 AS count_${status}`;
    const count = `(SELECT count(*) FROM (SELECT 1 FROM articles WHERE status = '${status}' AND ${LIVE} AND ${filter} LIMIT ${SEARCH_COUNT_CAP + 1}) m)`;
    if (!estimate) return `${count} AS count_${status}`;
    const expected = `(SELECT matches * (SELECT n FROM article_counts WHERE status = '${status}') / total FROM expected)`;
    return `CASE WHEN ${expected} >= ${ESTIMATE_TRUSTED_FROM} THEN ${SEARCH_COUNT_CAP + 1} ELSE ${count} END AS count_${status}`;
  };
  return {
    // Planned once for both statuses (a CTE read twice is materialized).
    with: estimate
      ? `WITH expected AS (SELECT article_search_estimate(${estimate.q}, ${estimate.pattern}) AS matches,
          greatest((SELECT sum(n) FROM article_counts), 1) AS total)`
      : '',
    columns: `${capped('published')}, ${capped('draft')}`,
  };
}

/**
 * Whether a search's counts may come from the planner's statistics: a search of words, without
 * a site. Not a phrase ("two words"): the planner knows how often each word occurs, not how
 * often they follow each other.
 */
export const estimable = (q: string | undefined, filtered: boolean): q is string => !!q && !filtered && !q.includes('"');

/** How many scheduled articles match a search or a site (capped as the other counts): few, through their index. */
export async function scheduledCount(db: Queryable, search: ArticleSearch | undefined, narrowing: Narrowing): Promise<number> {
  const { params, filters } = filterOf(search, narrowing);
  const { rows } = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM articles WHERE ${[SCHEDULED, LIVE, ...filters].join(' AND ')} LIMIT ${SEARCH_COUNT_CAP + 1}) m`,
    params,
  );
  return Number(rows[0]!.n);
}

/** The filters of a search (`q`), a site and the attention filter, with their parameters. */
function filterOf(search: ArticleSearch | undefined, narrowing: Narrowing) {
  const { values: params, add: param } = parameters();
  const filters: string[] = [];
  // The text and its pattern first: the count estimate reads them as $1 and $2.
  if (search) filters.push(searchMatchSql(search, param));
  filters.push(...narrowingSql(narrowing, param));
  return { params, filters };
}

export async function filteredCounts(db: Queryable, search: ArticleSearch | undefined, narrowing: Narrowing): Promise<ArticleCounts> {
  const { params, filters } = filterOf(search, narrowing);
  const filtered = narrowed(narrowing);
  const filter = filters.join(' AND ');
  const q = search?.q;
  // A phrase's counts: through its pairs where it has them (counted as a word's are); else from
  // a sample where it can tell, counted for the rest.
  const sampled = q && !filtered && q.includes('"') && !search.phrases ? await sampledCounts(db, filter, params) : {};
  const skip = (['published', 'draft'] as const).filter((status) => sampled[status] !== undefined);
  if (sampled.published !== undefined && sampled.draft !== undefined) return countsOf(sampled.published, sampled.draft, true);
  const counts = countsSql(filter, estimable(q, filtered) ? { q: '$1', pattern: '$2' } : undefined, skip);
  const { rows } = await db.query<{ count_published: number | string; count_draft: number | string }>(
    `${counts.with} SELECT ${counts.columns}`,
    params,
  );
  return countsOf(
    sampled.published ?? Number(rows[0]?.count_published ?? 0),
    sampled.draft ?? Number(rows[0]?.count_draft ?? 0),
    true,
  );
}

/** How many of each status's newest articles a phrase is tested on (sampledCounts). */
export const PHRASE_SAMPLE_ROWS = 1_000;

/**
 * A phrase's count per status where a sample of its newest PHRASE_SAMPLE_ROWS articles can
 * tell: exact when the sample is the whole status, more than the cap when the share of the
 * sample that matches, over the whole status, makes at least ESTIMATE_TRUSTED_FROM. Counting a
 * phrase of common words reads every article it tests (positions are checked in each), so a
 * broad phrase's thousand matches cost 160 ms of the database; the sample costs 1,000 rows.
 */
async function sampledCounts(db: Queryable, filter: string, params: unknown[]): Promise<Partial<Record<ArticleStatus, number>>> {
  const sample = (status: ArticleStatus) =>
    `(SELECT '${status}' AS status, (${filter}) AS hit FROM articles WHERE status = '${status}' AND ${LIVE}
       ORDER BY created_at DESC, id DESC LIMIT ${PHRASE_SAMPLE_ROWS})`;
  const { rows } = await db.query<{ status: ArticleStatus; hits: number | string; n: number | string; total: number | string }>(
    `SELECT s.status, count(*) FILTER (WHERE s.hit) AS hits, count(*) AS n, min(c.n) AS total
       FROM (${sample('published')} UNION ALL ${sample('draft')}) s JOIN article_counts c ON c.status = s.status
      GROUP BY s.status`,
    params,
  );
  const known: Partial<Record<ArticleStatus, number>> = {};
  for (const row of rows) {
    const [hits, n, total] = [Number(row.hits), Number(row.n), Number(row.total)];
    if (n < PHRASE_SAMPLE_ROWS) known[row.status] = Math.min(hits, SEARCH_COUNT_CAP + 1);
    else if ((hits / n) * total >= ESTIMATE_TRUSTED_FROM) known[row.status] = SEARCH_COUNT_CAP + 1;
  }
  // A status without articles has no row: none match.
  for (const status of ['published', 'draft'] as const) if (!rows.some((row) => row.status === status)) known[status] = 0;
  return known;
}

/** Counts per status, kept by the writes: no scan. */
export async function articleCounts(db: Queryable): Promise<ArticleCounts> {
  const { rows } = await db.query<{ published: number | string; draft: number | string; scheduled: number | string }>(
    `SELECT ${statusCountSql('published')} AS published, ${statusCountSql('draft')} AS draft, ${markCountSql('scheduled')} AS scheduled`,
  );
  const row = rows[0]!;
  return { ...countsOf(Number(row.published), Number(row.draft), false), scheduled: Number(row.scheduled) };
}

/**
 * The filter a narrowing is, when it is one kept by the writes alone (not with a site, an
 * assignee or another filter): its counts are then read, not counted.
 */
export function keptFilter(narrowing: Narrowing): ArticleMark | undefined {
  if (narrowing.site || narrowing.assignee) return undefined;
  const marks = [
    ...(narrowing.attention ? (['attention'] as const) : []),
    ...(narrowing.copies ? (['copy'] as const) : []),
    ...(narrowing.sourceChanged ? (['source_changed'] as const) : []),
  ];
  return marks.length === 1 ? marks[0] : undefined;
}

/**
 * The counts a page of one kept filter carries (InitPlans, as a plain page's): the filter's per
 * status and the side counts, kept; its scheduled articles counted (few, through their index),
 * capped as search counts are. `conditions`: the filter's (narrowingSql).
 */
export function keptFilterCountsSql(mark: ArticleMark, conditions: readonly string[]) {
  return `${markCountSql(mark, 'published')} AS count_published, ${markCountSql(mark, 'draft')} AS count_draft,
    (SELECT count(*) FROM (SELECT 1 FROM articles WHERE ${[SCHEDULED, LIVE, ...conditions].join(' AND ')} LIMIT ${SEARCH_COUNT_CAP + 1}) m) AS count_scheduled,
    ${markCountSql('attention')} AS count_attention, ${markCountSql('source_changed')} AS count_source_changed`;
}

/** The counts of a filter kept by the writes: exact, read in constant time. */
export async function keptFilterCounts(db: Queryable, mark: ArticleMark): Promise<ArticleCounts> {
  const { published, draft } = await markCounts(db, mark);
  return countsOf(published, draft, false);
}

/** Search counts are capped: `all` too reads "more than SEARCH_COUNT_CAP" once it is above it. */
export function countsOf(published: number, draft: number, capped: boolean): ArticleCounts {
  const all = published + draft;
  return { all: capped ? Math.min(all, SEARCH_COUNT_CAP + 1) : all, published, draft };
}
