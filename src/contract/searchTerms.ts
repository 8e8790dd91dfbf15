/**
 * The words of an article search (`q`), read as the server's search reads them: PostgreSQL's
 * web-search syntax (`websearch_to_tsquery('simple', q)`, server/db/searchSql.ts). The server
 * marks them in a result's snippet (server/articles/snippet.ts) and the console in what a card
 * or a row shows as it is (src/components/articles/highlight.ts), so both mark the same words.
 * Needs no zod; re-exported by `./index`.
 *
 * - `"two words"` is a phrase: its words are matched (and marked) each.
 * - `-word` and `-"a phrase"` leave articles out: their words are never matched, so not marked.
 *   A `-` counts at the start of a word only (`tomato-soup` is one word).
 * - `or` between two words is the operator; anywhere else (`or more`, `this or`, in quotes) it
 *   is a word.
 * - `!`, `&`, `|`, `(`, `)` and `<` are ignored; any other punctuation separates words, except
 *   what PostgreSQL's parser keeps whole: `tomato-soup` (and its parts, `tomato` and `soup`),
 *   `example.com`, `v1.2`, `name@example.com`, `docs/guide` (its other kinds, such as URLs
 *   and signed numbers, nearly so). Underscores stay in a word: PostgreSQL finds `foo_bar` as
 *   two words side by side, and `foo_bar` is marked where it is written so.
 * - Case is ignored: the words are lowercase.
 */

/** Characters the web-search syntax skips where a word could start (they never make a word). */
const OPERATOR = /[!&|()<]/;

/** The end of a word of the syntax: a space, an operator or a quote. */
const WORD_END = /[\s!&|()<"]/;

/**
 * A word as the text-search parser reads one: letters, digits and underscores, or several such
 * joined by `-`, `.`, `/` or `@` (a hyphenated word, a host, a version, an address, a path).
 */
const WORD = /[\p{L}\p{N}_]+(?:[-./@][\p{L}\p{N}_]+)*/gu;

/** Letters and digits: `or` followed by one is part of a word (`orange`), not the operator. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The words of one word of the syntax (`tomato-soup` → the whole and its parts). */
function wordsOf(text: string): string[] {
  return [...text.matchAll(WORD)].flatMap(([word]) =>
    word.includes('-') && !/[./@]/.test(word) ? [word, ...word.split('-')] : [word],
  );
}

/** Whether the `or` at `at` is the operator: followed by something other than a letter, digit, `-` or `_`, and then by a word. */
function isOrOperator(q: string, at: number): boolean {
  if (q.slice(at, at + 2) !== 'or') return false;
  const next = q[at + 2];
  if (next === undefined || next === '-' || next === '_' || LETTER_OR_DIGIT.test(next)) return false;
  return q.slice(at + 2).trim() !== '';
}

/**
 * The words a search matches and marks, lowercase, each once, in the order they come: those of
 * its words and phrases, without the left-out ones and without the `or` operator.
 */
export function searchWords(q: string): string[] {
  const text = q.toLowerCase();
  const words = new Set<string>();
  /** Inside quotes, and whether the phrase is left out. */
  let phrase: { left: boolean } | undefined;
  /** A word is expected (at the start, after an operator); else an operator (`or`) may come. */
  let wantWord = true;
  /** How many `-` came before the coming word: an odd number leaves it out. */
  let minus = 0;
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (/\s/.test(char)) {
      at++;
    } else if (char === '"') {
      at++;
      if (phrase) {
        phrase = undefined;
        wantWord = false;
      } else if (text.includes('"', at)) {
        phrase = { left: minus % 2 === 1 };
        minus = 0;
        wantWord = true;
      }
      // A quote without its closing one is skipped.
    } else if (!wantWord) {
      // After a word: `or`, or the next word (joined by AND, or within the phrase).
      if (!phrase && isOrOperator(text, at)) at += 2;
      wantWord = true;
    } else if (char === '-') {
      at++;
      if (!phrase) minus++;
    } else if (OPERATOR.test(char)) {
      at++;
    } else {
      let end = at + 1;
      while (end < text.length && !WORD_END.test(text[end]!)) end++;
      const left = phrase ? phrase.left : minus % 2 === 1;
      if (!phrase) minus = 0;
      if (!left) for (const word of wordsOf(text.slice(at, end))) words.add(word);
      at = end;
      wantWord = false;
    }
  }
  return [...words];
}
