/**
 * How a revision's long texts (blog HTML, raw text) are stored: whole, or as the one span that
 * changed since another stored text (its base). An admin's edit touches one place of a 12 KB
 * article, so a revision costs the changed words, not the article: the common start and end
 * are found in one pass (linear, no diff search: it runs inside the writing transaction, on
 * the request thread, and must take the same microseconds on a hostile 2 MB body as on a
 * paragraph). Several edits folded into one revision store the span from the first to the last.
 * The console's word-level comparison is another matter (src/lib/wordDiff.ts, jsdiff).
 */

/** A text as its base with one span replaced: base[0, keepStart) + insert + base[base.length - keepEnd, …). */
export interface Splice {
  keepStart: number;
  keepEnd: number;
  insert: string;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The splice that turns `base` into `next`: their common start and end kept (in UTF-16 units,
 * never splitting a surrogate pair, so the stored span is valid text), the rest inserted.
 */
export function spliceOf(base: string, next: string): Splice {
  const max = Math.min(base.length, next.length);
  let start = 0;
  while (start < max && base.charCodeAt(start) === next.charCodeAt(start)) start++;
  // Half of a pair kept would leave the other half alone in the stored span.
  if (start > 0 && start < next.length && isHighSurrogate(next.charCodeAt(start - 1))) start--;
  let end = 0;
  const room = max - start;
  while (end < room && base.charCodeAt(base.length - 1 - end) === next.charCodeAt(next.length - 1 - end)) end++;
  if (end > 0 && end < next.length - start && isLowSurrogate(next.charCodeAt(next.length - end))) end--;
  return { keepStart: start, keepEnd: end, insert: next.slice(start, next.length - end) };
}

/** The text a splice makes of its base. */
export function applySplice(base: string, splice: Splice): string {
  if (splice.keepStart + splice.keepEnd > base.length) {
    throw new Error(`A stored change keeps ${splice.keepStart}+${splice.keepEnd} characters of a base of ${base.length}`);
  }
  return base.slice(0, splice.keepStart) + splice.insert + base.slice(base.length - splice.keepEnd);
}

/** A text is stored whole when its change is more than this share of it: a delta would save little. */
export const WHOLE_WHEN_CHANGED_SHARE = 0.5;

/**
 * A chain of deltas is cut (a whole text stored) at this depth, so reading any revision applies
 * at most this many splices to one whole text.
 */
export const MAX_DELTA_DEPTH = 50;

/** Whether `splice` of a text of `length` characters is worth storing instead of the whole text. */
export function worthADelta(splice: Splice, length: number, baseDepth: number): boolean {
  return baseDepth + 1 < MAX_DELTA_DEPTH && splice.insert.length <= length * WHOLE_WHEN_CHANGED_SHARE;
}
