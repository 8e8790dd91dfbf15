/**
 * Versioned migrations, applied in order at start inside one transaction that holds an
 * advisory lock, so several processes starting against one PostgreSQL apply each exactly once.
 * Never edit a shipped migration: add the next version.
 */
import type { Database, Queryable } from './types.ts';
import { waitForLock } from './locks.ts';

/** What article search (q) matches: slug and both URLs, as one indexed expression. */
export const ARTICLE_SEARCH_SQL = "coalesce(slug, '') || ' ' || coalesce(scraped_url, '') || ' ' || coalesce(new_url, '')";

/**
 * How many leading characters of each body are stored beside it for the list's cards (the
 * preview length plus one, which tells whether the text was cut). Stored by migration 4; a
 * longer preview needs a new migration that recomputes the columns.
 */
export const STORED_HEAD_CHARS = 151;

/** How many leading characters of the raw text are indexed for search (a tsvector holds at most 1 MB). */
export const SEARCH_TEXT_CHARS = 100_000;

/**
 * The words article search (q) finds, weighted: title A, slug B, raw text C, URLs D. The
 * 'simple' configuration lowercases and keeps every word as it is (no stemming, no stop words),
 * so text in any language is found by its words.
 */
export const ARTICLE_SEARCH_VECTOR_SQL = `setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
  || setweight(to_tsvector('simple'::regconfig, coalesce(slug, '')), 'B')
  || setweight(to_tsvector('simple'::regconfig, left(scrapped_data, ${SEARCH_TEXT_CHARS})), 'C')
  || setweight(to_tsvector('simple'::regconfig, coalesce(scraped_url, '') || ' ' || coalesce(new_url, '')), 'D')`;

/**
 * The matches of a search (`query`: its text, `pattern`: its ILIKE pattern): part of a word in
 * the slug or URLs (trigrams), or its words (the indexed tsvector, in PostgreSQL's web-search
 * syntax: quotes, -, or; anything else is text). The slug and URLs are in the row and tested
 * first: the tsvector is read (from TOAST) only when they do not match.
 */
export const ARTICLE_MATCH_SQL = (query: string, pattern: string) =>
  ARTICLE_TSQUERY_MATCH_SQL(`websearch_to_tsquery('simple', ${query})`, pattern);

/** ARTICLE_MATCH_SQL of a search already read as a tsquery (`tsquery`: its expression). */
export const ARTICLE_TSQUERY_MATCH_SQL = (tsquery: string, pattern: string) =>
  `((${ARTICLE_SEARCH_SQL}) ILIKE ${pattern} OR search_vector @@ ${tsquery})`;

/**
 * The words of the title (A) and slug (B) alone: small enough to stay in the row, so telling a
 * match in them (the first tier of a search's relevance) reads no TOAST.
 */
export const ARTICLE_HEAD_VECTOR_SQL = `setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
  || setweight(to_tsvector('simple'::regconfig, coalesce(slug, '')), 'B')`;

/** The host of the scraped address, lowercased, without user info or port (null without an address). */
export const ARTICLE_SITE_SQL = `lower(substring(scraped_url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#:]+)'))`;

/**
 * The title an older article gets: the text of its blog HTML's first <h1> or <h2> (tags
 * stripped, whitespace collapsed, entities left as written), else its slug.
 */
export const TITLE_FROM_BLOG_SQL = `coalesce(
  nullif(left(btrim(regexp_replace(regexp_replace(
    substring(substring(blog_data from '(?i)<h[12][^>]*>(.*)$') from '^(.*?)</[hH][12]'),
    '<[^>]*>', '', 'g'), '\\s+', ' ', 'g')), 300), ''),
  slug)`;

