import dns from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors.ts';
import { isForbiddenAddress, safeFetch } from '../shared/safe-fetch.ts';
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

/** What the scraper says when an address (or a name's address) is private. */
const NOT_ALLOWED = 'This address is not allowed: private, loopback and link-local addresses cannot be scraped';
/** A name the tests make resolve to a private address (see the dns.lookup stub below). */
const INTRANET = 'intranet.example';
const ONLY_HTTP = 'Only http and https URLs can be scraped';
const WITH_CREDENTIALS = 'URLs with credentials cannot be scraped';

/**
 * A small web server on 127.0.0.1 standing in for the sites being scraped. `hits` lists the
 * paths asked for, so a test can tell that a refused address was never connected to.
 */
function startSite(): Promise<{ url: string; port: number; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  let port = 0;
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
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
      case '/redirect-gopher':
        return send(302, 'text/plain', '', { location: `gopher://127.0.0.1:${port}/_GET%20/article` });
      case '/redirect-credentials':
        return send(302, 'text/plain', '', { location: `http://user:pass@127.0.0.1:${port}/article` });
      case '/redirect-metadata-hex':
        return send(302, 'text/plain', '', { location: 'http://0xa9fea9fe/latest/meta-data/' });
      case '/redirect-intranet':
        return send(302, 'text/plain', '', { location: `http://${INTRANET}:${port}/article` });
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
      port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        hits,
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
    site.hits.length = 0;
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
    expect(res.json()).toEqual({ message: NOT_ALLOWED, code: 'url_not_allowed' });
    expect(await articleCount()).toBe(0);
  });

  // Other spellings of a private address, which the URL parser turns into the dotted form. Those
  // on 127.0.0.1 name the fixture site's port: were the check missing, it would be scraped (201).
  it.each([
    ['a hex-encoded loopback', 'http://0x7f000001:PORT/article'],
    ['a short-form loopback (127.1)', 'http://127.1:PORT/article'],
    ['an octal-encoded loopback', 'http://0177.0.0.1:PORT/article'],
    ['a decimal-encoded loopback on the site port', 'http://2130706433:PORT/article'],
    ['an IPv4-mapped loopback on the site port', 'http://[::ffff:127.0.0.1]:PORT/article'],
    ['cloud metadata in hex', 'http://0xa9fea9fe/latest/meta-data/'],
    ['cloud metadata as IPv4-mapped IPv6', 'http://[::ffff:169.254.169.254]/latest/meta-data/'],
  ])('refuses %s with 400 url_not_allowed, never connecting, creating nothing', async (_label, raw) => {
    const res = await scrape(raw.replace('PORT', String(site.port)), h.app);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NOT_ALLOWED, code: 'url_not_allowed' });
    expect(site.hits).toEqual([]);
    expect(await articleCount()).toBe(0);
  });

  // Refused by what the URL is, before any look-up: even on a host the operator allowed.
  it.each([
    ['user and password', 'http://user:pass@127.0.0.1:PORT/article'],
    ['a user only', 'http://user@127.0.0.1:PORT/article'],
    ['a password only', 'http://:pass@127.0.0.1:PORT/article'],
    ['credentials on a public host', 'https://admin:secret@example.com/'],
  ])('refuses a URL with credentials (%s) with 400 invalid_url, never connecting, creating nothing', async (_label, raw) => {
    const res = await scrape(raw.replace('PORT', String(site.port)), local);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: WITH_CREDENTIALS, code: 'invalid_url' });
    expect(site.hits).toEqual([]);
    expect(await articleCount()).toBe(0);
  });

  it.each([
    ['a private address', '/redirect-private', NOT_ALLOWED],
    ['IPv6 loopback', '/redirect-loopback6', NOT_ALLOWED],
    ['a file: URL', '/redirect-file', `Redirect refused: ${ONLY_HTTP}`],
    ['cloud metadata in hex', '/redirect-metadata-hex', NOT_ALLOWED],
    ['a gopher: URL on the site', '/redirect-gopher', `Redirect refused: ${ONLY_HTTP}`],
    ['a URL with credentials on the site', '/redirect-credentials', `Redirect refused: ${WITH_CREDENTIALS}`],
  ])('refuses a redirect from an allowed host to %s, following it nowhere', async (_label, path, message) => {
    const res = await scrape(`${site.url}${path}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'url_not_allowed' });
    expect(site.hits).toEqual([path]);
    expect(await articleCount()).toBe(0);
  });

  it.each([
    ['ftp', 'ftp://example.com/file', ONLY_HTTP],
    ['file', 'file:///etc/passwd', ONLY_HTTP],
    ['file (with a host)', 'file://localhost/etc/passwd', ONLY_HTTP],
    ['gopher', 'gopher://127.0.0.1:PORT/_GET%20/article', ONLY_HTTP],
    ['gopher (to a Redis port)', 'gopher://127.0.0.1:6379/_FLUSHALL', ONLY_HTTP],
    ['data', 'data:text/html,<title>x</title><p>hi</p>', ONLY_HTTP],
    ['javascript', 'javascript:alert(1)', ONLY_HTTP],
    ['not a URL', 'just words', 'Enter a valid http or https URL'],
  ])('refuses a %s URL with 400 invalid_url, creating nothing', async (_label, raw, message) => {
    const res = await scrape(raw.replace('PORT', String(site.port)), local);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_url' });
    expect(site.hits).toEqual([]);
    expect(await articleCount()).toBe(0);
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

/**
 * A name that resolves to a private address. The route scrapes in a worker thread, where no stub
 * reaches, so these call the scraper's fetch directly with Node's dns.lookup answering for a few
 * made-up names (every other name is looked up as usual).
 */
describe('scraper name resolution (dns.lookup stubbed)', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  const answers: Record<string, { address: string; family: number }[]> = {
    // Where the fixture site listens: were the check missing, the page would be fetched.
    'loopback.example': [{ address: '127.0.0.1', family: 4 }],
    [INTRANET]: [{ address: '10.20.30.40', family: 4 }],
    'metadata.example': [{ address: '169.254.169.254', family: 4 }],
    'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
    // One private answer among public ones is enough to refuse (no DNS-rebinding pick).
    'mixed.example': [
      { address: '127.0.0.1', family: 4 },
      { address: '93.184.215.14', family: 4 },
    ],
  };
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());
  // Set for each test: the config restores every mock after each one (restoreMocks).
  beforeEach(() => {
    site.hits.length = 0;
    const real = dns.lookup.bind(dns) as (host: string, options: object) => Promise<unknown>;
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, options: object) =>
      answers[host] ? Promise.resolve(answers[host]) : real(host, options)) as typeof dns.lookup);
  });

  const failure = (url: string, allowCidrs?: string[]) =>
    safeFetch(url, { allowCidrs, timeoutMs: 5_000 }).then(
      () => expect.unreachable('the fetch should have been refused'),
      (error: unknown) => error,
    );

  it('reaches the site through a stubbed name when the operator allows 127.0.0.1 (the stub works)', async () => {
    const page = await safeFetch(`http://loopback.example:${site.port}/article`, { allowCidrs: ['127.0.0.1/32'] });
    expect(page.body.toString()).toContain('Déjà Vu');
    expect(site.hits).toEqual(['/article']);
  });

  it.each([
    ['loopback (the fixture site)', 'loopback.example', 'PORT'],
    ['a private network', INTRANET, '80'],
    ['cloud metadata', 'metadata.example', '80'],
    ['an IPv4-mapped loopback', 'mapped.example', 'PORT'],
    ['a private address among public ones', 'mixed.example', 'PORT'],
  ])('refuses a name that resolves to %s with url_not_allowed, never connecting', async (_label, host, port) => {
    const error = await failure(`http://${host}:${port.replace('PORT', String(site.port))}/article`);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 400, code: 'url_not_allowed', message: NOT_ALLOWED });
    expect(site.hits).toEqual([]);
  });

  it('refuses a redirect from an allowed host to a name that resolves to a private address', async () => {
    const error = await failure(`${site.url}/redirect-intranet`, ['127.0.0.1/32']);
    expect(error).toMatchObject({ statusCode: 400, code: 'url_not_allowed', message: NOT_ALLOWED });
    expect(site.hits).toEqual(['/redirect-intranet']);
  });
});
