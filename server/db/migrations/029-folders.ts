import type { Migration } from './types.ts';

export const folders: Migration = {
  version: 29,
  name: 'folders of the file library: nested, each file in one or in none',
  statements: [
    `CREATE TABLE folders (
      id text PRIMARY KEY,
      name text NOT NULL,
      parent_id text REFERENCES folders (id),
      created_at timestamptz NOT NULL,
      CHECK (parent_id IS NULL OR parent_id <> id)
    )`,
    // One name per folder it is in (the top of the library counts as one), whatever the case.
    `CREATE UNIQUE INDEX folders_name_in_parent ON folders (coalesce(parent_id, ''), lower(name))`,
    'CREATE INDEX folders_parent_idx ON folders (parent_id)',
    // A folder deleted leaves the files of the trash it held at the top (the live ones are moved
    // first, where the admin said).
    'ALTER TABLE files ADD COLUMN folder_id text REFERENCES folders (id) ON DELETE SET NULL',
    // A folder's page of files, newest first, as the whole list has it.
    'CREATE INDEX files_folder_idx ON files (folder_id, uploaded_at DESC, id DESC) WHERE deleted_at IS NULL',
  ],
};
