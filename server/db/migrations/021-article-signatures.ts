import type { Migration } from './types.ts';

export const articleSignatures: Migration = {
  version: 21,
  name: 'each article\'s signature for near-duplicates: its normalised address, and its raw text\'s SimHash in four indexed bands',
  statements: [
    // src/contract/duplicates.ts: `address` is the canonical (else scraped) address normalised;
    // `simhash` the 64 bits (null for a text too short), `band0`..`band3` its 16-bit quarters;
    // `article_updated_at` the saved version signed (a later one's is never replaced by an earlier one's).
    `CREATE TABLE article_signatures (
        article_id text PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
        article_updated_at timestamptz NOT NULL,
        address text,
        simhash bigint,
        band0 integer,
        band1 integer,
        band2 integer,
        band3 integer
      )`,
    `CREATE INDEX article_signatures_address_idx ON article_signatures (address) WHERE address IS NOT NULL`,
    `CREATE INDEX article_signatures_band0_idx ON article_signatures (band0) WHERE band0 IS NOT NULL`,
    `CREATE INDEX article_signatures_band1_idx ON article_signatures (band1) WHERE band1 IS NOT NULL`,
    `CREATE INDEX article_signatures_band2_idx ON article_signatures (band2) WHERE band2 IS NOT NULL`,
    `CREATE INDEX article_signatures_band3_idx ON article_signatures (band3) WHERE band3 IS NOT NULL`,
  ],
};
