import { describe, expect, it } from 'vitest';
import { changeCounts, textOfHtml, wordDiff } from './wordDiff';

describe('wordDiff', () => {
  it('marks the words removed and added, the rest shared', () => {
    const { granularity, parts } = wordDiff('The quick brown fox', 'The slow brown fox jumps');
    expect(granularity).toBe('words');
    expect(parts.filter((p) => p.kind !== 'added').map((p) => p.text).join('')).toBe('The quick brown fox');
    expect(parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe('The slow brown fox jumps');
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text)).toEqual(['quick']);
    expect(changeCounts(parts)).toEqual({ removed: 1, added: 2 });
  });

  it('answers one shared part for equal texts, none for two empty ones', () => {
    expect(wordDiff('same', 'same').parts).toEqual([{ kind: 'same', text: 'same' }]);
    expect(wordDiff('', '').parts).toEqual([]);
  });

  it('falls back to lines, then to none, when the word diff runs out of time', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ');
    const b = Array.from({ length: 3000 }, (_, i) => `v${i}`).join(' ');
    const result = wordDiff(a, b, 0);
    expect(result.granularity).not.toBe('words');
    expect(result.parts.filter((p) => p.kind !== 'added').map((p) => p.text).join('')).toBe(a);
    expect(result.parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe(b);
  });
});

describe('textOfHtml', () => {
  it('keeps the text of an HTML body, a block a paragraph', () => {
    expect(textOfHtml('<h1>Title</h1><p>One &amp; <b>two</b></p><script>x()</script><ul><li>a</li><li>b</li></ul>')).toBe(
      'Title\n\nOne & two\n\na\n\nb',
    );
  });
});
