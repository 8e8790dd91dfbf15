import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isForbiddenAddress } from '../scrape/safe-fetch.ts';
import { auth, backends, openHarness, type Harness } from './helpers.ts';

// Scraping starts worker threads (jsdom and the extractor load in each): give it time on a busy CI.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const ARTICLE = `<!doctype html><html><head><meta charset="utf-8"><title>Déjà Vu: A Story</title>
<script>window.bad = 1</script></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Déjà Vu: A Story</h1>
<p>The first paragraph of a long article about memory, with enough words to look readable to the extractor.
It goes on and on about how memory works, and why some moments feel familiar.</p>
<p>A second paragraph <img src="x.png" onerror="alert(1)"> with <a href="javascript:alert(2)">a bad link</a> and
<a href="https://example.com/ok">a good link</a>. More text follows to make the article clearly the main content.</p>
<script>alert(3)</script>
<p>A third paragraph closes the story, again with plenty of words so that the readability score is high enough.</p>
</article><footer>© Someone</footer></body></html>`;

/** A small web server on 127.0.0.1 standing in for the sites being scraped. */
function startSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const send = (status: number, type: string, body: string | Buffer, headers = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    switch (req.url) {
      case '/article':
        return send(200, 'text/html; charset=utf-8', ARTICLE);
      case '/gzip':
        return send(200, 'text/html', zlib.gzipSync(ARTICLE), { 'content-encoding': 'gzip' });
      case '/redirect':
        return send(302, 'text/plain', '', { location: '/article' });
      case '/redirect-private':
        return send(302, 'text/plain', '', { location: 'http://169.254.169.254/latest/meta-data/' });
      case '/redirect-loopback6':
        return send(301, 'text/plain', '', { location: 'http://[::1]/' });
      case '/redirect-file':
        return send(302, 'text/plain', '', { location: 'file:///etc/passwd' });
      case '/loop':
        return send(302, 'text/plain', '', { location: '/loop' });
      case '/big':
        return send(200, 'text/html', `<html><body><p>${'a'.repeat(6 * 1024 * 1024)}</p></body></html>`);
      case '/bomb':
        return send(200, 'text/html', zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x61)), { 'content-encoding': 'gzip' });
      case '/json':
        return send(200, 'application/json', '{"a":1}');
      case '/empty':
        return send(200, 'text/html', '<html><body></body></html>');
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><body>');
        return; // never ends
      default:
        return send(404, 'text/plain', 'not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe('scraper address checks', () => {
  it.each([
    '127.0.0.1', '127.1.2.3', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe', 'ff02::1', 'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::6810:85e5', '64:ff9b::808:808'])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe.each(backends)('scrape ($name)', (backend) => {
  let h: Harness;
  let token: string;
  let site: Awaited<ReturnType<typeof startSite>>;
  /** The same app, told that 127.0.0.1 may be scraped (as an operator could for an intranet). */
  let local: FastifyInstance;
  /** The same, with a shorter time cap than the 10 s default, to see it hit. */
  let impatient: FastifyInstance;
  beforeAll(async () => {
    site = await startSite();
    h = await openHarness(backend);
    local = await h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'] } });
    impatient = await h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'], timeoutMs: 300 } });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await site?.close();
  });
  beforeEach(async () => {
    token = await h.reset();
  });

  const scrape = (url: unknown, app: FastifyInstance = local, force?: boolean) =>
    app.inject({ method: 'POST', url: '/api/articles/scrape', headers: auth(token), payload: { url, force } as object });
  const articleCount = async () =>
    Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM articles')).rows[0]!.n);

  it('extracts the readable article into a draft with sanitised HTML and a free slug', async () => {
    const res = await scrape(`${site.url}/article`);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ status: 'draft', slug: 'deja-vu-a-story', scrapedUrl: `${site.url}/article`, newUrl: null });
    expect(data.scrappedData).toContain('The first paragraph of a long article about memory');
    expect(data.scrappedData).toContain('A third paragraph closes the story');
    expect(data.scrappedData).not.toContain('Home');
    expect(data.blogData).toContain('<h1>Déjà Vu: A Story</h1>');
    expect(data.blogData).toContain('href="https://example.com/ok"');
    for (const bad of ['<script', 'onerror', 'javascript:', 'alert(']) expect(data.blogData).not.toContain(bad);
    // The same page is not scraped twice unless asked; asked, it gets the next free slug.
    const again = await scrape(`${site.url}/article`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This page was already scraped.', code: 'already_scraped', articleId: data.id });
    expect(await articleCount()).toBe(1);
    expect((await scrape(`${site.url}/article`, local, true)).json().data.slug).toBe('deja-vu-a-story-2');
    const kinds = (await local.inject({ url: '/api/activity', headers: auth(token) })).json().data;
    expect(kinds.map((a: { kind: string }) => a.kind)).toEqual(['article.created', 'article.created']);
  });

  it('follows redirects and decodes gzip', async () => {
    expect((await scrape(`${site.url}/redirect`)).statusCode).toBe(201);
    expect((await scrape(`${site.url}/gzip`)).json().data.slug).toBe('deja-vu-a-story-2');
  });

  it.each([
    ['loopback by IP', 'http://127.0.0.1:9/'],
    ['loopback by name', 'http://localhost:9/'],
    ['IPv6 loopback', 'http://[::1]:9/'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]:9/'],
    ['a private network', 'http://10.0.0.1/'],
    ['cloud metadata (link-local)', 'http://169.254.169.254/latest/meta-data/'],
    ['a decimal-encoded loopback', 'http://2130706433/'],
  ])('refuses %s with 400, without connecting', async (_label, url) => {
    const res = await scrape(url, h.app);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('url_not_allowed');
    expect(await articleCount()).toBe(0);
  });

  it.each([
    ['a private address', '/redirect-private'],
    ['IPv6 loopback', '/redirect-loopback6'],
    ['a file: URL', '/redirect-file'],
  ])('refuses a redirect to %s', async (_label, path) => {
    const res = await scrape(`${site.url}${path}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('url_not_allowed');
    expect(await articleCount()).toBe(0);
  });

  it.each([
    ['ftp', 'ftp://example.com/file'],
    ['file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['not a URL', 'just words'],
  ])('refuses a %s URL with 400', async (_label, url) => {
    const res = await scrape(url, h.app);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_url');
  });

  it.each([
    ['a missing url', {}],
    ['a wrong type', { url: 42 }],
    ['unknown fields', { url: 'https://example.com', follow: true }],
  ])('refuses %s with 400', async (_label, payload) => {
    const res = await local.inject({ method: 'POST', url: '/api/articles/scrape', headers: auth(token), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it.each([
    ['a page over 5 MB', '/big', 422, 'page_too_large'],
    ['a compressed page over 5 MB once decoded', '/bomb', 422, 'page_too_large'],
    ['a page that is not HTML', '/json', 422, 'not_html'],
    ['a page without an article', '/empty', 422, 'no_article'],
    ['a 404', '/missing', 502, 'fetch_failed'],
    ['a redirect loop', '/loop', 502, 'fetch_failed'],
  ])('answers %s (%s) with %i %s and stores nothing', async (_label, path, status, code) => {
    const res = await scrape(`${site.url}${path}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await articleCount()).toBe(0);
  });

  it('gives up on a page slower than the time cap with 504', async () => {
    const res = await scrape(`${site.url}/slow`, impatient);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ message: 'The page took too long to answer (more than 0.3 s)', code: 'fetch_timeout' });
    expect(await articleCount()).toBe(0);
  });
});
