/**
 * What the checks before publishing found of other sites' addresses (address_checks): each
 * address is asked at most once a day, whichever article holds it.
 */
import type { AddressCheck } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';

/** How long an address's answer is kept before it is asked again. */
export const ADDRESS_CHECK_TTL_MS = 24 * 60 * 60 * 1000;

/** The answers of `urls` found since `since`. */
export async function freshAddressChecks(db: Queryable, urls: string[], since: Date): Promise<AddressCheck[]> {
  if (!urls.length) return [];
  const { rows } = await db.query<AddressCheck>(
    'SELECT url, ok, detail FROM address_checks WHERE url = ANY($1::text[]) AND checked_at > $2',
    [urls, since.toISOString()],
  );
  return rows;
}

/** Keeps the answers just found (replacing older ones of the same addresses). */
export async function storeAddressChecks(db: Queryable, checks: AddressCheck[], at: Date): Promise<void> {
  if (!checks.length) return;
  await db.query(
    `INSERT INTO address_checks (url, ok, detail, checked_at)
       SELECT url, ok, detail, $4 FROM unnest($1::text[], $2::boolean[], $3::text[]) AS t(url, ok, detail)
     ON CONFLICT (url) DO UPDATE SET ok = EXCLUDED.ok, detail = EXCLUDED.detail, checked_at = EXCLUDED.checked_at`,
    [checks.map((c) => c.url), checks.map((c) => c.ok), checks.map((c) => c.detail), at.toISOString()],
  );
}