interface Migration {
  version: number;
  name: string;
  statements: string[];
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    statements: [
      `CREATE TABLE users (
        id text PRIMARY KEY,
        email text NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
      `CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX sessions_expires_idx ON sessions (expires_at)`,
      // Failed sign-ins, kept in the database so the limit holds across processes.
      `CREATE TABLE login_attempts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL,
        ip text NOT NULL,
        at timestamptz NOT NULL
      )`,
      `CREATE INDEX login_attempts_key_idx ON login_attempts (email, ip, at)`,
      `CREATE INDEX login_attempts_at_idx ON login_attempts (at)`,

      `CREATE TABLE articles (
        id text PRIMARY KEY,
        status text NOT NULL CHECK (status IN ('draft', 'published')),
        slug text,
        blog_data text,
        scraped_url text,
        new_url text,
        scrapped_data text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT articles_slug_key UNIQUE (slug)
      )`,
      // Keyset pagination, newest first, overall and per status.
      `CREATE INDEX articles_created_idx ON articles (created_at DESC, id DESC)`,
      `CREATE INDEX articles_status_created_idx ON articles (status, created_at DESC, id DESC)`,
      // Prefix lookups for free slug suggestions (my-slug-2, my-slug-3, ...).
      `CREATE INDEX articles_slug_prefix_idx ON articles (slug text_pattern_ops)`,
      // Counts per status, maintained by statement-level triggers in the writing transaction.
      `CREATE TABLE article_counts (status text PRIMARY KEY, n bigint NOT NULL)`,
      `INSERT INTO article_counts (status, n) VALUES ('draft', 0), ('published', 0)`,
      `CREATE FUNCTION article_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE article_counts c SET n = c.n + d.k
            FROM (SELECT status, count(*) AS k FROM new_rows GROUP BY status) d
            WHERE c.status = d.status;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE article_counts c SET n = c.n - d.k
            FROM (SELECT status, count(*) AS k FROM old_rows GROUP BY status) d
            WHERE c.status = d.status;
        ELSE
          UPDATE article_counts c SET n = c.n + d.k
            FROM (SELECT status, sum(k) AS k FROM (
                    SELECT status, 1 AS k FROM new_rows
                    UNION ALL SELECT status, -1 AS k FROM old_rows) x
                  GROUP BY status) d
            WHERE c.status = d.status AND d.k <> 0;
        END IF;
        RETURN NULL;
      END $$`,
      `CREATE FUNCTION article_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE article_counts SET n = 0;
        RETURN NULL;
      END $$`,
      `CREATE TRIGGER article_counts_ins AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_counts_apply()`,
      `CREATE TRIGGER article_counts_del AFTER DELETE ON articles REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_counts_apply()`,
      `CREATE TRIGGER article_counts_upd AFTER UPDATE ON articles
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_counts_apply()`,
      `CREATE TRIGGER article_counts_trunc AFTER TRUNCATE ON articles
        FOR EACH STATEMENT EXECUTE FUNCTION article_counts_reset()`,

      `CREATE TABLE files (
        id text PRIMARY KEY,
        name text NOT NULL,
        stored_name text NOT NULL UNIQUE,
        size bigint NOT NULL CHECK (size >= 0),
        type text NOT NULL CHECK (type IN ('image', 'pdf', 'other')),
        mime_type text NOT NULL,
        has_thumbnail boolean NOT NULL DEFAULT false,
        uploaded_at timestamptz NOT NULL,
        last_modified timestamptz NOT NULL
      )`,
      `CREATE INDEX files_uploaded_idx ON files (uploaded_at DESC, id DESC)`,
      `CREATE INDEX files_type_uploaded_idx ON files (type, uploaded_at DESC, id DESC)`,
      `CREATE INDEX files_name_lower_idx ON files (lower(name) text_pattern_ops)`,
      // Library totals for the summary cards, maintained like article_counts.
      `CREATE TABLE file_stats (
        id int PRIMARY KEY CHECK (id = 1),
        files bigint NOT NULL,
        images bigint NOT NULL,
        pdfs bigint NOT NULL,
        total_bytes bigint NOT NULL
      )`,
      `INSERT INTO file_stats (id, files, images, pdfs, total_bytes) VALUES (1, 0, 0, 0, 0)`,
      `CREATE FUNCTION file_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE file_stats SET
            files = files + (SELECT count(*) FROM new_rows),
            images = images + (SELECT count(*) FROM new_rows WHERE type = 'image'),
            pdfs = pdfs + (SELECT count(*) FROM new_rows WHERE type = 'pdf'),
            total_bytes = total_bytes + (SELECT coalesce(sum(size), 0) FROM new_rows);
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE file_stats SET
            files = files - (SELECT count(*) FROM old_rows),
            images = images - (SELECT count(*) FROM old_rows WHERE type = 'image'),
            pdfs = pdfs - (SELECT count(*) FROM old_rows WHERE type = 'pdf'),
            total_bytes = total_bytes - (SELECT coalesce(sum(size), 0) FROM old_rows);
        END IF;
        RETURN NULL;
      END $$`,
      `CREATE FUNCTION file_stats_reset() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE file_stats SET files = 0, images = 0, pdfs = 0, total_bytes = 0;
        RETURN NULL;
      END $$`,
      `CREATE TRIGGER file_stats_ins AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION file_stats_apply()`,
      `CREATE TRIGGER file_stats_del AFTER DELETE ON files REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION file_stats_apply()`,
      `CREATE TRIGGER file_stats_upd AFTER UPDATE ON files
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION file_stats_apply()`,
      `CREATE TRIGGER file_stats_trunc AFTER TRUNCATE ON files
        FOR EACH STATEMENT EXECUTE FUNCTION file_stats_reset()`,

      `CREATE TABLE activity (
        id text PRIMARY KEY,
        kind text NOT NULL,
        message text NOT NULL,
        at timestamptz NOT NULL
      )`,
      `CREATE INDEX activity_at_idx ON activity (at DESC, id DESC)`,
    ],
  },
  {
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
  },
  {
    version: 3,
    name: 'scraped address lookups and file content hashes',
    statements: [
      // The same page is not scraped twice unless asked: find an article by its source address.
      `CREATE INDEX articles_scraped_url_idx ON articles (scraped_url)`,
      // Bytes already in the library are reused (scraped images), found by their SHA-256.
      `ALTER TABLE files ADD COLUMN sha256 text`,
      `CREATE INDEX files_sha256_idx ON files (sha256)`,
    ],
  },
  {
    version: 4,
    name: 'card previews stored beside the bodies',
    // A page of cards read substr() of 100 TOASTed bodies: about 4 buffer reads and a partial
    // decompression each, most of the list's cost. Generated columns keep the leading slice in
    // the row itself, written with the body (the table is rewritten once, here).
    statements: [
      `ALTER TABLE articles
        ADD COLUMN scrapped_head text GENERATED ALWAYS AS (substr(scrapped_data, 1, ${STORED_HEAD_CHARS})) STORED,
        ADD COLUMN blog_head text GENERATED ALWAYS AS (substr(blog_data, 1, ${STORED_HEAD_CHARS})) STORED`,
    ],
  },
  {
    version: 5,
    name: 'sessions an admin can see and revoke, with an idle limit',
    statements: [
      // A public id to name a session by (the token's hash never leaves the server).
      `ALTER TABLE sessions ADD COLUMN id text NOT NULL DEFAULT gen_random_uuid()::text`,
      `CREATE UNIQUE INDEX sessions_id_key ON sessions (id)`,
      `ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz`,
      `UPDATE sessions SET last_seen_at = created_at`,
      `ALTER TABLE sessions ALTER COLUMN last_seen_at SET NOT NULL`,
      `ALTER TABLE sessions ADD COLUMN user_agent text`,
      `CREATE INDEX sessions_user_idx ON sessions (user_id, created_at DESC)`,
    ],
  },
  {
    version: 6,
    name: 'several admins: one-time passwords, invitations, who did what',
    statements: [
      // Set when another admin or the operator chose the password; cleared when its owner changes it.
      `ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false`,
      `ALTER TABLE activity ADD COLUMN actor text`,
      `CREATE TABLE invitations (
        id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        created_by text,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE TABLE settings (key text PRIMARY KEY, value jsonb NOT NULL)`,
    ],
  },
  {
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
  },
  {
    version: 8,
    name: 'a trash for deleted articles',
    statements: [
      `ALTER TABLE articles ADD COLUMN deleted_at timestamptz`,
      // A slug is unique among the articles not in the trash: a trashed article's slug is free.
      `ALTER TABLE articles DROP CONSTRAINT articles_slug_key`,
      `CREATE UNIQUE INDEX articles_slug_key ON articles (slug) WHERE deleted_at IS NULL`,
      `CREATE INDEX articles_trash_idx ON articles (deleted_at DESC, id DESC) WHERE deleted_at IS NOT NULL`,
      // The counts per status are of the articles not in the trash.
      `CREATE OR REPLACE FUNCTION article_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE article_counts c SET n = c.n + d.k
            FROM (SELECT status, count(*) AS k FROM new_rows WHERE deleted_at IS NULL GROUP BY status) d
            WHERE c.status = d.status;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE article_counts c SET n = c.n - d.k
            FROM (SELECT status, count(*) AS k FROM old_rows WHERE deleted_at IS NULL GROUP BY status) d
            WHERE c.status = d.status;
        ELSE
          UPDATE article_counts c SET n = c.n + d.k
            FROM (SELECT status, sum(k) AS k FROM (
                    SELECT status, 1 AS k FROM new_rows WHERE deleted_at IS NULL
                    UNION ALL SELECT status, -1 AS k FROM old_rows WHERE deleted_at IS NULL) x
                  GROUP BY status) d
            WHERE c.status = d.status AND d.k <> 0;
        END IF;
        RETURN NULL;
      END $$`,
      `UPDATE article_counts c SET n = (SELECT count(*) FROM articles a WHERE a.status = c.status AND a.deleted_at IS NULL)`,
      // Without statistics of deleted_at, the planner takes "deleted_at IS NULL" for rare and
      // every list plan goes wrong (a page cost 167 ms instead of 0.4 at 100,000 articles).
      `ANALYZE articles`,
    ],
  },
  {
    version: 9,
    name: 'views of published articles',
    statements: [
      // Public reads per article and UTC day, written in batches (server/views.ts).
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
  },
  {
    version: 10,
    name: 'a trash for deleted files',
    statements: [
      `ALTER TABLE files ADD COLUMN deleted_at timestamptz`,
      // The list's pages, overall and per type, read the files out of the trash only.
      `DROP INDEX files_uploaded_idx`,
      `DROP INDEX files_type_uploaded_idx`,
      `CREATE INDEX files_uploaded_idx ON files (uploaded_at DESC, id DESC) WHERE deleted_at IS NULL`,
      `CREATE INDEX files_type_uploaded_idx ON files (type, uploaded_at DESC, id DESC) WHERE deleted_at IS NULL`,
      // The trash's pages (last deleted first) and its sweep (oldest first).
      `CREATE INDEX files_trash_idx ON files (deleted_at DESC, id DESC) WHERE deleted_at IS NOT NULL`,
      // The summary's totals are of the files out of the trash: a move to the trash (an UPDATE
      // of deleted_at) takes a file out of them, a restore puts it back.
      `CREATE OR REPLACE FUNCTION file_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE file_stats SET
            files = files + (SELECT count(*) FROM new_rows WHERE deleted_at IS NULL),
            images = images + (SELECT count(*) FROM new_rows WHERE type = 'image' AND deleted_at IS NULL),
            pdfs = pdfs + (SELECT count(*) FROM new_rows WHERE type = 'pdf' AND deleted_at IS NULL),
            total_bytes = total_bytes + (SELECT coalesce(sum(size), 0) FROM new_rows WHERE deleted_at IS NULL);
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE file_stats SET
            files = files - (SELECT count(*) FROM old_rows WHERE deleted_at IS NULL),
            images = images - (SELECT count(*) FROM old_rows WHERE type = 'image' AND deleted_at IS NULL),
            pdfs = pdfs - (SELECT count(*) FROM old_rows WHERE type = 'pdf' AND deleted_at IS NULL),
            total_bytes = total_bytes - (SELECT coalesce(sum(size), 0) FROM old_rows WHERE deleted_at IS NULL);
        END IF;
        RETURN NULL;
      END $$`,
      `UPDATE file_stats SET
        files = (SELECT count(*) FROM files WHERE deleted_at IS NULL),
        images = (SELECT count(*) FROM files WHERE type = 'image' AND deleted_at IS NULL),
        pdfs = (SELECT count(*) FROM files WHERE type = 'pdf' AND deleted_at IS NULL),
        total_bytes = (SELECT coalesce(sum(size), 0) FROM files WHERE deleted_at IS NULL)`,
      // Statistics of deleted_at, so the planner knows "deleted_at IS NULL" is nearly every row.
      `ANALYZE files`,
    ],
  },
  {
    version: 11,
    name: 'a history of every write of an article',
    statements: [
      // Every write of an article bumps its version (each UPDATE of server/repositories/articles.ts
      // sets version = version + 1), and a statement that changes what a revision records without
      // bumping it is refused: no write path can forget. Articles from before have version 0 and
      // no revision: their first write records how they were as revision 1 (server/history). The
      // check is a WHEN condition, evaluated without a function call: a bumped version ends it at
      // once (comparing the bodies would read them from TOAST).
      `ALTER TABLE articles ADD COLUMN version bigint NOT NULL DEFAULT 0`,
      `ALTER TABLE articles ALTER COLUMN version SET DEFAULT 1`,
      `CREATE FUNCTION article_unversioned_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('history.off', true) = 'on' THEN RETURN NULL; END IF;
        RAISE EXCEPTION 'article % was changed without a new version: its revision cannot be recorded', NEW.id
          USING ERRCODE = 'integrity_constraint_violation';
      END $$`,
      `CREATE TRIGGER article_unversioned_change AFTER UPDATE ON articles FOR EACH ROW
        WHEN (NEW.version = OLD.version AND
              ROW(NEW.status, NEW.title, NEW.slug, NEW.blog_data, NEW.scrapped_data, NEW.scraped_url, NEW.new_url, NEW.deleted_at IS NULL)
              IS DISTINCT FROM
              ROW(OLD.status, OLD.title, OLD.slug, OLD.blog_data, OLD.scrapped_data, OLD.scraped_url, OLD.new_url, OLD.deleted_at IS NULL))
        EXECUTE FUNCTION article_unversioned_change()`,
      // The long texts of revisions, kept once per article (by their SHA-256): whole, or as the
      // span that changed since another text of the article (base_id; server/history/delta.ts).
      `CREATE TABLE article_revision_texts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        article_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        sha256 bytea NOT NULL,
        base_id bigint REFERENCES article_revision_texts (id),
        depth int NOT NULL DEFAULT 0,
        keep_start int NOT NULL DEFAULT 0,
        keep_end int NOT NULL DEFAULT 0,
        body text NOT NULL
      )`,
      `CREATE UNIQUE INDEX article_revision_texts_key ON article_revision_texts (article_id, sha256)`,
      // One row per revision: the article as it was after a write, who, when and why. The last
      // one is the article's current state (article_version = articles.version).
      `CREATE TABLE article_revisions (
        article_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        number int NOT NULL,
        article_version bigint NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        actor text,
        action text NOT NULL,
        restored_from int,
        changed text[] NOT NULL,
        status text NOT NULL,
        in_trash boolean NOT NULL,
        title text,
        slug text,
        scraped_url text,
        new_url text,
        blog_text_id bigint REFERENCES article_revision_texts (id),
        raw_text_id bigint NOT NULL REFERENCES article_revision_texts (id),
        source_text_id bigint REFERENCES article_revision_texts (id),
        pinned boolean NOT NULL DEFAULT false,
        name text,
        PRIMARY KEY (article_id, number)
      )`,
      // The retention sweep finds revisions past their first 30 days through it. Revisions are
      // written in time order: a BRIN index (a few pages for millions of rows, next to nothing
      // to keep up at each write) finds a window of them.
      `CREATE INDEX article_revisions_created_idx ON article_revisions USING brin (created_at)`,
      // No change without its revision: at commit, an article written in the transaction must
      // have its version as its last revision's (unless deleted, or written again, meanwhile).
      // A maintenance statement may opt out with SET LOCAL history.off = 'on'.
      `CREATE FUNCTION article_revision_check() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        current_version bigint;
        last_version bigint;
      BEGIN
        IF current_setting('history.off', true) = 'on' THEN RETURN NULL; END IF;
        SELECT version INTO current_version FROM articles WHERE id = NEW.id;
        IF NOT FOUND OR current_version <> NEW.version THEN RETURN NULL; END IF;
        SELECT article_version INTO last_version FROM article_revisions WHERE article_id = NEW.id ORDER BY number DESC LIMIT 1;
        IF last_version IS DISTINCT FROM NEW.version THEN
          RAISE EXCEPTION 'article % was changed without its revision (version %, last revision of version %)',
            NEW.id, NEW.version, last_version USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NULL;
      END $$`,
      `CREATE CONSTRAINT TRIGGER article_revision_required AFTER UPDATE ON articles
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.version <> OLD.version)
        EXECUTE FUNCTION article_revision_check()`,
    ],
  },
  {
    version: 12,
    name: 'earlier versions of replaced files',
    statements: [
      // A replaced file's previous bytes, kept under versions/<id> in the storage.
      `CREATE TABLE file_versions (
        file_id text NOT NULL REFERENCES files (id) ON DELETE CASCADE,
        number int NOT NULL,
        id text NOT NULL UNIQUE,
        name text NOT NULL,
        size bigint NOT NULL CHECK (size >= 0),
        type text NOT NULL,
        mime_type text NOT NULL,
        sha256 text,
        uploaded_at timestamptz NOT NULL,
        replaced_at timestamptz NOT NULL,
        replaced_by text,
        PRIMARY KEY (file_id, number)
      )`,
      `CREATE INDEX file_versions_replaced_idx ON file_versions (replaced_at)`,
    ],
  },
  {
    version: 13,
    name: 'scheduled publishing and webhooks',
    statements: [
      // When an article is to be published or unpublished (null: not scheduled), the admin's time
      // zone it was chosen in, and who chose it. Not part of what a revision records: scheduling
      // writes no revision; the publish it leads to does.
      `ALTER TABLE articles
        ADD COLUMN publish_at timestamptz,
        ADD COLUMN unpublish_at timestamptz,
        ADD COLUMN schedule_tz text,
        ADD COLUMN schedule_by text,
        ADD COLUMN schedule_failed_action text CHECK (schedule_failed_action IN ('publish', 'unpublish')),
        ADD COLUMN schedule_failed_reason text,
        ADD COLUMN schedule_failed_at timestamptz,
        ADD COLUMN schedule_note text`,
      // The scheduler's claims: what is due, soonest first, failed ones left for a Retry.
      `CREATE INDEX articles_publish_due_idx ON articles (publish_at) WHERE publish_at IS NOT NULL AND schedule_failed_at IS NULL`,
      `CREATE INDEX articles_unpublish_due_idx ON articles (unpublish_at) WHERE unpublish_at IS NOT NULL AND schedule_failed_at IS NULL`,
      // The Scheduled tab's pages and count.
      `CREATE INDEX articles_scheduled_idx ON articles (created_at DESC, id DESC)
        WHERE (publish_at IS NOT NULL OR unpublish_at IS NOT NULL) AND deleted_at IS NULL`,

      // Where events go: an endpoint, the events it takes, its signing secret (whsec_…).
      `CREATE TABLE webhook_endpoints (
        id text PRIMARY KEY,
        url text NOT NULL,
        events text[] NOT NULL,
        secret text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason text,
        disabled_at timestamptz,
        failing_since timestamptz,
        created_at timestamptz NOT NULL,
        created_by text,
        updated_at timestamptz NOT NULL
      )`,
      // The outbox and the delivery log at once: one row per event and endpoint, written in the
      // transaction of the change, then delivered (and retried) by whichever process claims it.
      `CREATE TABLE webhook_deliveries (
        id text PRIMARY KEY,
        endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id text NOT NULL,
        event_type text NOT NULL,
        payload text NOT NULL,
        created_at timestamptz NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        lease_until timestamptz,
        retry_until timestamptz NOT NULL
      )`,
      `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending'`,
      `CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`,
      `CREATE TABLE webhook_attempts (
        delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        number int NOT NULL,
        at timestamptz NOT NULL,
        status int,
        duration_ms int NOT NULL,
        error text,
        response text,
        PRIMARY KEY (delivery_id, number)
      )`,
    ],
  },
  {
    version: 14,
    name: 'phrases found through word pairs, addresses by their start',
    statements: [
      // An article's adjacent words as pairs ("to like"), read from the positions of its search
      // words: what a phrase search asks of the index (server/articles/phrase.ts). Costly per
      // row (a sort of the positions), so declared so: the planner reads the index, never this.
      `CREATE FUNCTION article_word_pairs(v tsvector) RETURNS tsvector
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 10000 AS $fn$
        SELECT coalesce(array_to_tsvector(array_agg(DISTINCT p.pair)), ''::tsvector)
          FROM (SELECT lexeme || ' ' || lead(lexeme) OVER w AS pair, lead(pos) OVER w = pos + 1 AS adjacent
                  FROM (SELECT lexeme, unnest(positions) AS pos FROM unnest(v)) t WINDOW w AS (ORDER BY pos)) p
         WHERE p.adjacent
        $fn$`,
      `CREATE INDEX articles_pairs_idx ON articles USING gin (article_word_pairs(search_vector))`,
      // No statistics of the pairs: ANALYZE would compute them for its whole sample (a minute
      // at 100,000 articles). Without them the planner expects few matches: it reads the index.
      `ALTER INDEX articles_pairs_idx ALTER COLUMN 1 SET STATISTICS 0`,
      // A pasted address is looked up as the start of the article's addresses: the trigrams of
      // a whole URL include ones every article has ("htt", "ps:", its host's), which cost
      // 25 ms to read at 100,000 articles.
      `CREATE INDEX articles_scraped_url_prefix_idx ON articles (lower(scraped_url) text_pattern_ops)`,
      `CREATE INDEX articles_new_url_prefix_idx ON articles (lower(new_url) text_pattern_ops)`,
    ],
  },
  {
    version: 15,
    name: 'roles of accounts and invitations',
    statements: [
      // Every account had every right: each existing one stays an admin.
      `ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor', 'author', 'viewer'))`,
      `ALTER TABLE invitations ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor', 'author', 'viewer'))`,
    ],
  },
  {
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
  },
  {
    version: 17,
    name: 'phrases found among the newest articles through their pairs and dates together',
    // The pair index holds each article's date beside its pairs (btree_gin: a date in a GIN
    // index), so a phrase's matches within the newest articles' dates come from the index alone,
    // without gathering every match first. Without btree_gin the pair index stays as it was and
    // the same queries still work, by combining it with the date index. Rebuilding it reads every
    // article's words once (about 5 minutes at 100,000 articles on PostgreSQL).
    statements: [
      `DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
          CREATE EXTENSION btree_gin WITH SCHEMA public;
        END IF;
      EXCEPTION WHEN others THEN
        RAISE NOTICE 'btree_gin is not available: a phrase is read through its pairs and the date index';
      END $$`,
      `DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
          DROP INDEX articles_pairs_idx;
          CREATE INDEX articles_pairs_idx ON articles USING gin (article_word_pairs(search_vector), created_at);
          ALTER INDEX articles_pairs_idx ALTER COLUMN 1 SET STATISTICS 0;
        END IF;
      END $$`,
    ],
  },
  {
    version: 18,
    name: 'SEO fields of articles, kept in their revisions',
    statements: [
      // Null where not set (src/contract/seo.ts). Nullable columns without a default: no row is rewritten.
      `ALTER TABLE articles ADD COLUMN meta_title text, ADD COLUMN meta_description text, ADD COLUMN canonical_url text,
        ADD COLUMN social_image_id text`,
      // A revision keeps them as one value: null when none was set (and in revisions written before).
      `ALTER TABLE article_revisions ADD COLUMN seo jsonb`,
      // A change of them is a change a revision records: bumped version or refused, as the others.
      `DROP TRIGGER article_unversioned_change ON articles`,
      `CREATE TRIGGER article_unversioned_change AFTER UPDATE ON articles FOR EACH ROW
        WHEN (NEW.version = OLD.version AND
              ROW(NEW.status, NEW.title, NEW.slug, NEW.blog_data, NEW.scrapped_data, NEW.scraped_url, NEW.new_url, NEW.deleted_at IS NULL,
                  NEW.meta_title, NEW.meta_description, NEW.canonical_url, NEW.social_image_id)
              IS DISTINCT FROM
              ROW(OLD.status, OLD.title, OLD.slug, OLD.blog_data, OLD.scrapped_data, OLD.scraped_url, OLD.new_url, OLD.deleted_at IS NULL,
                  OLD.meta_title, OLD.meta_description, OLD.canonical_url, OLD.social_image_id))
        EXECUTE FUNCTION article_unversioned_change()`,
    ],
  },
  {
    version: 19,
    name: 'addresses of other sites the checks before publishing asked, kept a day',
    statements: [
      // One row per address (src/contract/checks.ts): whether it answered and what happened.
      `CREATE TABLE address_checks (
        url text PRIMARY KEY,
        ok boolean NOT NULL,
        detail text NOT NULL,
        checked_at timestamptz NOT NULL
      )`,
    ],
  },
  {
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
  },
  {
    version: 21,
    name: 'each article\'s signature for near-duplicates: its normalised address, and its raw text\'s SimHash in four indexed bands',
    statements: [
      // src/contract/duplicates.ts: `address` is the canonical (else scraped) address normalised;
      // `simhash` the 64 bits (null for a text too short), `band0`..`band3` its 16-bit quarters;
      // `article_updated_at` the saved version signed (a later one's is never replaced by an earlier one's).
      `CREATE TABLE article_signatures (
        article_id text PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
        article_updated_at timestamptz NOT NULL,
        address text,
        simhash bigint,
        band0 integer,
        band1 integer,
        band2 integer,
        band3 integer
      )`,
      `CREATE INDEX article_signatures_address_idx ON article_signatures (address) WHERE address IS NOT NULL`,
      `CREATE INDEX article_signatures_band0_idx ON article_signatures (band0) WHERE band0 IS NOT NULL`,
      `CREATE INDEX article_signatures_band1_idx ON article_signatures (band1) WHERE band1 IS NOT NULL`,
      `CREATE INDEX article_signatures_band2_idx ON article_signatures (band2) WHERE band2 IS NOT NULL`,
      `CREATE INDEX article_signatures_band3_idx ON article_signatures (band3) WHERE band3 IS NOT NULL`,
    ],
  },
  {
    version: 22,
    name: 'the articles each article looks like a copy of, for the list\'s filter',
    statements: [
      // Both ways, replaced whenever either article is signed again (server/articles/duplicates.ts);
      // an article in the trash is left out where it is read.
      `CREATE TABLE article_copies (
        article_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        other_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        PRIMARY KEY (article_id, other_id)
      )`,
      `CREATE INDEX article_copies_other_idx ON article_copies (other_id)`,
      // Every article signed again at start (in the background), so that its copies are kept too.
      `DELETE FROM article_signatures`,
    ],
  },
];

