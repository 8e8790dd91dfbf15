import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

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

  it('treats regular-expression characters as text', () => {
    expect(highlightParts('a.b (c) a+b', 'a+b (c)')).toEqual([
      { text: 'a.b ', match: false },
      { text: '(c)', match: true },
      { text: ' ', match: false },
      { text: 'a+b', match: true },
    ]);
  });

  it('leaves the text whole without a query or without a match', () => {
    expect(highlightParts('hello', '   ')).toEqual([{ text: 'hello', match: false }]);
    expect(highlightParts('hello', 'xyz')).toEqual([{ text: 'hello', match: false }]);
  });
});
