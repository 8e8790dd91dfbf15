/**
 * What the checks before publishing found of other sites' addresses (address_checks): each
 * address is asked at most once a day, whichever article holds it.
 */
import type { AddressCheck } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';

/** How long an address that answered is kept before it is asked again. */
export const ADDRESS_CHECK_TTL_MS = 24 * 60 * 60 * 1000;
/** How long one that did not answer is kept: a site that was down may be back soon. */
export const FAILED_ADDRESS_CHECK_TTL_MS = 10 * 60 * 1000;
/** Longer addresses are asked each time, not kept (a btree key holds about 2,700 bytes). */
export const MAX_KEPT_ADDRESS_CHARS = 2_000;

/** The kept answers of `urls` (an answer within the day, a failure within ten minutes), as of `now`. */
export async function freshAddressChecks(db: Queryable, urls: string[], now: Date): Promise<AddressCheck[]> {
  if (!urls.length) return [];
  const { rows } = await db.query<AddressCheck>(
    'SELECT url, ok, detail FROM address_checks WHERE url = ANY($1::text[]) AND checked_at > CASE WHEN ok THEN $2::timestamptz ELSE $3::timestamptz END',
    [urls, new Date(now.getTime() - ADDRESS_CHECK_TTL_MS).toISOString(), new Date(now.getTime() - FAILED_ADDRESS_CHECK_TTL_MS).toISOString()],
  );
  return rows;
}

/**
 * Keeps the answers just found, in the addresses' order (two runs storing the same addresses lock
 * them in the same order), never over a newer answer.
 */
export async function storeAddressChecks(db: Queryable, found: AddressCheck[], at: Date): Promise<void> {
  const checks = found.filter((c) => c.url.length <= MAX_KEPT_ADDRESS_CHARS).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  if (!checks.length) return;
  await db.query(
    `INSERT INTO address_checks (url, ok, detail, checked_at)
       SELECT url, ok, detail, $4 FROM unnest($1::text[], $2::boolean[], $3::text[]) AS t(url, ok, detail) ORDER BY url
     ON CONFLICT (url) DO UPDATE SET ok = EXCLUDED.ok, detail = EXCLUDED.detail, checked_at = EXCLUDED.checked_at
       WHERE address_checks.checked_at < EXCLUDED.checked_at`,
    [checks.map((c) => c.url), checks.map((c) => c.ok), checks.map((c) => c.detail), at.toISOString()],
  );
}
