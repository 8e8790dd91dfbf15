import type { Migration } from './types.ts';

export const fileTrash: Migration = {
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
};
