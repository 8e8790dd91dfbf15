/**
 * The statements that read a page of the list, one per way of reading it: any search's or none
 * (pageRows), a phrase through its pairs and the newest articles' dates (phrasePage), a common
 * term tested on the newest articles (walkedPage), and the few matches of a rare term or phrase
 * read at once with their exact counts (cappedPage, rarePhrasePage).
 */
import type { ArticleCounts } from '../../../src/contract/index.ts';
import type { Queryable } from '../../db/database.ts';
import { ARTICLE_TSQUERY_MATCH_SQL } from '../../db/searchSql.ts';
import type { TermShare } from '../termShare.ts';
import { escapeLike, parameters, SEARCH_COUNT_CAP } from '../../db/sql.ts';
import { countsOf, countsSql, estimable, ESTIMATE_TRUSTED_FROM, keptFilter, keptFilterCountsSql } from './counts.ts';
import { ARTICLE_CARD_COLUMNS, type ArticleCursor, LIVE, SCHEDULED } from '../articleRows.ts';
import { type ArticlePageQuery, type ArticleSearch, headMatchSql, headWordPattern, narrowed, narrowingSql, ORDERS, type PageRow, searchMatchSql, snippetSourceSql, tsQuery, unplannedTerm } from './search.ts';

/**
 * How many of the list's newest articles (in the page's order) a phrase is first tested on
 * (phrasePage, in an order other than newest first): at most this many position checks before
 * the pair index is asked.
 */
export const PHRASE_TESTED_ROWS = 1_000;

/**
 * The windows of the list's newest articles a phrase's newest-first page is read in, one after
 * the other (phrasePage): the first fills a page for a phrase in 5% of the articles, the second
 * for one in 0.5%. Each costs what its matches and its dates are (no row's words are read).
 */
export const PHRASE_WINDOWS = [1_000, 10_000] as const;

/**
 * A phrase its windows put in at most this many articles has its page and counts read from every
 * match (rarePhrasePage): below it, a status's count would be counted anyway (a count is "more
 * than the cap" from ESTIMATE_TRUSTED_FROM of a status's share).
 */
export const PHRASE_FEW = 2 * ESTIMATE_TRUSTED_FROM;

/**
 * A phrase's page (with its pairs), and the share of the articles it is in where its page says:
 * - newest first (and relevance): read within the newest PHRASE_WINDOWS through its pairs and
 *   their dates in one index; a phrase they put in few articles, with its counts from every match
 *   (rarePhrasePage, first pages without a site); else from every match through its pairs;
 * - in another order: tested on the newest PHRASE_TESTED_ROWS (its positions checked in each
 *   row until the page is full), else from every match through its pairs.
 */
export async function phrasePage(
  db: Queryable,
  query: ArticlePageQuery,
  search: ArticleSearch,
): Promise<{ rows: PageRow[]; density?: number } | { rows: PageRow[]; counts: ArticleCounts }> {
  if (query.order !== 'rank' && query.order !== 'newest') {
    const rows = await pageRows(db, query, search, 'newest-tested');
    if (rows.length <= query.limit) return { rows: await pageRows(db, query, search, 'indexed') };
    // (A page of title matches alone tested nothing.)
    const tested = Math.max(0, ...rows.map((row) => Number(row.tested ?? 0)));
    return { rows, density: tested > 0 ? rows.filter((row) => row.tested != null).length / tested : undefined };
  }
  const whole = !narrowed(query) && query.status !== 'scheduled' && !query.after;
  for (const window of PHRASE_WINDOWS) {
    const rows = await pageRows(db, query, search, 'newest-windowed', window);
    // (A page of title matches alone read no window.)
    const found = rows.find((row) => row.windowed != null);
    const share = Number(found?.windowed ?? 0) / window;
    if (rows.length > query.limit) return { rows, density: found ? share : undefined };
    const library = rows.length ? Number(rows[0]!.total_published) + Number(rows[0]!.total_draft) : 0;
    if (whole && share * library <= PHRASE_FEW) {
      const page = await rarePhrasePage(db, query, search);
      if (page) return page;
      break;
    }
  }
  return { rows: await pageRows(db, query, search, 'indexed') };
}

