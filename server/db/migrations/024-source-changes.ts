import type { Migration } from './types.ts';

export const sourceChanges: Migration = {
  version: 24,
  name: 'the pages of scraped articles fetched again: what was last imported, when to look again, and a change the source made',
  statements: [
    // One row per scraped article: its blog HTML as last imported (the merge's base; its raw text
    // is the article's scrapped_data), when its page is fetched again (null: when asked only),
    // and the hash of a source text the editor set aside.
    `CREATE TABLE article_source_watch (
        article_id text PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
        base_html text,
        next_check_at timestamptz,
        lease_until timestamptz,
        checked_at timestamptz,
        not_modified integer NOT NULL DEFAULT 0,
        dismissed_hash text
      )`,
    `CREATE INDEX article_source_watch_due_idx ON article_source_watch (next_check_at) WHERE next_check_at IS NOT NULL`,
    // A change of the source's kept until the editor merges or dismisses it.
    `CREATE TABLE article_source_changes (
        article_id text PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
        new_text text NOT NULL,
        new_html text NOT NULL,
        new_title text,
        provenance jsonb NOT NULL,
        detected_at timestamptz NOT NULL
      )`,
    // The list's filter and count: the flag beside the article, few set.
    `ALTER TABLE articles ADD COLUMN source_changed boolean NOT NULL DEFAULT false`,
    `CREATE INDEX articles_source_changed_idx ON articles (id) WHERE source_changed AND deleted_at IS NULL`,
    // Whether a source's articles are fetched again on the schedule.
    `ALTER TABLE sources ADD COLUMN watch boolean NOT NULL DEFAULT true`,
    // The articles of sources before: watched from a day on (what they imported not kept: the
    // merge reads their blog HTML as it).
    `INSERT INTO article_source_watch (article_id, next_check_at)
       SELECT id, now() + interval '1 day' FROM articles WHERE source_id IS NOT NULL AND deleted_at IS NULL`,
  ],
};
