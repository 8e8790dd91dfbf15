/**
 * How common a search's words are, from the planner's statistics of the articles' words and
 * hosts (`pg_stats.most_common_elems` of `search_vector` and `head_vector`, `most_common_vals` of
 * `site`, which ANALYZE keeps): read once a minute per database, so telling a common term from a
 * rare one costs no statement and no planning.
 */
import type { Queryable } from '../db/database.ts';

/** How long the words' statistics are used before they are read again. */
export const TERM_STATS_TTL_MS = 60_000;

interface TermStats {
  at: number;
  /** The share of the articles each of the commonest words is in: anywhere, and in the title or slug. */
  body: Map<string, number>;
  head: Map<string, number>;
  /** The share of the articles scraped from each of the commonest hosts. */
  sites: Map<string, number>;
  /** About how many articles there are (the table's statistics). */
  articles: number;
}

interface Entry {
  stats?: TermStats;
  reading?: Promise<TermStats>;
}

const cache = new WeakMap<Queryable, Entry>();

async function readStats(db: Queryable): Promise<TermStats> {
  const { rows } = await db.query<{
    column: string;
    elems: string[] | null;
    elem_freqs: number[] | null;
    vals: string[] | null;
    freqs: number[] | null;
    articles: number;
  }>(
    `SELECT attname AS column, most_common_elems::text::text[] AS elems, most_common_elem_freqs::float8[] AS elem_freqs,
            most_common_vals::text::text[] AS vals, most_common_freqs::float8[] AS freqs,
            (SELECT greatest(reltuples, 0)::float8 FROM pg_class WHERE oid = 'articles'::regclass) AS articles
       FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = 'articles' AND attname IN ('search_vector', 'head_vector', 'site')`,
    [],
    { prepare: true },
  );
  const sharesOf = (column: string, kind: 'elems' | 'vals') => {
    const shares = new Map<string, number>();
    const row = rows.find((r) => r.column === column);
    const [values, freqs] = kind === 'elems' ? [row?.elems, row?.elem_freqs] : [row?.vals, row?.freqs];
    // An element list's frequencies are followed by their minimum, maximum (and nulls'): only the first values.length count.
    values?.forEach((value, i) => shares.set(value, Number(freqs?.[i] ?? 0)));
    return shares;
  };
  return {
    at: Date.now(),
    body: sharesOf('search_vector', 'elems'),
    head: sharesOf('head_vector', 'elems'),
    sites: sharesOf('site', 'vals'),
    articles: Number(rows[0]?.articles ?? 0),
  };
}

/** The words' statistics: read when missing or older than TERM_STATS_TTL_MS (the old ones serve meanwhile). */
async function statsOf(db: Queryable): Promise<TermStats> {
  let entry = cache.get(db);
  if (!entry) cache.set(db, (entry = {}));
  const { stats } = entry;
  if (stats && Date.now() - stats.at < TERM_STATS_TTL_MS) return stats;
  const current = entry;
  current.reading ??= readStats(db)
    .then((read) => (current.stats = read))
    .finally(() => (current.reading = undefined));
  if (!stats) return current.reading;
  current.reading.catch(() => {});
  return stats;
}

/**
 * The words of a search as PostgreSQL's 'simple' configuration keeps them, when the search is
 * words joined by AND and nothing else: letters and digits, or a host (`news.example.com`, one
 * word to the parser). Undefined for anything else (quotes, `-`, `or`, hyphens, punctuation).
 */
export function plainWords(q: string): string[] | undefined {
  const words = q.trim().toLowerCase().split(/\s+/u);
  const word = /^(?:[\p{L}\p{N}]+|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+)$/u;
  if (!words.length || words.some((w) => !word.test(w) || w === 'or')) return undefined;
  return words;
}

/** The share of the articles (0 to 1) holding a search's words: anywhere (`body`), and in the title or slug (`head`). */
export interface TermShare {
  body: number;
  head: number;
}

/**
 * The shares of the articles the planner's statistics say hold every word of the search (the
 * words' shares multiplied, as the planner does; 0 when a word is not among the commonest; for
 * one word, at least the share of the articles from the common hosts that hold it), or
 * undefined when the search is not plain words or there are no statistics yet. An estimate: it
 * chooses how a page is read (server/repositories/articles.ts), never what it holds.
 */
export async function termShare(db: Queryable, q: string): Promise<TermShare | undefined> {
  const words = plainWords(q);
  if (!words) return undefined;
  // Without statistics a page is read as any search is: not a reason to fail it.
  const stats = await statsOf(db).catch(() => undefined);
  if (!stats) return undefined;
  if (!stats.body.size) return undefined;
  const share = (shares: Map<string, number>) => words.reduce((product, word) => product * (shares.get(word) ?? 0), 1);
  return { body: Math.max(share(stats.body), inHosts(stats, q)), head: share(stats.head) };
}

/**
 * A search is also matched as part of the slug and addresses: every article scraped from a host
 * that holds it matches (`example` in news.example.com), whatever its words. Their share.
 */
function inHosts(stats: TermStats, q: string): number {
  const part = q.trim().toLowerCase();
  if (!part || /\s/.test(part)) return 0;
  return Math.min(1, [...stats.sites].reduce((sum, [host, freq]) => sum + (host.includes(part) ? freq : 0), 0));
}

/**
 * The words the bound looks up in one token of a search: its runs of letters, digits and
 * underscores, without a part after a `-` and without `or` (a hyphenated token's whole is added
 * beside them). Coarser than the words a search marks (src/contract/searchTerms.ts), and kept so:
 * the bound decides whether a search is counted exactly.
 */
function tokenWords(token: string): string[] {
  const words = new Set<string>();
  for (const match of token.toLowerCase().matchAll(/(^|[^\p{L}\p{N}_-])?(-?)([\p{L}\p{N}_]+)/gu)) {
    const [, , minus, word] = match;
    if (minus || word === 'or') continue;
    words.add(word!);
  }
  return [...words];
}

/**
 * At most about how many articles a search's words are in, by the statistics (any search; its
 * `-words` left out): with `or`, the commonest word's; else the rarest's, a hyphenated word being
 * a word of its own too (`the-and-of`: PostgreSQL looks for it whole, and for its parts); or a
 * common host holding the whole search. 0 when the statistics know none of the words (a word
 * they do not list may still be in some articles: the caller counts them), undefined without
 * statistics. The trigram side of a search (part of a word in the slug or an address) is the
 * planner's to estimate.
 */
export async function searchWordsBound(db: Queryable, q: string): Promise<number | undefined> {
  const stats = await statsOf(db).catch(() => undefined);
  if (!stats?.body.size) return undefined;
  const tokens = q.toLowerCase().split(/\s+/u).filter((token) => token && !token.startsWith('-'));
  const anyOf = tokens.includes('or');
  const words = tokens.flatMap((token) => {
    const parts = tokenWords(token);
    const whole = token.replace(/^"+|"+$/g, '');
    return /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+$/u.test(whole) ? [...parts, whole] : parts;
  });
  const shares = words.map((word) => stats.body.get(word) ?? 0);
  const words$ = shares.length ? (anyOf ? Math.min(1, shares.reduce((sum, share) => sum + share, 0)) : Math.min(...shares)) : 0;
  return Math.max(words$, inHosts(stats, q)) * stats.articles;
}
