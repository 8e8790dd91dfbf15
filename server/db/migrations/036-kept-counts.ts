import type { Migration } from './types.ts';

/** How many rows each kept count is split over. */
const SLOTS = 16;
/**
 * The advisory lock of one article's marks being made what they must be: LOCKS.articleMarks in
 * server/db/locks.ts (a migration's statements stay as they were written), its key made as that
 * module makes a subject's.
 */
const ARTICLE_MARKS_LOCK = 10;

/**
 * The list's counts kept exact as writes happen, in the writing transaction, and read in
 * constant time (server/repositories/keptCounts.ts):
 *
 * - Each count is split over 16 rows (slots), a writer adding to the slot of its connection
 *   (`counter_slot()`: the backend's pid modulo 16), and summed on read: two transactions that
 *   add articles at once no longer wait on one row until the first commits. `article_counts`
 *   becomes a view of the sums, read as before.
 * - The articles the list's filters pick (needing attention, looking like a copy, their source
 *   changed, scheduled) are kept in `article_marks` with their status, only while the article is
 *   not in the trash; `article_mark_counts` sums them per mark and status. A statement that
 *   changes what a mark depends on (an article's status, trash, source flag or scheduled times;
 *   a check's result; a pair of copies) refreshes the marks of the articles it touched:
 *   `article_marks_refresh(ids)` deletes those no longer true and adds the new ones, so the
 *   counters move only where a mark did.
 */
