/**
 * Text helpers of the contract that need no zod: the console's first screens use them without
 * loading the schemas (src/api/schemas.ts loads those lazily). Re-exported by `./index`.
 */

/** The first `max` code points of `text`, and whether anything was left out. */
export function cutText(text: string, max: number): { text: string; cut: boolean } {
  // A string of at most `max` UTF-16 units has at most `max` code points.
  if (text.length <= max) return { text, cut: false };
  let end = 0;
  for (let points = 0; points < max && end < text.length; points++) {
    const unit = text.charCodeAt(end);
    const isPair = unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(end + 1) & 0xfc00) === 0xdc00;
    end += isPair ? 2 : 1;
  }
  return end >= text.length ? { text, cut: false } : { text: text.slice(0, end), cut: true };
}
