/**
 * What a source's document lists (server/sources/read.ts) for each kind of feed and sitemap, the
 * documents refused (entities, gzip bombs, what is no feed), and the pace of the sources'
 * requests per host (server/sources/polite.ts) on a clock of the test's own.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SOURCE_MAX_FEED_BYTES, sourceMessages } from '../../src/contract/index.ts';
import { ApiError } from '../errors.ts';
import { backoffMs } from '../sources/operations.ts';
import { PoliteFetcher } from '../sources/polite.ts';
import { feedLinks, readSourceDocument } from '../sources/read.ts';

const BASE = 'https://news.example.com/feed';
const read = (text: string | Buffer, type = 'application/xml') => readSourceDocument(Buffer.from(text), BASE, type);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('reading a source', () => {
  it('reads RSS 2.0: ids, links made absolute, titles, dates', () => {
    const doc = read(`<?xml version="1.0"?><rss version="2.0"><channel><title> The  News </title>
      <item><title>One &amp; two</title><link>/a/1</link><guid>g-1</guid><pubDate>Tue, 01 Dec 2026 08:00:00 GMT</pubDate></item>
      <item><title>Permalink only</title><guid isPermaLink="true">https://news.example.com/a/2</guid></item>
      <item><title>Nothing to fetch</title></item></channel></rss>`);
    expect(doc).toEqual({
      type: 'feed',
      title: 'The News',
      entries: [
        { id: 'g-1', url: 'https://news.example.com/a/1', title: 'One & two', date: '2026-12-01T08:00:00.000Z' },
        { id: 'https://news.example.com/a/2', url: 'https://news.example.com/a/2', title: 'Permalink only', date: null },
      ],
    });
  });

  it('reads Atom 1.0, RDF and JSON Feed 1.1', () => {
    expect(
      read(`<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom news</title><id>urn:x</id><updated>2026-12-01T00:00:00Z</updated>
        <entry><title type="text">Entry</title><id>urn:e1</id><link rel="alternate" href="https://news.example.com/e/1"/><updated>2026-12-02T00:00:00Z</updated></entry></feed>`),
    ).toEqual({ type: 'feed', title: 'Atom news', entries: [{ id: 'urn:e1', url: 'https://news.example.com/e/1', title: 'Entry', date: '2026-12-02T00:00:00.000Z' }] });
    const rdf = read(`<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
      <channel rdf:about="https://news.example.com/"><title>RDF news</title><link>https://news.example.com/</link></channel>
      <item rdf:about="https://news.example.com/r/1"><title>R1</title><link>https://news.example.com/r/1</link></item></rdf:RDF>`);
    expect(rdf).toMatchObject({ type: 'feed', title: 'RDF news', entries: [{ url: 'https://news.example.com/r/1', title: 'R1' }] });
    const json = read(
      JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'JSON news', items: [{ id: 'j1', url: 'https://news.example.com/j/1', title: 'J1', date_published: '2026-12-03T10:00:00Z' }] }),
      'application/feed+json',
    );
    expect(json).toEqual({ type: 'feed', title: 'JSON news', entries: [{ id: 'j1', url: 'https://news.example.com/j/1', title: 'J1', date: '2026-12-03T10:00:00.000Z' }] });
  });

  it('reads sitemaps (gzipped too) newest first, and sitemap indexes', () => {
    const urlset = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://news.example.com/old?a=1&amp;b=2</loc><lastmod>2026-01-01</lastmod></url>
      <url><loc>https://news.example.com/undated</loc></url>
      <url><loc>https://news.example.com/new</loc><lastmod>2026-12-01</lastmod></url></urlset>`;
    const expected = {
      type: 'sitemap',
      entries: [
        { id: null, url: 'https://news.example.com/new', title: null, date: '2026-12-01T00:00:00.000Z' },
        { id: null, url: 'https://news.example.com/old?a=1&b=2', title: null, date: '2026-01-01T00:00:00.000Z' },
        { id: null, url: 'https://news.example.com/undated', title: null, date: null },
      ],
    };
    expect(read(urlset)).toEqual(expected);
    expect(read(gzipSync(urlset), 'application/gzip')).toEqual(expected);
    expect(
      read(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://news.example.com/s1.xml</loc></sitemap></sitemapindex>`),
    ).toEqual({ type: 'sitemapindex', sitemaps: [{ url: 'https://news.example.com/s1.xml', date: null }] });
  });

  it("finds a page's feeds in its link elements", () => {
    const html = `<!doctype html><html><head><base href="https://news.example.com/section/">
      <link rel="alternate" type="application/rss+xml" href="rss.xml"><link rel="alternate stylesheet" href="x.css">
      <link rel="Alternate" type="application/feed+json" href="/feed.json"><link rel="alternate" type="text/html" href="/en"></head><body></body></html>`;
    expect(read(html, 'text/html')).toEqual({ type: 'page', feeds: ['https://news.example.com/section/rss.xml', 'https://news.example.com/feed.json'] });
    expect(feedLinks('<html><head></head><body>none</body></html>', BASE)).toEqual([]);
  });

  it('refuses entities (a billion laughs, an external entity), gzip bombs and what is no feed', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><rss version="2.0"><channel><title>&lol2;</title></channel></rss>`;
    expect(refusal(() => read(laughs))).toEqual({ code: 'no_feed_found', message: sourceMessages.entitiesRefused });
    const external = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&xxe;</title></channel></rss>`;
    expect(refusal(() => read(external))).toEqual({ code: 'no_feed_found', message: sourceMessages.entitiesRefused });
    // 64 MB of zeros in about 64 KB: stopped at the cap, decoded.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(SOURCE_MAX_FEED_BYTES / 100);
    expect(refusal(() => read(bomb, 'application/gzip'))).toMatchObject({ code: 'page_too_large' });
    expect(refusal(() => read('just words', 'text/plain'))).toEqual({ code: 'no_feed_found', message: sourceMessages.notAFeed });
    expect(refusal(() => read('{"version": "not a feed"}', 'application/json'))).toEqual({ code: 'no_feed_found', message: sourceMessages.notAFeed });
  });

  it('reads a sitemap of 100,000 addresses', () => {
    const urls = Array.from({ length: 100_000 }, (_, i) => `<url><loc>https://news.example.com/p/${i}</loc></url>`).join('');
    const doc = read(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
    expect(doc.type === 'sitemap' && doc.entries.length).toBe(100_000);
  });
});

describe('the pace of the sources', () => {
  it('makes one request at a time per host, at least the pace apart, and other hosts need not wait', async () => {
    let now = 0;
    const slept: number[] = [];
    const polite = new PoliteFetcher({
      fetch: {},
      paceMs: 1_000,
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    });
    const order: string[] = [];
    const work = (name: string, takes: number) => async () => {
      order.push(`${name} at ${now}`);
      now += takes;
    };
    await Promise.all([
      polite.inTurn('https://a.example/1', work('a1', 200)),
      polite.inTurn('https://a.example/2', work('a2', 50)),
      polite.inTurn('https://b.example/1', work('b1', 0)),
    ]);
    // a2 waits for a1's end plus the pace; b1 does not wait for a.example.
    expect(order).toEqual(['a1 at 0', 'b1 at 200', 'a2 at 1200']);
    expect(slept).toEqual([1_000]);
  });

  it('backs off doubling from 5 minutes up to a day, or longer when the site asks', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n) / 60_000)).toEqual([5, 10, 20, 40]);
    expect(backoffMs(20)).toBe(24 * 60 * 60_000);
    expect(backoffMs(1, 60 * 60_000)).toBe(60 * 60_000);
    expect(backoffMs(1, 7 * 24 * 60 * 60_000)).toBe(24 * 60 * 60_000);
  });
});
