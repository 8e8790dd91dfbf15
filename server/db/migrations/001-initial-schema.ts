import type { Migration } from './types.ts';

export const initialSchema: Migration = {
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
};
