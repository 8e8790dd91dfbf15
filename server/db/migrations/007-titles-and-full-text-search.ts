import { ARTICLE_SEARCH_VECTOR_SQL, ARTICLE_MATCH_SQL, ARTICLE_HEAD_VECTOR_SQL, ARTICLE_SITE_SQL, TITLE_FROM_BLOG_SQL } from '../searchSql.ts';
import type { Migration } from './types.ts';

export const titlesAndFullTextSearch: Migration = {
  version: 7,
  name: 'titles, full-text search, sorts and sites',
  statements: [
    `ALTER TABLE articles ADD COLUMN title text`,
    `UPDATE articles SET title = ${TITLE_FROM_BLOG_SQL}`,
    // The generated columns in one statement: the table is rewritten once.
    `ALTER TABLE articles
        ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${ARTICLE_SEARCH_VECTOR_SQL}) STORED,
        ADD COLUMN head_vector tsvector GENERATED ALWAYS AS (${ARTICLE_HEAD_VECTOR_SQL}) STORED,
        ADD COLUMN site text GENERATED ALWAYS AS (${ARTICLE_SITE_SQL}) STORED`,
    `CREATE INDEX articles_search_idx ON articles USING gin (search_vector)`,
    `CREATE INDEX articles_head_search_idx ON articles USING gin (head_vector)`,
    // How many articles the planner expects a search to match (its statistics; no row read).
    `CREATE FUNCTION article_search_estimate(q text, pattern text) RETURNS double precision
        LANGUAGE plpgsql VOLATILE AS $fn$
        DECLARE plan json;
        BEGIN
          EXECUTE $q$EXPLAIN (FORMAT JSON) SELECT 1 FROM articles WHERE ${ARTICLE_MATCH_SQL('$1', '$2')}$q$
            INTO plan USING q, pattern;
          RETURN (plan->0->'Plan'->>'Plan Rows')::double precision;
        END $fn$`,
    // Keyset pages of the other orders, and of one site newest first.
    `CREATE INDEX articles_updated_idx ON articles (updated_at DESC, id DESC)`,
    `CREATE INDEX articles_title_idx ON articles ((lower(title) COLLATE "C"), id)`,
    `CREATE INDEX articles_site_created_idx ON articles (site, created_at DESC, id DESC)`,
    // Statistics of the new columns now: a rewrite does not make autovacuum analyze, and
    // search counts and plans rely on them.
    `ANALYZE articles`,
  ],
};
