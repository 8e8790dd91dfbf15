/**
 * The search planner: which statement reads a page of the list, by what the search is (a
 * phrase, a common term, a rare one, an address, none), and where its counts come from.
 */
import type { ArticleCounts, ArticleStatus } from '../../../src/contract/index.ts';
import type { Queryable } from '../../db/database.ts';
import { searchWordsBound, termShare } from '../termShare.ts';
import { SEARCH_COUNT_CAP } from '../../db/sql.ts';
import { articleCounts, countsOf, ESTIMATE_TRUSTED_FROM, filteredCounts, keptFilter, keptFilterCounts, scheduledCount } from './counts.ts';
import { CAPPED_EXPECTED, cappedPage, pageRows, phrasePage, WALK_SHARE, walkable, walkedPage } from './pages.ts';
import type { ArticleCardRow } from '../articleRows.ts';
import { type ArticlePageQuery, articleSearch, narrowed, type PageRow } from './search.ts';

/**
 * Up to `limit + 1` cards after `after` in `order` (the extra one tells whether there is a next
 * page), and the counts per status (of the search's or the site's matches, when filtered: the
 * counts do not depend on `status`).
 *
 * The relevance order (`rank`, a search without a sort) has two tiers, each newest first:
 * matches in the title or slug (rank 1), then the others (rank 0). Each tier is a keyset scan
 * of its own, so a term that matches every article reads a page of rows, not every match.
 */
export async function selectArticlePage(
  db: Queryable,
  query: ArticlePageQuery,
): Promise<{ rows: ArticleCardRow[]; counts: ArticleCounts; attention?: number; sourceChanged?: number }> {
  const q = query.q || undefined;
  const search = q ? await articleSearch(db, q) : undefined;
  let rows: PageRow[];
  // The share of the articles a phrase or a common term is in, where its page says (found ÷ tested).
  let density: number | undefined;
  if (search?.phrases) {
    const read = await phrasePage(db, query, search);
    if ('counts' in read) return read;
    ({ rows, density } = read);
  } else {
    const term = search && walkable(search, query) ? search.q : undefined;
    const share = term ? await termShare(db, term) : undefined;
    const walked = share ? await walkedPage(db, query, term!, share) : undefined;
    if (walked) ({ rows, density } = walked);
    else {
      // A term the statistics do not call common may match few articles: read at once, with its counts.
      const few = term && !query.after && !(share && share.body >= WALK_SHARE) && ((await searchWordsBound(db, term)) ?? 0) <= CAPPED_EXPECTED;
      const capped = few ? await cappedPage(db, query, term) : undefined;
      if (capped) return capped;
      rows = await pageRows(db, query, search, 'indexed');
    }
  }
  // The tiers come in order (Append reads its branches one after the other); kept so regardless.
  if (query.order === 'rank') rows.sort((a, b) => Number(b.rank) - Number(a.rank));
  const first = rows[0];
  if (!search && !narrowed(query)) {
    // An empty page has no row to carry the counts: ask for them alone.
    if (!first) return { rows, counts: await articleCounts(db) };
    return {
      rows,
      counts: { ...countsOf(Number(first.count_published), Number(first.count_draft), false), scheduled: Number(first.count_scheduled) },
      attention: Number(first.count_attention),
      sourceChanged: Number(first.count_source_changed),
    };
  }
  const whole = !query.after && rows.length <= query.limit;
  const scheduledOf = () =>
    whole && (query.status === 'all' || query.status === 'scheduled')
      ? rows.filter((row) => row.publish_iso || row.unpublish_iso).length
      : first?.count_scheduled != null
        ? Number(first.count_scheduled)
        : scheduledCount(db, search, query);
  // One filter alone (needing attention, looking like a copy, source changed): its counts are
  // kept by the writes, carried by the page (asked for alone when it is empty).
  const kept = search ? undefined : keptFilter(query);
  if (kept && first?.count_published != null) {
    return {
      rows,
      counts: { ...countsOf(Number(first.count_published), Number(first.count_draft), false), scheduled: await scheduledOf() },
      attention: Number(first.count_attention),
      sourceChanged: Number(first.count_source_changed),
    };
  }
  if (kept) return { rows, counts: { ...(await keptFilterCounts(db, kept)), scheduled: await scheduledOf() } };
  // Each status's count: exact from a whole first page (it is every match of its status); more
  // than the cap when the planner (or a phrase's page) expects at least ESTIMATE_TRUSTED_FROM
  // of its share; else counted (filteredCounts, one more statement).
  const known: Partial<Record<ArticleStatus, number>> = {};
  const totals =
    first?.expected != null || first?.total_published != null
      ? { published: Number(first.total_published), draft: Number(first.total_draft) }
      : density !== undefined
        ? await articleCounts(db)
        : undefined;
  for (const status of ['published', 'draft'] as const) {
    if (whole && (query.status === 'all' || query.status === status)) {
      known[status] = rows.filter((row) => row.status === status).length;
    } else if (totals) {
      const all = totals.published + totals.draft;
      const share = first?.expected != null ? (all > 0 ? (Number(first.expected) * totals[status]) / all : 0) : density! * totals[status];
      if (share >= ESTIMATE_TRUSTED_FROM) known[status] = SEARCH_COUNT_CAP + 1;
    }
  }
  if (known.published === undefined || known.draft === undefined) {
    const counted = await filteredCounts(db, search, query);
    known.published ??= counted.published;
    known.draft ??= counted.draft;
  }
  return { rows, counts: { ...countsOf(known.published!, known.draft!, true), scheduled: await scheduledOf() } };
}
