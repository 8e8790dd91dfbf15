/** One run of a text: matched by the search, or not. */
export interface TextPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits `text` into runs where the words of `query` occur, ignoring case (the server's search
 * is case-insensitive too). Longer words are tried first, so "tom tomato" marks "tomato" whole.
 */
export function highlightParts(text: string, query: string): TextPart[] {
  const terms = [...new Set(query.trim().toLowerCase().split(/\s+/).filter(Boolean))];
  if (terms.length === 0 || text === '') return [{ text, match: false }];
  terms.sort((a, b) => b.length - a.length);
  // With one capturing group, `split` puts the matches at the odd indices.
  const pieces = text.split(new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi'));
  return pieces.map((piece, i) => ({ text: piece, match: i % 2 === 1 })).filter((part) => part.text !== '');
}
