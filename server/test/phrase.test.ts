import { describe, expect, it } from 'vitest';
import { phrasePairs } from '../repositories/articleSearch/phrase.ts';

describe('phrasePairs', () => {
  it('turns each phrase into its adjacent pairs, exact for two words', () => {
    expect(phrasePairs("'to' <-> 'like'")).toEqual({ pairs: "'to like'", loose: false });
    expect(phrasePairs("'a' <-> 'b' <-> 'c'")).toEqual({ pairs: "'a b' & 'b c'", loose: true });
  });

  it('keeps single words apart, for the word index', () => {
    expect(phrasePairs("'to' <-> 'like' & 'recipes' & 'bread'")).toEqual({ pairs: "'to like'", words: "'recipes' & 'bread'", loose: false });
    expect(phrasePairs("'x' & 'a' <-> 'b' & 'a' <-> 'b'")).toEqual({ pairs: "'a b'", words: "'x'", loose: false });
  });

  it('keeps quotes, backslashes and hyphenated words as PostgreSQL wrote them', () => {
    expect(phrasePairs("'it''s' <-> 'here'")).toEqual({ pairs: "'it''s here'", loose: false });
    expect(phrasePairs("'a\\\\b' <-> 'c'")).toEqual({ pairs: "'a\\\\b c'", loose: false });
    expect(phrasePairs("'how-to' <-> 'how' <-> 'to' <-> 'bake'")).toEqual({
      pairs: "'how-to how' & 'how to' & 'to bake'",
      loose: true,
    });
  });

  it('leaves every other search as it is', () => {
    for (const tsquery of ['', "'word'", "'a' & 'b'", "'a' <-> 'b' | 'c'", "!( 'a' <-> 'b' )", "'a' <2> 'b'", "'a':* <-> 'b'", "'a' <->", "<-> 'a'", "'a' 'b'"]) {
      expect(phrasePairs(tsquery), tsquery).toBeUndefined();
    }
  });
});
