import type { Migration } from './types.ts';

export const phraseWordPairs: Migration = {
  version: 14,
  name: 'phrases found through word pairs, addresses by their start',
  statements: [
    // An article's adjacent words as pairs ("to like"), read from the positions of its search
    // words: what a phrase search asks of the index (server/articles/phrase.ts). Costly per
    // row (a sort of the positions), so declared so: the planner reads the index, never this.
    `CREATE FUNCTION article_word_pairs(v tsvector) RETURNS tsvector
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 10000 AS $fn$
        SELECT coalesce(array_to_tsvector(array_agg(DISTINCT p.pair)), ''::tsvector)
          FROM (SELECT lexeme || ' ' || lead(lexeme) OVER w AS pair, lead(pos) OVER w = pos + 1 AS adjacent
                  FROM (SELECT lexeme, unnest(positions) AS pos FROM unnest(v)) t WINDOW w AS (ORDER BY pos)) p
         WHERE p.adjacent
        $fn$`,
    `CREATE INDEX articles_pairs_idx ON articles USING gin (article_word_pairs(search_vector))`,
    // No statistics of the pairs: ANALYZE would compute them for its whole sample (a minute
    // at 100,000 articles). Without them the planner expects few matches: it reads the index.
    `ALTER INDEX articles_pairs_idx ALTER COLUMN 1 SET STATISTICS 0`,
    // A pasted address is looked up as the start of the article's addresses: the trigrams of
    // a whole URL include ones every article has ("htt", "ps:", its host's), which cost
    // 25 ms to read at 100,000 articles.
    `CREATE INDEX articles_scraped_url_prefix_idx ON articles (lower(scraped_url) text_pattern_ops)`,
    `CREATE INDEX articles_new_url_prefix_idx ON articles (lower(new_url) text_pattern_ops)`,
  ],
};
