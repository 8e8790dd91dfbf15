/** A timestamptz column as the text toISOString() writes (UTC, milliseconds, "Z"). */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Escapes LIKE wildcards so user text matches literally (backslash is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search counts at most this many matches (plus one, to know there are more), so a broad
 * term costs as little as a narrow one. A count above it is reported as SEARCH_COUNT_CAP + 1,
 * which reads "more than SEARCH_COUNT_CAP".
 */
export const SEARCH_COUNT_CAP = 1_000;
