import type { ArticleCard, SearchSnippet } from '../../contract';
import { searchWords } from '../../contract/searchTerms';

/** One run of a text: matched by the search, or not. */
export interface TextPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits `text` into runs where the words of `query` occur, ignoring case (the server's search
 * is case-insensitive too). The words are those the search matches, as the server's snippets
 * mark them (searchWords: no `or` operator, no left-out `-word`, a phrase's words each). Longer
 * words are tried first, so "tom tomato" marks "tomato" whole.
 */
export function highlightParts(text: string, query: string): TextPart[] {
  const terms = searchWords(query);
  if (terms.length === 0 || text === '') return [{ text, match: false }];
  terms.sort((a, b) => b.length - a.length);
  // With one capturing group, `split` puts the matches at the odd indices.
  const pieces = text.split(new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi'));
  return pieces.map((piece, i) => ({ text: piece, match: i % 2 === 1 })).filter((part) => part.text !== '');
}

/**
 * Splits a search snippet into runs at its ranges. The server counts the ranges in code points
 * (most emoji are one), not in UTF-16 units as JavaScript strings index, so the text is walked as
 * code points. Ranges overlapping an earlier one or running past the end are cut to fit (and
 * left out when nothing remains), so a malformed answer still shows the whole text once.
 */
export function snippetParts(text: string, ranges: readonly (readonly [number, number])[]): TextPart[] {
  const points = Array.from(text);
  const parts: TextPart[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    const from = Math.max(start, at);
    const to = Math.min(end, points.length);
    if (from >= to) continue;
    if (from > at) parts.push({ text: points.slice(at, from).join(''), match: false });
    const marked = points.slice(from, to).join('');
    const last = parts.at(-1);
    // A range that continues the previous one makes one mark, not two side by side.
    if (last?.match) last.text += marked;
    else parts.push({ text: marked, match: true });
    at = to;
  }
  if (at < points.length || parts.length === 0) parts.push({ text: points.slice(at).join(''), match: false });
  return parts;
}

/** How much of a snippet's start and end is compared with the preview to place it. */
const EDGE_CHARS = 40;

/**
 * Where a search snippet sits in the raw text, judged from the card's preview (the text's first
 * 150 characters, `cut` when there is more): it starts inside the text unless the preview starts
 * with it, and ends before the end unless the whole text ends with it. Each such side is shown
 * with '...', as a cut preview is.
 */
export function snippetCuts(snippet: string, preview: string, cut: boolean): { before: boolean; after: boolean } {
  // The server collapses whitespace runs in snippets; the preview keeps them.
  const flat = preview.replace(/\s+/g, ' ');
  return {
    before: !flat.startsWith(snippet.slice(0, EDGE_CHARS)),
    after: cut || !flat.endsWith(snippet.slice(-EDGE_CHARS)),
  };
}

/**
 * The snippet a card shows in place of its raw-text preview: the server's, unless it is a window
 * of the title (the server falls back to the title when the raw text's head has no match), which
 * the card shows above already.
 */
export function rawTextSnippet(card: Pick<ArticleCard, 'title' | 'snippet'>): SearchSnippet | null {
  const { snippet, title } = card;
  if (!snippet) return null;
  const fromTitle = snippet.ranges.length > 0 && !!title && title.replace(/\s+/g, ' ').includes(snippet.text);
  return fromTitle ? null : snippet;
}
