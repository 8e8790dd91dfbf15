import type { Migration } from './types.ts';

export const notifications: Migration = {
  version: 33,
  name: 'notifications of the workflow, per account, and the kinds each account mutes',
  statements: [
    `CREATE TABLE notifications (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL,
      message text NOT NULL,
      article_id text REFERENCES articles (id) ON DELETE SET NULL,
      actor_id text REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      read_at timestamptz
    )`,
    `CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC)`,
    `CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`,
    `ALTER TABLE users ADD COLUMN muted_notifications text[] NOT NULL DEFAULT '{}'`,
  ],
};
