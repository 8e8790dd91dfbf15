import type { Migration } from './types.ts';

export const siteRules: Migration = {
  version: 26,
  name: 'rules per site (what to drop from its pages, what to keep as the article, where its title is) and the paragraphs each site repeats',
  statements: [
    `CREATE TABLE site_rules (
      host text PRIMARY KEY,
      rules jsonb NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by text
    )`,
    // A paragraph found repeated among a site's articles (server/scrape/boilerplate.ts), by the
    // hash of its words: remembered, so that it stays known once the articles that showed it
    // are no longer the site's newest.
    `CREATE TABLE site_blocks (
      host text NOT NULL,
      key text NOT NULL,
      found_at timestamptz NOT NULL,
      PRIMARY KEY (host, key)
    )`,
  ],
};
