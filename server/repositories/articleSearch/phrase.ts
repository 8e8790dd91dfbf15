/**
 * A search's phrases as word pairs. PostgreSQL checks a phrase ("to like": `'to' <-> 'like'`) by
 * the positions of its words in each article that holds them all, which for common words is
 * nearly every article. The articles' adjacent word pairs are indexed (article_word_pairs, one
 * lexeme "to like" per pair), so a phrase is found through its pairs in the index as a word is.
 *
 * phrasePairs reads the text form of `websearch_to_tsquery('simple', q)` and, when the search
 * is words and phrases joined by AND (no `or`, no `-`), says what to ask of the pair index and
 * of the word index instead.
 */

export interface PhrasePairs {
  /** A tsquery of the phrases' adjacent pairs (`'to like' & 'like this'`), for the pair index. */
  pairs: string;
  /** A tsquery of the search's single words (`'recipes'`), for the word index; undefined without any. */
  words?: string;
  /**
   * Whether the pairs may hold where the phrase does not: a phrase of three words or more has
   * its pairs in the article but maybe not one after the other. Then the phrase itself is
   * checked too, on the articles that hold its pairs.
   */
  loose: boolean;
}

/** A tsquery's lexemes (quoted, with their escapes kept) and operators, or undefined on anything else. */
function tokens(tsquery: string): string[] | undefined {
  const out: string[] = [];
  const token = /\s*('(?:[^'\\]|''|\\.)*'|<->|&)/y;
  let at = 0;
  while (at < tsquery.trimEnd().length) {
    token.lastIndex = at;
    const match = token.exec(tsquery);
    if (!match) return undefined;
    out.push(match[1]!);
    at = token.lastIndex;
  }
  return out;
}

/**
 * The pairs of a search whose tsquery text (`websearch_to_tsquery`'s output) is words and
 * phrases joined by `&`, with at least one phrase; undefined for any other search (it is
 * searched as it is).
 */
export function phrasePairs(tsquery: string): PhrasePairs | undefined {
  const list = tokens(tsquery);
  if (!list?.length) return undefined;
  const chains: string[][] = [[]];
  for (const [i, t] of list.entries()) {
    const lexeme = t.startsWith("'");
    // Lexemes and operators alternate, a lexeme first and last.
    if (lexeme !== (i % 2 === 0)) return undefined;
    if (t === '&') chains.push([]);
    else if (lexeme) chains.at(-1)!.push(t.slice(1, -1));
  }
  if (list.length % 2 === 0) return undefined;
  const phrases = chains.filter((chain) => chain.length > 1);
  if (!phrases.length) return undefined;
  const pairs = [...new Set(phrases.flatMap((chain) => chain.slice(1).map((word, i) => `'${chain[i]} ${word}'`)))];
  const words = chains.filter((chain) => chain.length === 1).map(([word]) => `'${word}'`);
  return {
    pairs: pairs.join(' & '),
    ...(words.length ? { words: words.join(' & ') } : {}),
    loose: phrases.some((chain) => chain.length > 2),
  };
}
