import type { Migration } from './types.ts';

export const fileVersions: Migration = {
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
};
