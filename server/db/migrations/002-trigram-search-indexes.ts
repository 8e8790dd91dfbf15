import { ARTICLE_SEARCH_SQL } from '../searchSql.ts';
import type { Migration } from './types.ts';

export const trigramSearchIndexes: Migration = {
  version: 2,
  name: 'trigram indexes for substring search',
  // Substring search (ILIKE '%term%') on article slugs/URLs and file names uses trigram GIN
  // indexes when pg_trgm is available; without it the same queries still work, by scanning.
  statements: [
    `DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          CREATE EXTENSION pg_trgm WITH SCHEMA public;
        END IF;
      EXCEPTION WHEN others THEN
        RAISE NOTICE 'pg_trgm is not available: substring search will scan';
      END $$`,
    `DO $$
      DECLARE ops text;
      BEGIN
        SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops
          FROM pg_opclass c JOIN pg_namespace n ON n.oid = c.opcnamespace
          WHERE c.opcname = 'gin_trgm_ops' LIMIT 1;
        IF ops IS NOT NULL THEN
          EXECUTE format($f$CREATE INDEX articles_search_trgm_idx ON articles USING gin ((${ARTICLE_SEARCH_SQL}) %s)$f$, ops);
          EXECUTE format($f$CREATE INDEX files_name_trgm_idx ON files USING gin (lower(name) %s)$f$, ops);
        END IF;
      END $$`,
  ],
};
