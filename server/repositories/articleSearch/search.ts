/**
 * What a search is matched by (its text, its phrases' word pairs, a pasted address), the orders
 * of a page and their keyset conditions, the list's narrowing filters, and where a card's
 * snippet is cut from: the pieces of SQL the planner's pages and counts are built of.
 */
import { searchWords, type ArticleFilter, type ArticleSort } from '../../../src/contract/index.ts';
import type { Queryable } from '../../db/database.ts';
import { ARTICLE_MATCH_SQL, ARTICLE_SEARCH_SQL } from '../../db/searchSql.ts';
import { phrasePairs, type PhrasePairs } from './phrase.ts';
import { markedSql } from '../keptCounts.ts';
import { escapeLike } from '../../db/sql.ts';
import { type ArticleCardRow, type ArticleCursor, type ArticleOrder, TITLE_KEY_SQL } from '../articleRows.ts';

/** How much of the raw text a search snippet is looked for in (a prefix: never the whole body). */
export const SNIPPET_SOURCE_CHARS = 2_000;

/**
 * Where a card's snippet is cut from: the stored head of the raw text when a searched word is
 * in its first SNIPPET_HEAD_CHARS characters, or when the slug or a URL matched (the card marks
 * those; no TOAST read: on a broad term the text's head was four fifths of the page's database
 * time), else the text's first SNIPPET_SOURCE_CHARS.
 * `wordPattern` is headWordPattern's parameter.
 */
export const snippetSourceSql = (wordPattern: string, pattern: string) =>
  `CASE WHEN ${wordPattern} <> '' AND left(scrapped_head, ${SNIPPET_HEAD_CHARS}) ~* ${wordPattern} THEN scrapped_head
    WHEN (${ARTICLE_SEARCH_SQL}) ILIKE ${pattern} THEN scrapped_head
    ELSE substr(scrapped_data, 1, ${SNIPPET_SOURCE_CHARS}) END`;

/** A match this early in the stored head leaves room for the snippet's words after it. */
const SNIPPET_HEAD_CHARS = 100;

/** A PostgreSQL regular expression of the search's words as whole words ('' without words). */
export function headWordPattern(q: string): string {
  // searchWords are letters, digits and underscores, joined by - . / or @: only the dot needs escaping.
  const words = searchWords(q).map((word) => word.replaceAll('.', '\\.'));
  return words.length ? `\\m(${words.join('|')})\\M` : '';
}

export interface ArticlePageQuery {
  status: ArticleFilter;
  /** Trimmed search text; empty or undefined for no search. */
  q?: string;
  /** Only articles scraped from this host (lowercased). */
  site?: string;
  /** Only articles whose last checks before publishing found something to fix. */
  attention?: boolean;
  /** Only articles that look like a copy of another (not in the trash). */
  copies?: boolean;
  /** Only articles whose source changed, the change waiting for the editor. */
  sourceChanged?: boolean;
  /** Only articles assigned to this account (its id). */
  assignee?: string;
  order: ArticleOrder;
  after?: ArticleCursor;
  limit: number;
}

/** A search text as PostgreSQL's web-search syntax takes it (quotes, -, or; anything else is text). */
export const tsQuery = (param: string) => `websearch_to_tsquery('simple', ${param})`;

/** A search: its text, and its phrases as word pairs where they can be (server/articles/phrase.ts). */
export interface ArticleSearch {
  q: string;
  phrases?: PhrasePairs;
  /** A pasted address (`https://…`, nothing else): matched as the start of the article's addresses. */
  address?: boolean;
}

/** A web address and nothing else: a scheme, `://`, then no space. */
const ADDRESS = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

/** How many searches' parsed phrases a process keeps (articleSearch): the last ones asked for. */
export const PARSED_SEARCHES_KEPT = 1_000;

/** A search's text → its tsquery as PostgreSQL's 'simple' configuration reads it (that never changes), least recent first. */
const parsedSearches = new Map<string, string>();

/**
 * What a search is matched by. A search with a quoted phrase asks for its phrases' word pairs
 * (when it is words and phrases joined by AND): one extra round trip reads the search as
 * PostgreSQL parses it, once per process for the last PARSED_SEARCHES_KEPT searches (an admin
 * pages on, or comes back to, the same search).
 */
export async function articleSearch(db: Queryable, q: string): Promise<ArticleSearch> {
  if (ADDRESS.test(q)) return { q, address: true };
  if (!q.includes('"')) return { q };
  let parsed = parsedSearches.get(q);
  if (parsed === undefined) {
    const { rows } = await db.query<{ t: string }>(`SELECT ${tsQuery('$1')}::text AS t`, [q], { prepare: true });
    parsed = rows[0]?.t ?? '';
    if (parsedSearches.size >= PARSED_SEARCHES_KEPT) parsedSearches.delete(parsedSearches.keys().next().value!);
  } else parsedSearches.delete(q);
  parsedSearches.set(q, parsed);
  const phrases = phrasePairs(parsed);
  return phrases ? { q, phrases } : { q };
}

