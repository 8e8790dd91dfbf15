import { describe, expect, it } from 'vitest';
import { searchWords } from './searchTerms';

// Each expectation is what PostgreSQL's websearch_to_tsquery('simple', q) finds, its left-out
// words aside (checked against PostgreSQL 15 when written), but for the underscore.
describe('searchWords', () => {
  it('reads `or` between two words as the operator, and as a word anywhere else', () => {
    expect(searchWords('a or b')).toEqual(['a', 'b']);
    expect(searchWords('tomato OR pepper Or salad')).toEqual(['tomato', 'pepper', 'salad']);
    expect(searchWords('or more')).toEqual(['or', 'more']);
    expect(searchWords('this or')).toEqual(['this', 'or']);
    expect(searchWords('a OR or b')).toEqual(['a', 'or', 'b']);
    expect(searchWords('orange or-juice')).toEqual(['orange', 'or-juice', 'or', 'juice']);
  });

  it('leaves out `-word` and `-"a phrase"`, a `-` counting at the start of a word only', () => {
    expect(searchWords('-word')).toEqual([]);
    expect(searchWords('sun -rain')).toEqual(['sun']);
    expect(searchWords('sun - rain')).toEqual(['sun']);
    expect(searchWords('-"rain cloud" sun')).toEqual(['sun']);
    expect(searchWords('a or -b')).toEqual(['a']);
    expect(searchWords('--sun')).toEqual(['sun']);
    expect(searchWords('tomato-soup')).toEqual(['tomato-soup', 'tomato', 'soup']);
    expect(searchWords('-tomato-soup salad')).toEqual(['salad']);
  });

  it('reads a phrase as its words, `or` and `-` in it as words and nothing', () => {
    expect(searchWords('"a phrase"')).toEqual(['a', 'phrase']);
    expect(searchWords('"a or b"')).toEqual(['a', 'or', 'b']);
    expect(searchWords('"sun -rain"')).toEqual(['sun', 'rain']);
    expect(searchWords('a "b c" d')).toEqual(['a', 'b', 'c', 'd']);
    // A quote without its closing one is skipped.
    expect(searchWords('"unclosed phrase')).toEqual(['unclosed', 'phrase']);
  });

  it('ignores case, and gives each word once', () => {
    expect(searchWords('Tomato TOMATO tomato ÉTÉ')).toEqual(['tomato', 'été']);
  });

  it('splits at punctuation, but keeps hosts, versions, addresses and paths whole', () => {
    expect(searchWords('"Two words" -not this OR that & x:*')).toEqual(['two', 'words', 'this', 'that', 'x']);
    expect(searchWords("a+b (c) don't C++ #tag 10%")).toEqual(['a', 'b', 'c', 'don', 't', 'tag', '10']);
    expect(searchWords('&|!:*()<>')).toEqual([]);
    expect(searchWords('example.com v1.2 3.14 name@example.com docs/guide end.')).toEqual([
      'example.com',
      'v1.2',
      '3.14',
      'name@example.com',
      'docs/guide',
      'end',
    ]);
    expect(searchWords('https://example.com/tomato-soup')).toEqual(['https', 'example.com/tomato-soup']);
    expect(searchWords('naïve 日本語')).toEqual(['naïve', '日本語']);
    // PostgreSQL finds `foo` and `bar` side by side; marked as written.
    expect(searchWords('foo_bar')).toEqual(['foo_bar']);
  });
});
