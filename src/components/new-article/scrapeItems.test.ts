import { describe, expect, it } from 'vitest';
import { articleToOpen, countScrapes, outcomeOf, parseUrlList, scrapeRequest, type ScrapeItem } from './scrapeItems';
import { texts } from '../../lib/texts';

const article = {
  id: 'art_1',
  status: 'draft' as const,
  slug: 'big-story',
  blogData: '<p>x</p>',
  scrapedUrl: 'https://news.example.com/big-story',
  newUrl: null,
  scrappedData: 'x',
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
};

describe('parseUrlList', () => {
  it('keeps one http(s) address per line, trimmed, in order, skipping blank lines', () => {
    expect(parseUrlList('  https://a.example/one \n\n\thttp://b.example/two\r\n')).toEqual({
      urls: ['https://a.example/one', 'http://b.example/two'],
      invalid: [],
    });
  });

  it('scrapes the same page once, however it was typed', () => {
    const { urls } = parseUrlList('https://a.example/one\nHTTPS://A.EXAMPLE/one\nhttps://a.example/two\nhttps://a.example/one');
    expect(urls).toEqual(['https://a.example/one', 'https://a.example/two']);
  });

  it('reports every line that is not a web address, with its line number as typed', () => {
    const { invalid } = parseUrlList('https://a.example\nnews.example.com/story\n\nftp://files.example/x\nmailto:me@example.com\nhttps://');
    expect(invalid).toEqual([
      { line: 2, text: 'news.example.com/story' },
      { line: 4, text: 'ftp://files.example/x' },
      { line: 5, text: 'mailto:me@example.com' },
      { line: 6, text: 'https://' },
    ]);
  });
});

describe('outcomeOf', () => {
  it('a created article carries its id, slug, image counts and warnings', () => {
    const warnings = [{ url: 'https://cdn.example/a.tiff', message: 'The image type is not accepted.' }];
    expect(outcomeOf('u', { result: { data: article, warnings, images: { imported: 2, reused: 1 } } })).toEqual({
      url: 'u',
      status: 'created',
      articleId: 'art_1',
      slug: 'big-story',
      images: { imported: 2, reused: 1 },
      warnings,
      // Another server's answer without them: none.
      duplicates: [],
    });
    const duplicates = [{ id: 'art_0', title: 'The same story', similarity: 0.96, reason: 'text' as const }];
    expect(outcomeOf('u', { result: { data: article, warnings: [], images: { imported: 0, reused: 0 }, duplicates } })).toMatchObject({ duplicates });
  });

  it('already_scraped points at the existing article', () => {
    const error = Object.assign(new Error('This page was already scraped.'), { code: 'already_scraped', articleId: 'art_0' });
    expect(outcomeOf('u', { error })).toEqual({
      url: 'u',
      status: 'alreadyScraped',
      articleId: 'art_0',
      message: 'This page was already scraped.',
    });
  });

  it('any other failure keeps the server message', () => {
    const error = Object.assign(new Error('No article found on this page'), { code: 'no_article' });
    expect(outcomeOf('u', { error })).toEqual({ url: 'u', status: 'failed', message: 'No article found on this page' });
    expect(outcomeOf('u', { error: 'boom' })).toEqual({ url: 'u', status: 'failed', message: 'boom' });
  });
});

describe('counts, summary and the article to open', () => {
  const created = { url: 'a', status: 'created', articleId: 'art_1', slug: null, images: { imported: 0, reused: 0 }, warnings: [], duplicates: [] } satisfies ScrapeItem;
  const items: ScrapeItem[] = [
    created,
    { ...created, url: 'b' },
    { ...created, url: 'c' },
    { url: 'd', status: 'alreadyScraped', articleId: 'art_0', message: 'm' },
    { url: 'e', status: 'failed', message: 'm' },
    { url: 'f', status: 'scraping' },
  ];

  it('counts each outcome; only answers are finished', () => {
    expect(countScrapes(items)).toEqual({ created: 3, alreadyScraped: 1, failed: 1, cancelled: 0, finished: 5, total: 6 });
    expect(texts.scrape.summary(countScrapes(items))).toBe('3 created, 1 already scraped, 1 failed');
    expect(texts.scrape.summary({ created: 0, alreadyScraped: 0, failed: 0, cancelled: 2 })).toBe('0 created, 2 cancelled');
  });

  it('opens the article only when one address became an article with nothing to report', () => {
    expect(articleToOpen([created])).toBe('art_1');
    expect(articleToOpen([{ ...created, warnings: [{ url: 'x', message: 'y' }] }])).toBeNull();
    // Looking like a copy is something to report too.
    expect(articleToOpen([{ ...created, duplicates: [{ id: 'art_0', title: 'T', similarity: 0.97, reason: 'text' }] }])).toBeNull();
    expect(articleToOpen([created, created])).toBeNull();
    expect(articleToOpen([items[3]!])).toBeNull();
  });

  it('sends force only when asked', () => {
    expect(scrapeRequest('u', false)).toEqual({ url: 'u' });
    expect(scrapeRequest('u', true)).toEqual({ url: 'u', force: true });
  });

  it('image counts read as a sentence', () => {
    expect(texts.scrape.images(0, 0)).toBe('No images');
    expect(texts.scrape.images(1, 0)).toBe('1 image imported');
    expect(texts.scrape.images(0, 2)).toBe('2 images reused');
    expect(texts.scrape.images(3, 1)).toBe('3 images imported, 1 reused');
  });
});
