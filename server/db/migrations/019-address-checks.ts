import type { Migration } from './types.ts';

export const addressChecks: Migration = {
  version: 19,
  name: 'addresses of other sites the checks before publishing asked, kept a day',
  statements: [
    // One row per address (src/contract/checks.ts): whether it answered and what happened.
    `CREATE TABLE address_checks (
        url text PRIMARY KEY,
        ok boolean NOT NULL,
        detail text NOT NULL,
        checked_at timestamptz NOT NULL
      )`,
  ],
};