/**
 * One statement for a page. `indexed`: the search's matches as searchMatchSql says (for a phrase,
 * through its pairs). `newest-tested`: a phrase's matches among the list's first
 * PHRASE_TESTED_ROWS rows in the page's order, tested one after the other (each row tells its
 * place in that list: `tested`). `newest-windowed` (newest first): a phrase's matches among the
 * list's newest PHRASE_TESTED_ROWS rows (from the date of the last of them), read through its
 * pairs and their articles' dates together (one index, `articles_pairs_idx`): no row is tested,
 * and each row tells how many the window held (`windowed`). Either page is exact when it is full.
 */
export async function pageRows(
  db: Queryable,
  query: ArticlePageQuery,
  search: ArticleSearch | undefined,
  mode: 'indexed' | 'newest-tested' | 'newest-windowed',
  window: number = PHRASE_WINDOWS[0],
): Promise<PageRow[]> {
  const { values: params, add: added } = parameters();
  const q = search?.q;
  const tested = mode === 'newest-tested';
  const windowed = mode === 'newest-windowed';
  // A windowed page's statement is prepared: the search's parameters come through subqueries,
  // which its planner does not read, so one plan serves every phrase (see walkedPage).
  const param = windowed ? (value: unknown) => `(SELECT ${added(value)}::text)` : added;
  // The text's and its pattern's parameters, added where first used (PostgreSQL refuses unused ones).
  const once = (value: string) => {
    let name: string | undefined;
    return () => (name ??= param(value));
  };
  const qParam = once(q ?? '');
  const pattern = once(`%${escapeLike(q ?? '')}%`);
  // The search as a tsquery: read once per statement where it is a parameter the planner does
  // not see (a function of a parameter is computed again for each row).
  const tsq = windowed ? () => `(SELECT ${tsQuery(qParam())})` : () => tsQuery(qParam());
  // The match as a row's words say it, checked in each row it is applied to (never through an
  // index: a phrase of common words would have it list every row holding them).
  const rowMatch = () => `ts_match_vq(search_vector, ${tsq()})`;
  // The match: in the statement's WHERE, or (tested) applied to the newest rows, or (windowed)
  // through the index within the newest rows' dates.
  const match = !search ? undefined : tested ? rowMatch() : searchMatchSql(search, param, { q: qParam, pattern, query: tsq });
  const where = [...(match && mode === 'indexed' ? [match] : []), LIVE];
  const narrowing = narrowingSql(query, added);
  where.push(...narrowing);
  if (query.status === 'scheduled') where.push(SCHEDULED);
  else if (query.status !== 'all') where.push(`status = ${added(query.status)}`);
  // A plain page carries the counts (kept by the writes), and so does a page of one kept filter
  // alone (its own, kept too); any other filtered one, none: they are taken from the page when it
  // holds every match, else asked for alone (filteredCounts).
  const kept = search ? undefined : keptFilter(query);
  const countColumns = search
    ? ''
    : !narrowed(query)
      ? `, ${countsSql(undefined).columns}`
      : kept
        ? `, ${keptFilterCountsSql(kept, narrowing)}`
        : '';
  const after = query.after;
  const snippetSource = q ? `, ${snippetSourceSql(param(headWordPattern(q)), pattern())} AS snippet_source` : '';
  // What the planner expects of a search, beside a full page (InitPlans: computed once, and
  // only when reached: a page that holds every match needs no estimate).
  const full = `count(*) OVER () > ${query.limit}`;
  const expectation = estimable(q, narrowed(query))
    ? `, CASE WHEN ${full} THEN (SELECT article_search_estimate(${qParam()}, ${pattern()})) END AS expected,
        CASE WHEN ${full} THEN (SELECT n FROM article_counts WHERE status = 'published') END AS total_published,
        CASE WHEN ${full} THEN (SELECT n FROM article_counts WHERE status = 'draft') END AS total_draft`
    : windowed
      ? // What the counts need beside a windowed page: the library per status (the share found in
        // the window tells the rest), and the scheduled matches (few: through their index).
        `, (SELECT n FROM article_counts WHERE status = 'published') AS total_published,
          (SELECT n FROM article_counts WHERE status = 'draft') AS total_draft,
          (SELECT count(*) FROM (SELECT 1 FROM articles WHERE ${[SCHEDULED, LIVE, rowMatch(), ...narrowing].join(' AND ')}
            LIMIT ${SEARCH_COUNT_CAP + 1}) m) AS count_scheduled`
      : '';

  // A search's page: its rows chosen first, reading only the order's keys of each match, then
  // the cards (and their snippets, which read the raw text) of those rows alone. A search whose
  // matches are gathered from an index and sorted computed every match's card before.
  const limit = () => added(query.limit + 1);
  // `list`: the conditions of the list the newest rows are taken from (without the tier's).
  const searchPage = (conditions: string[], by: string, extra: string, read: 'each' | 'tested' | 'windowed' = 'each', list = conditions) => {
    const chosen =
      read === 'tested'
        ? `SELECT id AS page_id, tested, NULL::bigint AS windowed FROM (SELECT *, row_number() OVER (ORDER BY ${by}) AS tested FROM articles
             WHERE ${conditions.join(' AND ')} ORDER BY ${by} LIMIT ${PHRASE_TESTED_ROWS}) newest
           WHERE ${match} ORDER BY ${by} LIMIT ${limit()}`
        : read === 'windowed'
          ? `SELECT id AS page_id, NULL::bigint AS tested, count(*) OVER () AS windowed FROM articles
              WHERE ${conditions.join(' AND ')} AND ${match} AND created_at >= coalesce((SELECT created_at FROM articles
                WHERE ${list.filter((c) => c !== LIVE).join(' AND ') || 'true'} ORDER BY ${by} OFFSET ${window - 1} LIMIT 1), '-infinity')
             ORDER BY ${by} LIMIT ${limit()}`
          : // (On a windowed page, the title tier: a match in the title or slug is a match, their
            // words being the article's first words in the same places, and the search only ANDs.)
            `SELECT id AS page_id, NULL::bigint AS tested, NULL::bigint AS windowed FROM articles
              WHERE ${conditions.join(' AND ')} ORDER BY ${by} LIMIT ${limit()}`;
    return `SELECT ${ARTICLE_CARD_COLUMNS}${snippetSource}${extra}, chosen.tested, chosen.windowed
      FROM (${chosen}) chosen JOIN articles ON articles.id = chosen.page_id ORDER BY ${by}`;
  };
  const newestRead = tested ? 'tested' : windowed ? 'windowed' : 'each';
  let sql: string;
  if (query.order === 'rank' && q) {
    const newest = ORDERS.newest;
    // The first tier (title and slug: their small in-row words, through their own index) is
    // never the one tested row by row.
    const tier = (rank: 0 | 1, condition: string) => {
      const list = [...where];
      if (after && after.rank === rank) list.push(newest.after(added(after.key), added(after.id), after));
      return `(${searchPage([...list, condition], newest.by, `, ${rank} AS rank`, rank === 0 ? newestRead : 'each', list)})`;
    };
    // The second tier is read only when the first one has fewer rows than the page (Append is
    // lazy), and the window (the expectation's) counts the page, after its LIMIT: over the
    // tiers, it would read the second tier whatever the first held.
    const tiers = [
      ...(after && after.rank === 0 ? [] : [tier(1, headMatchSql(tsq()))]),
      tier(0, `NOT coalesce(${headMatchSql(tsq())}, false)`),
    ];
    sql = `SELECT page.*${expectation} FROM (SELECT * FROM (${tiers.join(' UNION ALL ')}) tiers LIMIT ${limit()}) page`;
  } else {
    const order = ORDERS[query.order === 'rank' || query.order === 'trash' ? 'newest' : query.order];
    if (after) where.push(order.after(added(after.key), added(after.id), after));
    sql = q
      ? searchPage(where, order.by, '', newestRead)
      : `SELECT ${ARTICLE_CARD_COLUMNS}${countColumns}
      FROM articles ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${order.by} LIMIT ${limit()}`;
    // The window counts the page's rows (not the matches): it keeps their order.
    if (expectation) sql = `SELECT page.*${expectation} FROM (${sql}) page`;
  }
  // A search's plan depends on its term; a plain page's does not, so it stays prepared.
  const { rows } = await db.query<PageRow>(sql, params, { prepare: !q || windowed });
  return rows;
}

