import type { Migration } from './types.ts';

export const roles: Migration = {
  version: 15,
  name: 'roles of accounts and invitations',
  statements: [
    // Every account had every right: each existing one stays an admin.
    `ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor', 'author', 'viewer'))`,
    `ALTER TABLE invitations ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor', 'author', 'viewer'))`,
  ],
};
