import type { Queryable } from './types.ts';

/** A timestamptz column as the text toISOString() writes (UTC, milliseconds, "Z"). */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Escapes LIKE wildcards so user text matches literally (backslash is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search counts are capped (the contract's SEARCH_COUNT_CAP: a count above it is cap + 1). */
export { SEARCH_COUNT_CAP } from '../../src/contract/text.ts';

/** The cheapest statement: resolves once the database has answered. */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1', [], { lane: 'quick' });
}

/** A statement's parameters as its text is built: `add(value)` answers the placeholder (`$3`). */
export function parameters() {
  const values: unknown[] = [];
  return {
    values,
    add: (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    },
  };
}
