/**
 * Where a comment's passage is in an article: a text-quote selector (the W3C Web Annotation
 * model's `TextQuoteSelector`: the exact text, with a little of what came before and after),
 * found again in the article's text after edits, or not at all (the comment is then detached).
 * Never on the wrong passage: an exact quote that is there once, or several times with one
 * occurrence whose context agrees best, is found; a short quote whose context no longer agrees at
 * all, or a tie, is not. Without zod: the server and the console share it.
 */

/** What a passage is found by: the quote, and up to CONTEXT_CHARS characters on each side. */
export interface TextQuote {
  quote: string;
  prefix?: string;
  suffix?: string;
}

/** How many characters of context a comment keeps on each side of its quote. */
export const CONTEXT_CHARS = 32;
/** A quote at least this long, found once, is taken as the passage even when its context changed. */
export const SELF_EVIDENT_QUOTE = 24;
/** Otherwise, how many characters of its context must still agree (all of it when it had fewer). */
export const MIN_AGREEMENT = 8;

/** Tags that start or end a block of text (a space between their words), as a reader sees the page; other tags (em, a, span…) join words. */
const BLOCK_TAG =
  /<\/?(address|article|aside|blockquote|br|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|img|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)\b[^>]*>/gi;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Spaces of any kind as one space, trimmed: text as a reader selects it. */
export const normalSpace = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The text of an article's blog HTML, as comments quote it: tags and comments out (a space where
 * a block starts or ends, nothing for an inline tag: `<strong>sun</strong>,` reads 'sun,'),
 * entities read, spaces made one. The same on the server and in the browser.
 */
export function textOfHtml(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  return normalSpace(text);
}

/** Every start of `quote` in `text`. */
function occurrences(text: string, quote: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) found.push(at);
  return found;
}

/** How many characters agree: the prefix's end with what precedes `start`, the suffix's start with what follows `end`. */
function agreement(text: string, start: number, end: number, { prefix = '', suffix = '' }: TextQuote): number {
  let before = 0;
  while (before < prefix.length && start - before - 1 >= 0 && text[start - before - 1] === prefix[prefix.length - before - 1]) before++;
  let after = 0;
  while (after < suffix.length && end + after < text.length && text[end + after] === suffix[after]) after++;
  return before + after;
}

/** The passage in `text` ([start, end)), or null: detached. */
export function locateQuote(text: string, selector: TextQuote): { start: number; end: number } | null {
  const quote = normalSpace(selector.quote);
  if (!quote) return null;
  const starts = occurrences(text, quote);
  if (!starts.length) return null;
  const scored = starts.map((start) => ({ start, score: agreement(text, start, start + quote.length, selector) }));
  const best = Math.max(...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  // Two passages agree equally: which one was meant cannot be told.
  if (top.length > 1) return null;
  const chosen = top[0]!;
  // Words that stand more than once, or a short quote, are the passage only with enough of their
  // context as it was (a space or a letter in common is chance).
  const context = (selector.prefix?.length ?? 0) + (selector.suffix?.length ?? 0);
  const enough = Math.min(MIN_AGREEMENT, context);
  if (context > 0 && chosen.score < enough && (starts.length > 1 || quote.length < SELF_EVIDENT_QUOTE)) return null;
  return { start: chosen.start, end: chosen.start + quote.length };
}

/** The selector of a passage found in `text`: the quote with CONTEXT_CHARS characters of context each side. */
export function quoteAt(text: string, start: number, end: number): TextQuote {
  const prefix = text.slice(Math.max(0, start - CONTEXT_CHARS), start);
  const suffix = text.slice(end, end + CONTEXT_CHARS);
  return { quote: text.slice(start, end), ...(prefix ? { prefix } : {}), ...(suffix ? { suffix } : {}) };
}
