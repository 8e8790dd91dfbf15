import { describe, expect, it } from 'vitest';
import { searchSnippet, searchWords } from '../articles/snippet.ts';

const marked = (s: { text: string; ranges: [number, number][] }) => {
  const points = Array.from(s.text);
  return s.ranges.map(([a, b]) => points.slice(a, b).join(''));
};

describe('search snippets', () => {
  it('reads the words of a web search, without left-out words and "or"', () => {
    expect(searchWords('"Two words" -not this OR that & x:*')).toEqual(['two', 'words', 'this', 'that', 'x']);
    expect(searchWords('&|!:*()<>')).toEqual([]);
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
