import type { Migration } from './types.ts';

export const siteRules: Migration = {
  version: 26,
  name: 'rules per site: what to drop from its pages, what to keep as the article, where its title is',
  statements: [
    `CREATE TABLE site_rules (
      host text PRIMARY KEY,
      rules jsonb NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by text
    )`,
  ],
};
