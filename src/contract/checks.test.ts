// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { checkArticle, checkTexts, countWords, imageSeconds } from './checks';

const parse = (html: string) => new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
const at = new Date('2026-06-15T10:00:00Z');

describe('the checks before publishing', () => {
  it('counts words as runs of letters or digits, keeping hyphenated and elided words whole', () => {
    expect(countWords("Don't re-use the 3 tomatoes — ever.")).toBe(6);
    expect(countWords('  ')).toBe(0);
    expect(countWords('Crème brûlée, 東京')).toBe(3);
  });

  it('adds 12 s for the first image, one less for each next, 3 s from the tenth on', () => {
    expect(imageSeconds(0)).toBe(0);
    expect(imageSeconds(2)).toBe(23);
    expect(imageSeconds(12)).toBe(12 + 11 + 10 + 9 + 8 + 7 + 6 + 5 + 4 + 3 + 3 + 3);
  });

  it('fails a missing title, each image without alt (alt="" is decoration), and each skipped heading level', () => {
    const checks = checkArticle(parse('<h3>Intro</h3><h5>Too deep</h5><h2>Back</h2><h3>Fine</h3><img src="x.png"><img src="y.png" alt="">'), '  ', at);
    expect(checks.items).toEqual([
      { kind: 'title', ok: false, target: '', detail: checkTexts.titleMissing },
      { kind: 'alt', ok: false, target: 'x.png', detail: checkTexts.altMissing },
      { kind: 'headings', ok: false, target: 'Too deep', detail: checkTexts.headingSkipped(3, 5) },
    ]);
    expect(checks.checkedAt).toBe(at.toISOString());
  });

  it('counts the words of each block apart: a heading and the paragraph after it are two words', () => {
    expect(checkArticle(parse('<h2>Start</h2><p>here</p>'), 'Title', at).wordCount).toBe(2);
  });

  it('reads an empty HTML as nothing to read', () => {
    expect(checkArticle(parse(''), 'Title', at)).toMatchObject({ wordCount: 0, readingMinutes: 0 });
  });
});