/** Whether a search's page may be read by walkedPage or cappedPage: not a phrase or an address, newest first, no site. */
export const walkable = (search: ArticleSearch, query: ArticlePageQuery) =>
  !search.phrases && !search.address && !narrowed(query) && (query.order === 'rank' || query.order === 'newest') && query.status !== 'scheduled';

/**
 * A common term's share of the articles (by the planner's statistics: termShare.ts) from which
 * its first page is read from the newest articles, tested one after the other: at 0.3, about 170
 * tests fill a page of 50.
 */
export const WALK_SHARE = 0.3;

/** A term in at least this share of the titles and slugs has its first tier read newest first: it fills its page there. */
export const HEAD_WALK_SHARE = 0.02;

/** How many of the newest articles a common term is tested on before its page is read as any search's. */
export const WALKED_ROWS = 1_000;

/**
 * A page of a common term (plain words, a relevance or newest order, no site), read by
 * a statement whose plan does not depend on the term, so it is prepared and planned once per
 * connection (a search's own statement is planned for its term each time, and planning was half
 * of a broad term's database time): the term and its pattern come through subqueries, which the
 * planner does not read. It holds, newest first:
 * - (relevance) the matches in the title or slug, through their index (few for a term rare in
 *   titles); a term common in titles has them read before, newest first (a statement planned for
 *   it), and they fill its page;
 * - the other matches among the newest WALKED_ROWS articles (after the cursor, on a later page),
 *   tested one after the other;
 * - beside them, the scheduled matches' count and the library's counts per status.
 * Undefined when the term is not common enough to fill its page so (the caller reads it as any
 * search's): decided from the statistics before, and from the rows after (the newest
 * WALKED_ROWS held too few).
 */
