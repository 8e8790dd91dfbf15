import type { Migration } from './types.ts';

export const articleChecks: Migration = {
  version: 20,
  name: 'the last checks before publishing of each article, for its page and the list\'s attention filter',
  statements: [
    // One row per article (src/contract/checks.ts), replaced by each run; `article_updated_at`
    // is the saved version it read, `content_key` the md5 of what the checks read of it (its
    // title and blog HTML: a result is stale when they differ), `failing` how many items are to fix.
    `CREATE TABLE article_checks (
        article_id text PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
        checked_at timestamptz NOT NULL,
        article_updated_at timestamptz NOT NULL,
        content_key text NOT NULL,
        word_count integer NOT NULL,
        reading_minutes integer NOT NULL,
        items jsonb NOT NULL,
        failing integer NOT NULL
      )`,
    // The articles that need attention: few, each read through its id.
    `CREATE INDEX article_checks_attention_idx ON article_checks (article_id) WHERE failing > 0`,
  ],
};
