/**
 * A search result's snippet, cut in JavaScript from the head of the raw text (the repository
 * reads SNIPPET_SOURCE_CHARS of it): ts_headline would parse each body again per card, which
 * costs more than the search itself on a page of 50 long texts.
 */
import { searchWords, SNIPPET_CHARS, type SearchSnippet } from '../../src/contract/index.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Code points in `text` before UTF-16 index `index`. */
function codePoints(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff && i > from && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) continue;
    n++;
  }
  return n;
}

/** Moves `index` off the middle of a surrogate pair (to its start). */
const onCodePoint = (text: string, index: number) =>
  index > 0 && (text.charCodeAt(index) & 0xfc00) === 0xdc00 && (text.charCodeAt(index - 1) & 0xfc00) === 0xd800
    ? index - 1
    : index;

/**
 * About SNIPPET_CHARS characters of `text` around its first whole-word match of `words`, cut at
 * spaces where there are some nearby, with the matches in it as code-point ranges; undefined
 * when `text` has no match.
 */
function windowAround(text: string, pattern: RegExp): SearchSnippet | undefined {
  pattern.lastIndex = 0;
  const first = pattern.exec(text);
  if (!first) return undefined;
  const at = first.index + (first[1]?.length ?? 0);
  let start = Math.max(0, at - Math.floor(SNIPPET_CHARS / 3));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < at) start = space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > at + first[2]!.length) end = space;
  }
  start = onCodePoint(text, start);
  end = onCodePoint(text, end);
  const piece = text.slice(start, end);
  const ranges: [number, number][] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(piece); m; m = pattern.exec(piece)) {
    const from = m.index + (m[1]?.length ?? 0);
    const to = from + m[2]!.length;
    const s = codePoints(piece, 0, from);
    ranges.push([s, s + codePoints(piece, from, to)]);
  }
  return { text: piece.replace(/\s+/g, ' '), ranges: rangesAfterCollapse(piece, ranges) };
}

/** Whitespace runs become one space in the snippet's text: the ranges move with them. */
function rangesAfterCollapse(piece: string, ranges: [number, number][]): [number, number][] {
  if (!/\s\s|[\t\n\r\f\v]/.test(piece)) return ranges;
  const points = Array.from(piece);
  const map: number[] = [];
  let out = 0;
  for (let i = 0; i < points.length; i++) {
    map.push(out);
    const isSpace = /\s/.test(points[i]!);
    if (!(isSpace && i > 0 && /\s/.test(points[i - 1]!))) out++;
  }
  map.push(out);
  return ranges.map(([s, e]) => [map[s]!, map[e]!]);
}

/**
 * The snippet of a search result: around the first match in the raw text's head, else in the
 * title; without a match there (the search matched the slug, a URL or the text further on), the
 * start of the raw text (or the title) with no ranges.
 */
export function searchSnippet(q: string, title: string | null, textHead: string): SearchSnippet {
  return snippetCutter(q)(title, textHead);
}

/** searchSnippet for each card of a page: the search's words and pattern are read once. */
export function snippetCutter(q: string): (title: string | null, textHead: string) => SearchSnippet {
  // The longer words first: `tomato-soup` is marked whole, not as `tomato` followed by `-soup`.
  const words = searchWords(q).sort((a, b) => b.length - a.length);
  const alternatives = words.map(escapeRegExp).join('|');
  const pattern = words.length ? new RegExp(`(^|[^\\p{L}\\p{N}_])(${alternatives})(?![\\p{L}\\p{N}_])`, 'giu') : undefined;
  return (title, textHead) => cut(pattern, title, textHead);
}

function cut(pattern: RegExp | undefined, title: string | null, textHead: string): SearchSnippet {
  if (pattern) {
    const found = windowAround(textHead, pattern) ?? (title ? windowAround(title, pattern) : undefined);
    if (found) return found;
  }
  const plain = textHead.trim() ? textHead : (title ?? '');
  const piece = plain.slice(0, onCodePoint(plain, Math.min(plain.length, SNIPPET_CHARS)));
  return { text: piece.replace(/\s+/g, ' ').trim(), ranges: [] };
}
