/**
 * Text helpers of the contract that need no zod: the console's first screens use them without
 * loading the schemas (src/api/schemas.ts loads those lazily). Re-exported by `./index`.
 */

/** The first `max` code points of `text`, and whether anything was left out. */
export function cutText(text: string, max: number): { text: string; cut: boolean } {
  // A string of at most `max` UTF-16 units has at most `max` code points.
  if (text.length <= max) return { text, cut: false };
  // Without surrogates (nearly all text) units are code points.
  if (!/[\uD800-\uDFFF]/.test(text)) return { text: text.slice(0, max), cut: true };
  let end = 0;
  for (let points = 0; points < max && end < text.length; points++) {
    const unit = text.charCodeAt(end);
    const isPair = unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(end + 1) & 0xfc00) === 0xdc00;
    end += isPair ? 2 : 1;
  }
  return end >= text.length ? { text, cut: false } : { text: text.slice(0, end), cut: true };
}

/**
 * Search counts (article counts with `q`, the file total with `search`) are exact up to this
 * number; a count above it is sent as SEARCH_COUNT_CAP + 1 and reads "more than 1,000", so a
 * broad term costs no more than a narrow one.
 */
export const SEARCH_COUNT_CAP = 1_000;

/** A search count as the console shows it: "1,000+" once it is over the cap. */
export function formatSearchCount(n: number): string {
  return n > SEARCH_COUNT_CAP ? `${SEARCH_COUNT_CAP.toLocaleString('en-US')}+` : String(n);
}
