import type { Migration } from './types.ts';

export const fileUsage: Migration = {
  version: 28,
  name: 'where each file of the library is used: the blog HTML and the social image of every article',
  statements: [
    // Kept by the articles' commit step (server/articles/commit.ts) in the writing transaction;
    // an article or a file deleted for good takes its rows with it.
    `CREATE TABLE file_usage (
      file_id text NOT NULL REFERENCES files (id) ON DELETE CASCADE,
      article_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
      place text NOT NULL CHECK (place IN ('body', 'social')),
      PRIMARY KEY (file_id, article_id, place)
    )`,
    'CREATE INDEX file_usage_article_idx ON file_usage (article_id)',
    // What the articles written before this showed (server/shared/fileRefs.ts reads the same forms).
    `INSERT INTO file_usage (file_id, article_id, place)
       SELECT DISTINCT f.id, a.id, 'body'
         FROM articles a
         CROSS JOIN LATERAL regexp_matches(coalesce(a.blog_data, ''), '/api/files/([0-9a-z]{26})/(?:content|thumbnail)', 'gi') AS m
         JOIN files f ON f.id = lower(m[1])`,
    `INSERT INTO file_usage (file_id, article_id, place)
       SELECT f.id, a.id, 'social' FROM articles a JOIN files f ON f.id = a.social_image_id`,
  ],
};
