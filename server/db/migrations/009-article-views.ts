import type { Migration } from './types.ts';

export const articleViews: Migration = {
  version: 9,
  name: 'views of published articles',
  statements: [
    // Public reads per article and UTC day, written in batches (server/articles/views.ts).
    `CREATE TABLE article_views (
        article_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        day date NOT NULL,
        n bigint NOT NULL CHECK (n >= 0),
        PRIMARY KEY (article_id, day)
      )`,
    `CREATE INDEX article_views_day_idx ON article_views (day)`,
    // The public list: published articles out of the trash, newest first.
    `CREATE INDEX articles_public_idx ON articles (created_at DESC, id DESC) WHERE status = 'published' AND deleted_at IS NULL`,
  ],
};
