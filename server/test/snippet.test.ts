import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../src/components/articles/highlight.ts';
import { searchSnippet } from '../articles/snippet.ts';

const marked = (s: { text: string; ranges: [number, number][] }) => {
  const points = Array.from(s.text);
  return s.ranges.map(([a, b]) => points.slice(a, b).join(''));
};

describe('search snippets', () => {
  it('marks the words of a web search, without left-out words and the `or` operator', () => {
    const text = 'Two words: not this one, that one, and x or y.';
    expect(marked(searchSnippet('"Two words" -not this OR that & x:*', null, text))).toEqual(['Two', 'words', 'this', 'that', 'x']);
    expect(searchSnippet('&|!:*()<>', null, text).ranges).toEqual([]);
  });

  it('marks a hyphenated word whole, and its parts where they stand alone', () => {
    expect(marked(searchSnippet('tomato-soup', null, 'A tomato-soup, then tomato and soup.'))).toEqual(['tomato-soup', 'tomato', 'soup']);
  });

  it('cuts about 160 characters around the first match, at spaces, with every match in it', () => {
    const text = `${'lorem ipsum '.repeat(40)}the Needle here and a needle there ${'dolor sit '.repeat(40)}`;
    const s = searchSnippet('needle', null, text);
    expect(s.text.length).toBeLessThanOrEqual(160);
    expect(s.text.length).toBeGreaterThan(120);
    expect(s.text.startsWith('lorem') || s.text.startsWith('ipsum')).toBe(true);
    expect(marked(s)).toEqual(['Needle', 'needle']);
  });

  it('counts offsets in code points and collapses whitespace', () => {
    const s = searchSnippet('café', null, '😀😀 le\n\n  café   au lait');
    expect(s.text).toBe('😀😀 le café au lait');
    expect(marked(s)).toEqual(['café']);
    expect(s.ranges).toEqual([[6, 10]]);
  });

  it('matches whole words only, then the title, else starts the text with no ranges', () => {
    expect(searchSnippet('tom', 'Tom and Jerry', 'tomatoes grow').ranges).toEqual([[0, 3]]);
    expect(searchSnippet('tom', 'Tom and Jerry', 'tomatoes grow').text).toBe('Tom and Jerry');
    expect(searchSnippet('zzz', 'Title', 'Some text')).toEqual({ text: 'Some text', ranges: [] });
    expect(searchSnippet('zzz', 'Title', '')).toEqual({ text: 'Title', ranges: [] });
  });
});

describe('the snippet and the console mark the same words', () => {
  // Words that are in no other word of the text, so that the console's marks (parts of words
  // too: it marks slugs and addresses as well) and the snippet's (whole words) can be compared.
  const text = 'Sun and rain, then a rain cloud or two; sun again at Example.com with tomato-soup.';
  const queries = [
    'sun or rain',
    'SUN OR Rain',
    'sun -rain',
    '-"rain cloud" sun',
    '"rain cloud"',
    'or two',
    'cloud or',
    'sun, rain! (cloud)',
    'example.com',
    'tomato-soup',
    '"sun -rain" -two',
    'zzz',
  ];

  it.each(queries)('%s', (q) => {
    const snippet = marked(searchSnippet(q, null, text));
    const highlighted = highlightParts(text, q).filter((part) => part.match).map((part) => part.text);
    expect(highlighted).toEqual(snippet);
  });

  it('marks no `or` operator and no left-out word (the comparison is not blind)', () => {
    expect(marked(searchSnippet('sun or rain', null, text))).toEqual(['Sun', 'rain', 'rain', 'sun']);
    expect(marked(searchSnippet('-"rain cloud" sun', null, text))).toEqual(['Sun', 'sun']);
    expect(marked(searchSnippet('cloud or', null, text))).toEqual(['cloud', 'or']);
  });
});
