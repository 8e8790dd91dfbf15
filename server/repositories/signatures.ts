/**
 * Each article's signature for near-duplicates (article_signatures, src/contract/duplicates.ts):
 * its normalised address and its raw text's SimHash in four indexed 16-bit bands.
 */
import { MAX_SIGNATURE_DISTANCE, signatureBands, signatureProbes, type TextSignature } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';

export interface KeptSignature {
  address: string | null;
  signature: TextSignature | null;
}

/** The signature as PostgreSQL's bigint (signed 64 bits), as text. */
const toBigint = ([high, low]: TextSignature) => BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low)).toString();
const fromBigint = (value: string | number | bigint): TextSignature => {
  const bits = BigInt.asUintN(64, BigInt(value));
  return [Number(bits >> 32n), Number(bits & 0xffffffffn)];
};

/**
 * Keeps an article's signature of its version saved at `articleUpdatedAt`, never over a later
 * version's (nothing for an article deleted for good meanwhile).
 */
export async function storeSignature(db: Queryable, articleId: string, articleUpdatedAt: Date, kept: KeptSignature): Promise<boolean> {
  const bands = kept.signature ? signatureBands(kept.signature) : [null, null, null, null];
  const { rowCount } = await db.query(
    `INSERT INTO article_signatures (article_id, article_updated_at, address, simhash, band0, band1, band2, band3)
       SELECT id, $2, $3, $4, $5, $6, $7, $8 FROM articles WHERE id = $1
     ON CONFLICT (article_id) DO UPDATE SET article_updated_at = EXCLUDED.article_updated_at, address = EXCLUDED.address,
       simhash = EXCLUDED.simhash, band0 = EXCLUDED.band0, band1 = EXCLUDED.band1, band2 = EXCLUDED.band2, band3 = EXCLUDED.band3
       WHERE article_signatures.article_updated_at <= EXCLUDED.article_updated_at`,
    [articleId, articleUpdatedAt, kept.address, kept.signature ? toBigint(kept.signature) : null, ...bands],
  );
  return rowCount > 0;
}

/**
 * The articles an article looks like a copy of, kept both ways for the list's filter: the pairs
 * it had with others no longer among them go (an article deleted for good meanwhile keeps none).
 */
export async function storeCopies(db: Queryable, articleId: string, otherIds: string[]): Promise<void> {
  await db.query('DELETE FROM article_copies WHERE (article_id = $1 OR other_id = $1) AND NOT (article_id = ANY($2::text[]) OR other_id = ANY($2::text[]))', [
    articleId,
    otherIds,
  ]);
  if (!otherIds.length) return;
  try {
    await db.query(
      `INSERT INTO article_copies (article_id, other_id)
       SELECT pair.a, pair.b FROM articles me
         JOIN articles other ON other.id = ANY($2::text[])
         CROSS JOIN LATERAL (VALUES (me.id, other.id), (other.id, me.id)) AS pair (a, b)
        WHERE me.id = $1
       ON CONFLICT DO NOTHING`,
      [articleId, otherIds],
    );
  } catch (error) {
    // One of them deleted for good meanwhile: its pairs went with it.
    if ((error as { code?: string }).code !== '23503') throw error;
  }
}

/**
 * Refreshes the planner's statistics of the signatures: without them it reckons a band value
 * matches 0.5% of them and reads them all (70 ms a lookup among 37,000 against 1.3 ms).
 */
export async function analyzeSignatures(db: Queryable): Promise<void> {
  await db.query('ANALYZE article_signatures, article_copies');
}

/**
 * For the rest of the transaction `tx`, no parallel workers: a lookup reads a few hundred rows
 * through the bands' indexes in about 3 ms, and PostgreSQL, reckoning a few thousand, started a
 * worker for it, which took 30 ms (`bench:duplicates`: p50 40 ms a lookup among 100,000, 2.7 ms
 * without). PGlite has none to start.
 */
export async function withoutParallelWorkers(tx: Queryable): Promise<void> {
  await tx.query('SET LOCAL max_parallel_workers_per_gather = 0');
}

/** An article's kept signature; undefined before one was kept. */
export async function keptSignature(db: Queryable, articleId: string): Promise<KeptSignature | undefined> {
  const { rows } = await db.query<{ address: string | null; simhash: string | null }>(
    'SELECT address, simhash::text AS simhash FROM article_signatures WHERE article_id = $1',
    [articleId],
    { prepare: true },
  );
  const row = rows[0];
  return row && { address: row.address, signature: row.simhash === null ? null : fromBigint(row.simhash) };
}

/** The most candidates one lookup reads (the same address, or a text within the distance). */
const MAX_CANDIDATES = 500;

export interface Candidate {
  id: string;
  title: string | null;
  address: string | null;
  signature: TextSignature | null;
}

/**
 * The other articles (not in the trash, unless `withTrash`) with the same address, or a band within one bit of the
 * signature's (`signatureProbes`) and the whole within MAX_SIGNATURE_DISTANCE bits: each band
 * through its own index, so a lookup reads its few matches, not the library, and the distance
 * is measured before a row leaves the database. In a transaction `withoutParallelWorkers`.
 */
export async function signatureCandidates(db: Queryable, articleId: string, kept: KeptSignature, { withTrash = false } = {}): Promise<Candidate[]> {
  if (!kept.address && !kept.signature) return [];
  const probes = kept.signature ? signatureProbes(kept.signature) : [[], [], [], []];
  const { rows } = await db.query<{ id: string; title: string | null; address: string | null; simhash: string | null }>(
    `SELECT s.article_id AS id, a.title, s.address, s.simhash::text AS simhash
       FROM article_signatures s JOIN articles a ON a.id = s.article_id AND ($8::boolean OR a.deleted_at IS NULL)
      WHERE s.article_id <> $1
        AND (s.address = $2 OR s.band0 = ANY($3::int[]) OR s.band1 = ANY($4::int[]) OR s.band2 = ANY($5::int[]) OR s.band3 = ANY($6::int[]))
        AND (s.address = $2 OR bit_count((s.simhash # $7::bigint)::bit(64)) <= ${MAX_SIGNATURE_DISTANCE})
      LIMIT ${MAX_CANDIDATES}`,
    [articleId, kept.address, ...probes, kept.signature ? toBigint(kept.signature) : null, withTrash],
    { prepare: true },
  );
  return rows.map((row) => ({ id: row.id, title: row.title, address: row.address, signature: row.simhash === null ? null : fromBigint(row.simhash) }));
}

/** Articles (not in the trash) without a signature, by id after `after`. */
export async function unsignedArticles(db: Queryable, after: string, limit: number) {
  const { rows } = await db.query<{ id: string; updated_at: Date; scraped_url: string | null; scrapped_data: string; canonical_url: string | null }>(
    `SELECT id, updated_at, scraped_url, scrapped_data, canonical_url FROM articles a
      WHERE id > $1 AND deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM article_signatures s WHERE s.article_id = a.id)
      ORDER BY id LIMIT $2`,
    [after, limit],
    { lane: 'background' },
  );
  return rows;
}
