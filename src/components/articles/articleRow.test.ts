import { describe, expect, it } from 'vitest';
import { articleRowTitle, sourceSite } from './articleRow';

describe('articleRowTitle', () => {
  it("is the article's title, else the card's name with the short id", () => {
    expect(articleRowTitle({ id: 'art_0123456789ABCDEF', title: 'Growing tomatoes' })).toBe('Growing tomatoes');
    expect(articleRowTitle({ id: 'art_0123456789ABCDEF', title: null })).toBe('Article #89ABCDEF');
    // Another server's card without the field.
    expect(articleRowTitle({ id: 'art_0123456789ABCDEF' })).toBe('Article #89ABCDEF');
  });
});

describe('sourceSite', () => {
  it('is the host of the scraped address, port included', () => {
    expect(sourceSite('https://garden.example.com/guides/a?b=1')).toBe('garden.example.com');
    expect(sourceSite('http://127.0.0.1:8080/page')).toBe('127.0.0.1:8080');
  });

  it('is null without an address or with one that does not parse', () => {
    expect(sourceSite(null)).toBeNull();
    expect(sourceSite('not a url')).toBeNull();
  });
});
