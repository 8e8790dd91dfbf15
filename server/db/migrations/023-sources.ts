import type { Migration } from './types.ts';

export const sources: Migration = {
  version: 23,
  name: 'sources the server follows (feeds and sitemaps), their entries, and how each article was fetched',
  statements: [
    `CREATE TABLE sources (
        id text PRIMARY KEY,
        url text NOT NULL,
        feed_url text NOT NULL UNIQUE,
        kind text NOT NULL CHECK (kind IN ('feed', 'sitemap')),
        title text,
        interval_minutes integer NOT NULL,
        include text,
        paused boolean NOT NULL DEFAULT false,
        etag text,
        last_modified text,
        last_polled_at timestamptz,
        next_poll_at timestamptz NOT NULL,
        last_error text,
        failures integer NOT NULL DEFAULT 0,
        not_modified integer NOT NULL DEFAULT 0,
        lease_until timestamptz,
        created_at timestamptz NOT NULL,
        created_by text,
        updated_at timestamptz NOT NULL
      )`,
    `CREATE INDEX sources_due_idx ON sources (next_poll_at) WHERE NOT paused`,
    // One row per entry a source listed, keyed by its id in the feed (else its normalised
    // address): the row is written before its page is fetched ('pending'), so that two polls at
    // once make one draft of it.
    `CREATE TABLE source_entries (
        source_id text NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
        entry_key text NOT NULL,
        url text NOT NULL,
        address text,
        title text,
        state text NOT NULL CHECK (state IN ('pending', 'created', 'skipped', 'refused', 'failed')),
        reason text,
        article_id text REFERENCES articles (id) ON DELETE SET NULL,
        seen_at timestamptz NOT NULL,
        PRIMARY KEY (source_id, entry_key)
      )`,
    `CREATE INDEX source_entries_page_idx ON source_entries (source_id, seen_at DESC, entry_key DESC)`,
    `CREATE INDEX source_entries_address_idx ON source_entries (source_id, address) WHERE address IS NOT NULL`,
    `ALTER TABLE articles ADD COLUMN source_id text REFERENCES sources (id) ON DELETE SET NULL`,
    `ALTER TABLE articles ADD COLUMN provenance jsonb`,
    `CREATE INDEX articles_source_idx ON articles (source_id) WHERE source_id IS NOT NULL`,
  ],
};
