/**
 * The SQL expressions of article search, shared by the migrations that build on them (stored
 * columns, indexes) and by the queries that must match those indexes (repositories/articles.ts).
 * Shipped migrations interpolate some of them: a change here would build new databases
 * differently from existing ones, so it goes with a new migration that rebuilds what the old
 * expression built.
 */

/** What article search (q) matches: slug and both URLs, as one indexed expression. */
export const ARTICLE_SEARCH_SQL = "coalesce(slug, '') || ' ' || coalesce(scraped_url, '') || ' ' || coalesce(new_url, '')";

/**
 * How many leading characters of each body are stored beside it for the list's cards (the
 * preview length plus one, which tells whether the text was cut). Stored by migration 4; a
 * longer preview needs a new migration that recomputes the columns.
 */
export const STORED_HEAD_CHARS = 151;

/** How many leading characters of the raw text are indexed for search (a tsvector holds at most 1 MB). */
export const SEARCH_TEXT_CHARS = 100_000;

/**
 * The words article search (q) finds, weighted: title A, slug B, raw text C, URLs D. The
 * 'simple' configuration lowercases and keeps every word as it is (no stemming, no stop words),
 * so text in any language is found by its words.
 */
export const ARTICLE_SEARCH_VECTOR_SQL = `setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
  || setweight(to_tsvector('simple'::regconfig, coalesce(slug, '')), 'B')
  || setweight(to_tsvector('simple'::regconfig, left(scrapped_data, ${SEARCH_TEXT_CHARS})), 'C')
  || setweight(to_tsvector('simple'::regconfig, coalesce(scraped_url, '') || ' ' || coalesce(new_url, '')), 'D')`;

/**
 * The matches of a search (`query`: its text, `pattern`: its ILIKE pattern): part of a word in
 * the slug or URLs (trigrams), or its words (the indexed tsvector, in PostgreSQL's web-search
 * syntax: quotes, -, or; anything else is text). The slug and URLs are in the row and tested
 * first: the tsvector is read (from TOAST) only when they do not match.
 */
export const ARTICLE_MATCH_SQL = (query: string, pattern: string) =>
  ARTICLE_TSQUERY_MATCH_SQL(`websearch_to_tsquery('simple', ${query})`, pattern);

/** ARTICLE_MATCH_SQL of a search already read as a tsquery (`tsquery`: its expression). */
export const ARTICLE_TSQUERY_MATCH_SQL = (tsquery: string, pattern: string) =>
  `((${ARTICLE_SEARCH_SQL}) ILIKE ${pattern} OR search_vector @@ ${tsquery})`;

/**
 * The words of the title (A) and slug (B) alone: small enough to stay in the row, so telling a
 * match in them (the first tier of a search's relevance) reads no TOAST.
 */
export const ARTICLE_HEAD_VECTOR_SQL = `setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
  || setweight(to_tsvector('simple'::regconfig, coalesce(slug, '')), 'B')`;

/** The host of the scraped address, lowercased, without user info or port (null without an address). */
export const ARTICLE_SITE_SQL = `lower(substring(scraped_url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#:]+)'))`;

/**
 * The title an older article gets: the text of its blog HTML's first <h1> or <h2> (tags
 * stripped, whitespace collapsed, entities left as written), else its slug.
 */
export const TITLE_FROM_BLOG_SQL = `coalesce(
  nullif(left(btrim(regexp_replace(regexp_replace(
    substring(substring(blog_data from '(?i)<h[12][^>]*>(.*)$') from '^(.*?)</[hH][12]'),
    '<[^>]*>', '', 'g'), '\\s+', ' ', 'g')), 300), ''),
  slug)`;