export async function walkedPage(
  db: Queryable,
  query: ArticlePageQuery,
  q: string,
  share: TermShare,
): Promise<{ rows: PageRow[]; density: number } | undefined> {
  const tiered = query.order === 'rank';
  const headsFirst = tiered && share.head >= HEAD_WALK_SHARE;
  if (share.body < WALK_SHARE && !headsFirst) return undefined;
  const page = query.limit + 1;
  const status = query.status === 'all' ? undefined : query.status;
  const { by } = ORDERS.newest;
  // A later page: the title tier goes on from its cursor, or is done and the rest goes on from it.
  const { after } = query;
  const titles = tiered && (!after || after.rank === 1);
  const restAfter = after && (!tiered || after.rank === 0) ? after : undefined;
  const { values: params, add: param } = parameters();
  const afterSql = (cursor: ArticleCursor) => ` AND ${ORDERS.newest.after(param(cursor.key), param(cursor.id), cursor)}`;
  let heads: string[] | undefined;
  if (headsFirst && titles) {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM articles WHERE ${headMatchSql(tsQuery(param(q)))} AND ${LIVE}${status ? ` AND status = ${param(status)}` : ''}${after ? afterSql(after) : ''}
        ORDER BY ${by} LIMIT ${param(page)}`,
      params.splice(0),
    );
    heads = rows.map((row) => row.id);
    if (heads.length < page && share.body < WALK_SHARE) return undefined;
  } else if (share.body < WALK_SHARE) return undefined;
  const { query: tsquery, pattern } = unplannedTerm(param, q);
  const match = ARTICLE_TSQUERY_MATCH_SQL(tsquery, pattern);
  const live = [LIVE, ...(status ? [`status = ${param(status)}`] : [])].join(' AND ');
  const titleTier = heads
    ? `SELECT id AS page_id, 1 AS rank, NULL::bigint AS tested FROM articles WHERE id = ANY(${param(heads)}::text[]) UNION ALL`
    : titles
      ? `(SELECT id AS page_id, 1 AS rank, NULL::bigint AS tested FROM articles WHERE ${headMatchSql(tsquery)} AND ${live}${after ? afterSql(after) : ''}
          ORDER BY ${by} LIMIT ${page}) UNION ALL`
      : '';
  const sql = `SELECT ${ARTICLE_CARD_COLUMNS}, ${snippetSourceSql(param(headWordPattern(q)), pattern)} AS snippet_source,
      chosen.rank, chosen.tested,
      (SELECT count(*) FROM (SELECT 1 FROM articles WHERE ${SCHEDULED} AND ${LIVE} AND ${match} LIMIT ${SEARCH_COUNT_CAP + 1}) m) AS count_scheduled,
      (SELECT n FROM article_counts WHERE status = 'published') AS total_published,
      (SELECT n FROM article_counts WHERE status = 'draft') AS total_draft
    FROM (
      ${titleTier}
      (SELECT id AS page_id, 0 AS rank, tested FROM (
          SELECT id, created_at, slug, scraped_url, new_url, head_vector, search_vector, row_number() OVER (ORDER BY ${by}) AS tested
            FROM articles WHERE ${live}${restAfter ? afterSql(restAfter) : ''} ORDER BY ${by} LIMIT ${WALKED_ROWS}) newest
        WHERE ${match}${tiered ? ` AND NOT coalesce(${headMatchSql(tsquery)}, false)` : ''}
        ORDER BY ${by} LIMIT ${heads ? param(page - heads.length) : page})
    ) chosen JOIN articles ON articles.id = chosen.page_id
    ORDER BY chosen.rank DESC, ${by} LIMIT ${page}`;
  const { rows } = await db.query<PageRow>(sql, params, { prepare: true });
  // Short of a page: the newest WALKED_ROWS did not hold enough matches after the title's.
  if (rows.length < page) return undefined;
  const found = rows.filter((row) => Number(row.rank) === 0);
  const tested = Math.max(0, ...found.map((row) => Number(row.tested)));
  // The share of the articles the term is in: as found among the newest, or as the statistics say.
  return { rows, density: tested > 0 ? found.length / tested : share.body };
}

/** A search matching at most this many articles has its first page and its exact counts read at once (cappedPage). */
export const CAPPED_ROWS = 200;

/**
 * cappedPage reads the matches only when the planner expects at most this many (its estimate of
 * a word it has no statistics for is 0.5% of the articles, plus what the slug and addresses hold):
 * a broader term would have the indexes list thousands before the cap stops the rest.
 */
export const CAPPED_EXPECTED = 1_000;

/**
 * The first page of a search that matches few articles (relevance or newest first, no site, not
 * a phrase or an address), with its exact counts, in one statement whose plan does not depend on
 * the term (it comes through subqueries the planner does not read), so prepared: when the
 * planner's estimate of the search (article_search_estimate, no row read) is at most
 * CAPPED_EXPECTED, every match up to CAPPED_ROWS + 1 through the word and trigram indexes, then
 * the page's cards. Undefined when the estimate or the matches are more (the caller reads the
 * page as any search's): what that cost is bounded by the estimate and the cap.
 */
export function cappedPage(db: Queryable, query: ArticlePageQuery, q: string): Promise<{ rows: PageRow[]; counts: ArticleCounts } | undefined> {
  return matchesPage(db, query, q, CAPPED_ROWS, (_, term) => ({
    expected: `article_search_estimate(${term.q$}, ${term.pattern$})`,
    match: ARTICLE_TSQUERY_MATCH_SQL(term.query, term.pattern),
  }));
}

/** rarePhrasePage reads at most this many matches (twice what the windows put it in, at most). */
export const PHRASE_CAPPED_ROWS = 2 * PHRASE_FEW;

/**
 * The first page of a phrase (with its pairs) that is not common (its matches did not fill a page
 * among the newest: phrasePage), relevance or newest first, no site: every match up to
 * PHRASE_CAPPED_ROWS + 1 through the pair index (what sorting them for the page reads anyway),
 * with its counts, in one prepared statement. Undefined past that many.
 */
function rarePhrasePage(db: Queryable, query: ArticlePageQuery, search: ArticleSearch): Promise<{ rows: PageRow[]; counts: ArticleCounts } | undefined> {
  return matchesPage(db, query, search.q, PHRASE_CAPPED_ROWS, (param, term) => ({
    expected: '0',
    match: searchMatchSql(search, (value) => `(SELECT ${param(value)}::text)`, { q: () => term.text, pattern: () => term.pattern, query: () => term.query }),
  }));
}

/**
 * A first page (relevance or newest first) with its exact counts (capped as the contract caps
 * them), from every match of a search up to `cap` + 1, in one prepared statement: `read` gives
 * the matches' condition and what the planner expects of them (no match is read past
 * CAPPED_EXPECTED), from the term's unplanned parameters. Undefined past the expectation or the
 * cap (the caller reads the page otherwise).
 */
async function matchesPage(
  db: Queryable,
  query: ArticlePageQuery,
  q: string,
  cap: number,
  read: (param: (value: unknown) => string, term: ReturnType<typeof unplannedTerm>) => { expected: string; match: string },
): Promise<{ rows: PageRow[]; counts: ArticleCounts } | undefined> {
  const { values: params, add: param } = parameters();
  const term = unplannedTerm(param, q);
  const { expected, match } = read(param, term);
  const status = param(query.status);
  const rank = query.order === 'rank';
  const { rows } = await db.query<PageRow & { matched: number | string; expected: number; chosen_at: string }>(
    `WITH e AS MATERIALIZED (SELECT ${expected} AS expected),
      m AS MATERIALIZED (
        SELECT id, created_at, status, ${SCHEDULED} AS scheduled, coalesce(${headMatchSql(term.query)}, false) AS head FROM articles
         WHERE (SELECT expected FROM e) <= ${CAPPED_EXPECTED} AND ${LIVE} AND ${match}
         LIMIT ${cap + 1})
      SELECT page.*, e.expected, c.*
        FROM e CROSS JOIN (SELECT count(*) AS matched, count(*) FILTER (WHERE status = 'published') AS count_published,
                                  count(*) FILTER (WHERE status = 'draft') AS count_draft, count(*) FILTER (WHERE scheduled) AS count_scheduled
                             FROM m) c
        LEFT JOIN (
          SELECT ${ARTICLE_CARD_COLUMNS}, ${snippetSourceSql(param(headWordPattern(q)), term.pattern)} AS snippet_source,
                 chosen.head::int AS rank, chosen.created_at AS chosen_at
            FROM (SELECT id, head, created_at FROM m WHERE ${status} = 'all' OR status = ${status}
                   ORDER BY ${rank ? 'head DESC, ' : ''}created_at DESC, id DESC LIMIT ${query.limit + 1}) chosen
            JOIN articles ON articles.id = chosen.id) page ON true
       ORDER BY ${rank ? 'page.rank DESC, ' : ''}page.chosen_at DESC, page.id DESC`,
    params,
    { prepare: true },
  );
  const first = rows[0]!;
  if (Number(first.expected) > CAPPED_EXPECTED || Number(first.matched) > cap) return undefined;
  const capped = (n: number | string) => Math.min(Number(n), SEARCH_COUNT_CAP + 1);
  return {
    // Without a match, the one row carries the counts alone.
    rows: rows.filter((row) => row.id != null),
    counts: { ...countsOf(capped(first.count_published), capped(first.count_draft), true), scheduled: capped(first.count_scheduled!) },
  };
}