/** The schema version the migrations above lead to. */
export const LATEST_VERSION = Math.max(...migrations.map((m) => m.version));

/** Written into an embedded database's folder by pglite-prepare.ts: the schema version it left there. */
export const SCHEMA_MARKER = 'schema-version';

/** How often the embedded database asks whether its planner statistics are due (it has no autovacuum). */
export const STATISTICS_REFRESH_MS = 10 * 60 * 1000;

/**
 * The articles' statistics are due, as PostgreSQL's autovacuum decides (its defaults): once more
 * than STATISTICS_DUE_ROWS plus STATISTICS_DUE_SHARE of the articles counted at the last refresh
 * were written since (created, edited or removed).
 */
export const STATISTICS_DUE_ROWS = 50;
export const STATISTICS_DUE_SHARE = 0.1;

/** The setting that says when the articles' statistics were last refreshed, and how many articles there were. */
export const STATISTICS_SETTING = 'planner-statistics';

interface StatisticsMark {
  at: string;
  articles: number;
}

/**
 * Whether the articles' statistics are due (see STATISTICS_DUE_ROWS). Without a mark (a library
 * kept before marks were), they are due when there are none, or when the count ANALYZE last saw
 * differs from today's by more than the threshold.
 */
async function statisticsDue(db: Queryable, mark: StatisticsMark | undefined, articles: number): Promise<boolean> {
  if (!mark) {
    const { rows } = await db.query<{ seen: number | null; analysed: boolean }>(
      `SELECT (SELECT reltuples FROM pg_class WHERE oid = 'articles'::regclass)::float8 AS seen,
              EXISTS (SELECT 1 FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'articles' AND attname = 'search_vector') AS analysed`,
    );
    const seen = Math.max(0, Number(rows[0]!.seen ?? 0));
    return !rows[0]!.analysed || Math.abs(articles - seen) > STATISTICS_DUE_ROWS + STATISTICS_DUE_SHARE * seen;
  }
  const threshold = Math.floor(STATISTICS_DUE_ROWS + STATISTICS_DUE_SHARE * mark.articles);
  // Removed (or added) beyond it, or written beyond it (new or edited: counted up to it through
  // the articles' updated_at index).
  if (Math.abs(articles - mark.articles) > threshold) return true;
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM articles WHERE updated_at > $1::timestamptz LIMIT $2) w`,
    [mark.at, threshold + 1],
  );
  return Number(rows[0]!.n) > threshold;
}

/**
 * Refreshes the planner's statistics of the articles (their words, sites and statuses) and of
 * their signatures when they are due; answers whether it did. ANALYZE reads a sample of 30,000
 * articles, whose rows the embedded database holds in its WebAssembly memory, and that memory,
 * once grown, stays (35 MB more at 100,000 articles, bench:memory): so it runs when the articles
 * changed enough to matter, not at every start.
 */
export async function refreshStatistics(db: Queryable): Promise<boolean> {
  // The mark, today's count of articles (trigger-kept) and the time a refresh marks, in one statement.
  const { rows } = await db.query<{ stored: StatisticsMark | null; articles: string; at: string }>(
    `SELECT (SELECT value FROM settings WHERE key = $1) AS stored,
            (SELECT coalesce(sum(n), 0) FROM article_counts) AS articles,
            to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at`,
    [STATISTICS_SETTING],
  );
  const { stored, at } = rows[0]!;
  const articles = Number(rows[0]!.articles);
  const mark = stored && typeof stored.at === 'string' && Number.isFinite(stored.articles) ? stored : undefined;
  const due = await statisticsDue(db, mark, articles);
  // (Without a mark and not due: today's count is marked, and writes are counted from now.)
  if (due) await db.query('ANALYZE articles, article_signatures, article_copies');
  if (due || !mark) {
    await db.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [STATISTICS_SETTING, JSON.stringify({ at, articles })],
    );
  }
  return due;
}

/**
 * Applies the missing migrations; returns the versions it applied. Processes starting together
 * take turns on the lock: the first applies them, the others then find nothing to do.
 */
export async function migrate(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    await waitForLock(tx, 'migrations');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version int PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}
