import type { Migration } from './types.ts';

export const articleHistory: Migration = {
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
};
