import type { Migration } from './types.ts';

export const articlePresence: Migration = {
  version: 16,
  name: 'who has an article open, and the editing lease',
  statements: [
    // One row per open article page (a browser tab): renewed while its stream is open, kept a
    // little after (a lease outlives its tab by two minutes), then swept (server/presence).
    `CREATE TABLE article_presence (
        tab text PRIMARY KEY,
        article_id text NOT NULL,
        user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        opened_at timestamptz NOT NULL,
        seen_at timestamptz NOT NULL,
        open boolean NOT NULL,
        editing_since timestamptz,
        taken_by text,
        taken_at timestamptz
      )`,
    `CREATE INDEX article_presence_article_idx ON article_presence (article_id)`,
  ],
};
