import type { Migration } from './types.ts';

export const articleReviews: Migration = {
  version: 30,
  name: 'review of articles: asked for, approved or changes requested, beside the status',
  statements: [
    // One row per article whose review was ever asked for (none: never). Not an article's
    // content: outside its revisions, and no version of it is kept.
    `CREATE TABLE article_reviews (
      article_id text PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state IN ('in_review', 'changes_requested', 'approved')),
      note text NOT NULL DEFAULT '',
      reviewer_ids text[] NOT NULL DEFAULT '{}',
      requested_by text REFERENCES users (id) ON DELETE SET NULL,
      requested_at timestamptz NOT NULL,
      decided_by text REFERENCES users (id) ON DELETE SET NULL,
      decided_at timestamptz
    )`,
    // The articles waiting for a review (a reviewer's queue).
    `CREATE INDEX article_reviews_state_idx ON article_reviews (state, requested_at DESC)`,
  ],
};