export const keptCounts: Migration = {
  version: 36,
  name: "the list's counts split over slots, and the filters' counts kept as writes happen",
  statements: [
    `CREATE FUNCTION counter_slot() RETURNS smallint LANGUAGE sql STABLE AS 'SELECT (pg_backend_pid() % ${SLOTS})::smallint'`,

    // The counts per status, split.
    `ALTER TABLE article_counts RENAME TO article_count_slots`,
    `ALTER TABLE article_count_slots ADD COLUMN slot smallint NOT NULL DEFAULT 0`,
    `ALTER TABLE article_count_slots DROP CONSTRAINT article_counts_pkey`,
    `ALTER TABLE article_count_slots ADD CONSTRAINT article_count_slots_pkey PRIMARY KEY (status, slot)`,
    `ALTER TABLE article_count_slots ALTER COLUMN slot DROP DEFAULT`,
    `INSERT INTO article_count_slots (status, slot, n)
       SELECT s.status, g.slot, 0 FROM (SELECT DISTINCT status FROM article_count_slots) s CROSS JOIN generate_series(1, ${SLOTS - 1}) AS g(slot)`,
    `CREATE VIEW article_counts AS SELECT status, sum(n)::bigint AS n FROM article_count_slots GROUP BY status`,
    `CREATE OR REPLACE FUNCTION article_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE article_count_slots c SET n = c.n + d.k
            FROM (SELECT status, count(*) AS k FROM new_rows WHERE deleted_at IS NULL GROUP BY status) d
            WHERE c.status = d.status AND c.slot = counter_slot();
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE article_count_slots c SET n = c.n - d.k
            FROM (SELECT status, count(*) AS k FROM old_rows WHERE deleted_at IS NULL GROUP BY status) d
            WHERE c.status = d.status AND c.slot = counter_slot();
        ELSE
          UPDATE article_count_slots c SET n = c.n + d.k
            FROM (SELECT status, sum(k) AS k FROM (
                    SELECT status, 1 AS k FROM new_rows WHERE deleted_at IS NULL
                    UNION ALL SELECT status, -1 AS k FROM old_rows WHERE deleted_at IS NULL) x
                  GROUP BY status) d
            WHERE c.status = d.status AND c.slot = counter_slot() AND d.k <> 0;
        END IF;
        RETURN NULL;
      END $$`,
    `CREATE OR REPLACE FUNCTION article_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE article_count_slots SET n = 0;
        RETURN NULL;
      END $$`,

    // The filters' marks and their counts.
    `CREATE TABLE article_marks (
        mark text NOT NULL CHECK (mark IN ('attention', 'copy', 'source_changed', 'scheduled')),
        article_id text NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        status text NOT NULL,
        PRIMARY KEY (mark, article_id)
      )`,
    `CREATE INDEX article_marks_article_idx ON article_marks (article_id)`,
    `CREATE TABLE article_mark_slots (
        mark text NOT NULL,
        status text NOT NULL,
        slot smallint NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (mark, status, slot)
      )`,
    `INSERT INTO article_mark_slots (mark, status, slot, n)
       SELECT m.mark, s.status, g.slot, 0
         FROM (VALUES ('attention'), ('copy'), ('source_changed'), ('scheduled')) AS m(mark),
              (VALUES ('draft'), ('published')) AS s(status), generate_series(0, ${SLOTS - 1}) AS g(slot)`,
    `CREATE VIEW article_mark_counts AS SELECT mark, status, sum(n)::bigint AS n FROM article_mark_slots GROUP BY mark, status`,
    `CREATE FUNCTION article_mark_slots_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE article_mark_slots c SET n = c.n + d.k
            FROM (SELECT mark, status, count(*) AS k FROM new_rows GROUP BY mark, status) d
            WHERE c.mark = d.mark AND c.status = d.status AND c.slot = counter_slot();
        ELSE
          UPDATE article_mark_slots c SET n = c.n - d.k
            FROM (SELECT mark, status, count(*) AS k FROM old_rows GROUP BY mark, status) d
            WHERE c.mark = d.mark AND c.status = d.status AND c.slot = counter_slot();
        END IF;
        RETURN NULL;
      END $$`,
    `CREATE FUNCTION article_mark_slots_reset() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE article_mark_slots SET n = 0;
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER article_marks_ins AFTER INSERT ON article_marks REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_mark_slots_apply()`,
    `CREATE TRIGGER article_marks_del AFTER DELETE ON article_marks REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_mark_slots_apply()`,
    `CREATE TRIGGER article_marks_trunc AFTER TRUNCATE ON article_marks
        FOR EACH STATEMENT EXECUTE FUNCTION article_mark_slots_reset()`,

    // What each mark means, for the articles not in the trash: what article_marks must hold
    // (compared in the tests and the crash suite). The list's filters read the marks
    // (markedSql in server/repositories/keptCounts.ts); SCHEDULED in articleRows.ts is the same.
    `CREATE VIEW article_marks_due AS
        SELECT 'attention'::text AS mark, a.id AS article_id, a.status FROM articles a
         WHERE a.deleted_at IS NULL AND EXISTS (SELECT 1 FROM article_checks c WHERE c.article_id = a.id AND c.failing > 0)
        UNION ALL
        SELECT 'copy', a.id, a.status FROM articles a
         WHERE a.deleted_at IS NULL
           AND EXISTS (SELECT 1 FROM article_copies c JOIN articles o ON o.id = c.other_id AND o.deleted_at IS NULL WHERE c.article_id = a.id)
        UNION ALL
        SELECT 'source_changed', a.id, a.status FROM articles a WHERE a.deleted_at IS NULL AND a.source_changed
        UNION ALL
        SELECT 'scheduled', a.id, a.status FROM articles a
         WHERE a.deleted_at IS NULL AND (a.publish_at IS NOT NULL OR a.unpublish_at IS NOT NULL)`,
    // The marks of these articles made what they must be: those no longer due go, the new ones come.
    // One refresh of an article at a time, to the end of its transaction (an advisory lock per
    // article, taken in one order: LOCKS.articleMarks in server/db/locks.ts): a refresh that waited
    // reads, statement by statement, what the one before it committed. Without it, two
    // transactions each reading the other's change as not yet made (a publish while a check's
    // result is stored; two partners of a copy trashed at once) would leave a mark wrong.
    `CREATE FUNCTION article_marks_refresh(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(k)
           FROM (SELECT DISTINCT hashtextextended(coalesce(current_schema(), '') || '/${ARTICLE_MARKS_LOCK}/' || id, 0) AS k
                   FROM unnest(ids) AS u(id)) s
          ORDER BY k;
        WITH due AS MATERIALIZED (SELECT mark, article_id, status FROM article_marks_due WHERE article_id = ANY(ids))
        DELETE FROM article_marks k
         WHERE k.article_id = ANY(ids)
           AND NOT EXISTS (SELECT 1 FROM due d WHERE d.mark = k.mark AND d.article_id = k.article_id AND d.status = k.status);
        INSERT INTO article_marks (mark, article_id, status)
          SELECT d.mark, d.article_id, d.status FROM article_marks_due d
           WHERE d.article_id = ANY(ids)
             AND NOT EXISTS (SELECT 1 FROM article_marks k WHERE k.mark = d.mark AND k.article_id = d.article_id)
        ON CONFLICT (mark, article_id) DO NOTHING;
      END $$`,

    // An article's own fields: its status, trash, source flag and scheduled times; and, for a
    // trashed or restored article, the marks of those that look like a copy of it.
    `CREATE FUNCTION article_marks_of_articles() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ids text[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(id) INTO ids FROM new_rows
           WHERE source_changed OR publish_at IS NOT NULL OR unpublish_at IS NOT NULL;
        ELSE
          WITH changed AS (
            SELECT n.id, n.deleted_at IS DISTINCT FROM o.deleted_at AS trashed
              FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE n.status IS DISTINCT FROM o.status OR n.deleted_at IS DISTINCT FROM o.deleted_at
                OR n.source_changed IS DISTINCT FROM o.source_changed
                OR (n.publish_at IS NULL AND n.unpublish_at IS NULL) IS DISTINCT FROM (o.publish_at IS NULL AND o.unpublish_at IS NULL)
          )
          SELECT array_agg(DISTINCT x.id) INTO ids FROM (
            SELECT id FROM changed
            UNION ALL SELECT c.article_id FROM article_copies c JOIN changed ON changed.id = c.other_id AND changed.trashed
          ) x;
        END IF;
        IF ids IS NOT NULL THEN PERFORM article_marks_refresh(ids); END IF;
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER articles_marks_ins AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_marks_of_articles()`,
    `CREATE TRIGGER articles_marks_upd AFTER UPDATE ON articles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_marks_of_articles()`,

    // A check's result, a pair of copies: the marks of the articles they are of.
    `CREATE FUNCTION article_marks_of_related() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ids text[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(DISTINCT article_id) INTO ids FROM new_rows;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(DISTINCT article_id) INTO ids FROM old_rows;
        ELSE
          SELECT array_agg(DISTINCT article_id) INTO ids FROM (SELECT article_id FROM new_rows UNION ALL SELECT article_id FROM old_rows) x;
        END IF;
        IF ids IS NOT NULL THEN PERFORM article_marks_refresh(ids); END IF;
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER article_checks_marks_ins AFTER INSERT ON article_checks REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_marks_of_related()`,
    `CREATE TRIGGER article_checks_marks_upd AFTER UPDATE ON article_checks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_marks_of_related()`,
    `CREATE TRIGGER article_checks_marks_del AFTER DELETE ON article_checks REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_marks_of_related()`,
    `CREATE TRIGGER article_copies_marks_ins AFTER INSERT ON article_copies REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_marks_of_related()`,
    `CREATE TRIGGER article_copies_marks_del AFTER DELETE ON article_copies REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION article_marks_of_related()`,

    // The library's marks as they are now.
    `INSERT INTO article_marks (mark, article_id, status) SELECT mark, article_id, status FROM article_marks_due`,
  ],
};