/**
 * The matches of a search (`param` adds a parameter and names it). Without phrases, as
 * ARTICLE_MATCH_SQL says. With phrases: their pairs in the pair index, its single words in the
 * word index (neither reads an article's text), and a phrase of three words or more checked on
 * the articles that hold its pairs. The slug and URLs are not matched as a substring then (a
 * slug has no quotes, and an address with the search's quotes in it is not what it looks for).
 */
export function searchMatchSql(
  search: ArticleSearch,
  param: (value: unknown) => string,
  // The text's and its pattern's parameters, added when first used (PostgreSQL refuses unused ones).
  refs: { q: () => string; pattern: () => string; query?: () => string } = { q: () => param(search.q), pattern: () => param(`%${escapeLike(search.q)}%`) },
): string {
  const { phrases } = search;
  if (search.address) {
    // What ARTICLE_MATCH_SQL finds of it: the address as part of the slug and addresses (no
    // space: within one of them; a scheme: at the start of an address), and no words (the
    // search reads "https" as one, which no article's words hold).
    const start = param(`${escapeLike(search.q.toLowerCase())}%`);
    return `(lower(scraped_url) LIKE ${start} OR lower(new_url) LIKE ${start})`;
  }
  if (!phrases) return ARTICLE_MATCH_SQL(refs.q(), refs.pattern());
  const conditions = [`article_word_pairs(search_vector) @@ ${param(phrases.pairs)}::tsquery`];
  if (phrases.words) conditions.push(`search_vector @@ ${param(phrases.words)}::tsquery`);
  if (phrases.loose) conditions.push(`search_vector @@ ${refs.query?.() ?? tsQuery(refs.q())}`);
  return `(${conditions.join(' AND ')})`;
}

/** A match in the title or slug (the small, in-row `head_vector`): the first tier of relevance (`tsquery`: the search's). */
export const headMatchSql = (tsquery: string) => `head_vector @@ ${tsquery}`;

interface OrderSpec {
  /** ORDER BY of the page. */
  by: string;
  /** The condition "after the cursor" (`k`: the key's parameter, `i`: the id's). */
  after: (k: string, i: string, cursor: ArticleCursor) => string;
}

export const ORDERS: Record<ArticleSort, OrderSpec> = {
  newest: { by: 'created_at DESC, id DESC', after: (k, i) => `(created_at, id) < (${k}::timestamptz, ${i})` },
  oldest: { by: 'created_at ASC, id ASC', after: (k, i) => `(created_at, id) > (${k}::timestamptz, ${i})` },
  updated: { by: 'updated_at DESC, id DESC', after: (k, i) => `(updated_at, id) < (${k}::timestamptz, ${i})` },
  // A-Z, untitled last: after a titled row come greater titles, its later ids, then the untitled.
  title: {
    by: `${TITLE_KEY_SQL} ASC NULLS LAST, id ASC`,
    after: (k, i, cursor) =>
      cursor.key === null
        ? `(title IS NULL AND id > ${i})`
        : `(${TITLE_KEY_SQL} > ${k} OR (${TITLE_KEY_SQL} = ${k} AND id > ${i}) OR title IS NULL)`,
  },
};

/** The list's filters beside a search: a site, the articles that need attention, those that look like a copy. */
export type Narrowing = Pick<ArticlePageQuery, 'site' | 'attention' | 'copies' | 'sourceChanged' | 'assignee'>;
export const narrowed = (query: Narrowing) => !!query.site || !!query.attention || !!query.copies || !!query.sourceChanged || !!query.assignee;
/** A narrowing's conditions (`param` adds a parameter and names it). */
export const narrowingSql = (query: Narrowing, param: (value: unknown) => string) => [
  ...(query.site ? [`site = ${param(query.site)}`] : []),
  ...(query.attention ? [markedSql('attention')] : []),
  ...(query.copies ? [markedSql('copy')] : []),
  ...(query.sourceChanged ? ['articles.source_changed'] : []),
  ...(query.assignee ? [`articles.assignee_id = ${param(query.assignee)}`] : []),
];

export type PageRow = ArticleCardRow & {
  count_published: number | string;
  count_draft: number | string;
  count_scheduled?: number | string;
  /** A plain page: how many articles need attention, and how many sources changed. */
  count_attention?: number | string;
  count_source_changed?: number | string;
  /** With a search of words: the matches the planner expects, and the library per status. */
  expected?: number | null;
  /** A phrase tested on the newest rows: the row's place among them (null in the title tier). */
  tested?: number | string | null;
  /** A phrase read within the newest rows' dates: how many matches they held (null in the title tier). */
  windowed?: number | string | null;
  total_published?: number | string;
  total_draft?: number | string;
};

/**
 * A search's text and its ILIKE pattern as parameters (`q$`, `pattern$`), and as subqueries of
 * them (`text`, `pattern`, and `query`: the text as a tsquery, computed once per statement rather
 * than for each row it is tested on): the statement reads those, its planner does not, so one
 * plan serves every term (walkedPage, cappedPage).
 */
export function unplannedTerm(param: (value: unknown) => string, q: string) {
  const [q$, pattern$] = [param(q), param(`%${escapeLike(q)}%`)];
  return { q$, pattern$, text: `(SELECT ${q$}::text)`, pattern: `(SELECT ${pattern$}::text)`, query: `(SELECT ${tsQuery(`${q$}::text`)})` };
}
