import type { Migration } from './types.ts';

export const articleComments: Migration = {
  version: 32,
  name: 'comments on articles: threads, anchored passages, mentions, resolved',
  statements: [
    // Not an article's content: outside its revisions, gone with the article.
    `CREATE TABLE article_comments (
      id text PRIMARY KEY,
      article_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
      parent_id text REFERENCES article_comments (id) ON DELETE CASCADE,
      author_id text REFERENCES users (id) ON DELETE SET NULL,
      body text NOT NULL,
      quote text,
      prefix text,
      suffix text,
      mention_ids text[] NOT NULL DEFAULT '{}',
      resolved_by text REFERENCES users (id) ON DELETE SET NULL,
      resolved_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    `CREATE INDEX article_comments_article_idx ON article_comments (article_id, created_at, id)`,
    `CREATE INDEX article_comments_parent_idx ON article_comments (parent_id) WHERE parent_id IS NOT NULL`,
  ],
};
