import type { Migration } from './types.ts';

export const scrapedAddressAndFileHashes: Migration = {
  version: 3,
  name: 'scraped address lookups and file content hashes',
  statements: [
    // The same page is not scraped twice unless asked: find an article by its source address.
    `CREATE INDEX articles_scraped_url_idx ON articles (scraped_url)`,
    // Bytes already in the library are reused (scraped images), found by their SHA-256.
    `ALTER TABLE files ADD COLUMN sha256 text`,
    `CREATE INDEX files_sha256_idx ON files (sha256)`,
  ],
};
