import { describe, expect, it } from 'vitest';
import { highlightParts, rawTextSnippet, snippetCuts, snippetParts } from './highlight';

describe('highlightParts', () => {
  it('marks every occurrence, ignoring case, and keeps the text as written', () => {
    expect(highlightParts('Tomatoes and more TOMATOES', 'tomato')).toEqual([
      { text: 'Tomato', match: true },
      { text: 'es and more ', match: false },
      { text: 'TOMATO', match: true },
      { text: 'ES', match: false },
    ]);
  });

  it('marks each word of the query, the longer one first', () => {
    expect(highlightParts('grow tomatoes', 'tom  tomatoes')).toEqual([
      { text: 'grow ', match: false },
      { text: 'tomatoes', match: true },
    ]);
  });

  it('marks the words the search matches: not `or` between words, not a left-out `-word`, a phrase word by word', () => {
    expect(highlightParts('Sun or rain', 'sun or rain')).toEqual([
      { text: 'Sun', match: true },
      { text: ' or ', match: false },
      { text: 'rain', match: true },
    ]);
    expect(highlightParts('Sun and rain', 'sun -rain')).toEqual([
      { text: 'Sun', match: true },
      { text: ' and rain', match: false },
    ]);
    expect(highlightParts('Rain, then sun', '"then sun"')).toEqual([
      { text: 'Rain, ', match: false },
      { text: 'then', match: true },
      { text: ' ', match: false },
      { text: 'sun', match: true },
    ]);
    expect(highlightParts('Sun or more', 'or more')).toEqual([
      { text: 'Sun ', match: false },
      { text: 'or', match: true },
      { text: ' ', match: false },
      { text: 'more', match: true },
    ]);
  });

  it('marks words, not the punctuation between them, and keeps hosts whole', () => {
    expect(highlightParts('a.b (c) a+b', 'a+b (c)')).toEqual([
      { text: 'a', match: true },
      { text: '.', match: false },
      { text: 'b', match: true },
      { text: ' (', match: false },
      { text: 'c', match: true },
      { text: ') ', match: false },
      { text: 'a', match: true },
      { text: '+', match: false },
      { text: 'b', match: true },
    ]);
    expect(highlightParts('https://www.example.com/a', 'example.com')).toEqual([
      { text: 'https://www.', match: false },
      { text: 'example.com', match: true },
      { text: '/a', match: false },
    ]);
  });

  it('leaves the text whole without a query or without a match', () => {
    expect(highlightParts('hello', '   ')).toEqual([{ text: 'hello', match: false }]);
    expect(highlightParts('hello', 'xyz')).toEqual([{ text: 'hello', match: false }]);
  });
});

describe('snippetParts', () => {
  it('reads the ranges as code points: an emoji before the match counts as one', () => {
    // '🍅' is two UTF-16 units: indexing the string directly would mark ' su' instead.
    expect(snippetParts('🍅 Tomatoes love sun', [[16, 19]])).toEqual([
      { text: '🍅 Tomatoes love ', match: false },
      { text: 'sun', match: true },
    ]);
    // A family of code points joined into one glyph still counts each of them.
    expect(snippetParts('👩‍🌾 grows 🌶 peppers', [[4, 9], [12, 19]])).toEqual([
      { text: '👩‍🌾 ', match: false },
      { text: 'grows', match: true },
      { text: ' 🌶 ', match: false },
      { text: 'peppers', match: true },
    ]);
  });

  it('marks a match at either end and several in a row', () => {
    expect(snippetParts('sun and sun', [[0, 3], [8, 11]])).toEqual([
      { text: 'sun', match: true },
      { text: ' and ', match: false },
      { text: 'sun', match: true },
    ]);
  });

  it('keeps the whole text when the ranges are empty, overlap or run past the end', () => {
    expect(snippetParts('no match here', [])).toEqual([{ text: 'no match here', match: false }]);
    expect(snippetParts('abcdef', [[1, 3], [2, 4], [5, 99]])).toEqual([
      { text: 'a', match: false },
      { text: 'bcd', match: true },
      { text: 'e', match: false },
      { text: 'f', match: true },
    ]);
    expect(snippetParts('abc', [[2, 3], [0, 1]])).toEqual([
      { text: 'ab', match: false },
      { text: 'c', match: true },
    ]);
    expect(snippetParts('', [])).toEqual([{ text: '', match: false }]);
  });
});

describe('snippetCuts', () => {
  const text = 'Tomatoes need sun.\n\nGive them eight hours of direct light and water them every morning.';

  it('a snippet from the start of a short text is whole', () => {
    expect(snippetCuts(text.replace(/\s+/g, ' '), text, false)).toEqual({ before: false, after: false });
  });

  it('a snippet from the middle starts inside the text; one from a longer text ends before its end', () => {
    expect(snippetCuts('eight hours of direct light and water them every morning.', text, false)).toEqual({
      before: true,
      after: false,
    });
    expect(snippetCuts('Tomatoes need sun. Give them eight hours', text, true)).toEqual({ before: false, after: true });
    expect(snippetCuts('Give them eight hours', text, false)).toEqual({ before: true, after: true });
  });
});

describe('rawTextSnippet', () => {
  const snippet = { text: 'Tomatoes need sun and water.', ranges: [[14, 17]] as [number, number][] };

  it("is the server's snippet of the raw text", () => {
    expect(rawTextSnippet({ title: 'Growing tomatoes', snippet })).toBe(snippet);
    expect(rawTextSnippet({ title: null, snippet })).toBe(snippet);
  });

  it('is none without a search, or when the snippet is a window of the title', () => {
    expect(rawTextSnippet({ title: 'Growing tomatoes', snippet: null })).toBeNull();
    expect(rawTextSnippet({ title: 'Why  tomatoes need sun', snippet: { text: 'Why tomatoes need sun', ranges: [[18, 21]] } })).toBeNull();
  });
});
