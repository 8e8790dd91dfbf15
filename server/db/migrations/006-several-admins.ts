import type { Migration } from './types.ts';

export const severalAdmins: Migration = {
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
};
