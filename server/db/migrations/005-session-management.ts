import type { Migration } from './types.ts';

export const sessionManagement: Migration = {
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
};
