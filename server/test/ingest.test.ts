/**
 * Ingest on a fixture site served from 127.0.0.1 (allowed through the scraper's allow-list, as
 * SCRAPE_ALLOW_CIDRS does for an intranet): structured raw text, clean blog HTML, images brought
 * home, the worker's caps, batches, re-scrape, and the event loop staying free.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrapeResultSchema, type ScrapeResult } from '../../src/contract/index.ts';
import { scrapeBatch, parseUrlList } from '../cli/scrape.ts';
import { loadConfig, parseCidrs } from '../config.ts';
import { DEFAULT_MAX_IMAGE_PIXELS } from '../files/limits.ts';
import { FileStorage } from '../files/storage.ts';
import { WorkerPool } from '../workers/pool.ts';
import { auth, backends, fixtures, openHarness, type Harness } from './helpers.ts';

// Scraping starts worker threads (jsdom and the extractor load in each): give it time on a busy CI.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** windows-1251 for ASCII and Russian letters: the page below is not UTF-8. */
function cp1251(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (ch) => {
      const code = ch.codePointAt(0)!;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (ch === 'ё') return 0xb8;
      if (ch === 'Ё') return 0xa8;
      return 0x3f;
    }),
  );
}

const words = (n: number, seed = 1) =>
  Array.from({ length: n }, (_, i) => ['coffee', 'morning', 'brew', 'grind', 'water', 'roast', 'cup', 'bean'][(i * 7 + seed) % 8]).join(' ');

const STRUCTURED = `<!doctype html><html><head><meta charset="utf-8"><title>Le café crème</title></head><body>
<nav class="menu"><a href="/">Home</a> <a href="/about">About</a></nav>
<div id="page" class="layout"><article class="post" id="main"><div class="wrapper"><div class="inner">
<h1 class="title">Le café crème</h1>
<p class="lead" style="color:red">Voilà the first paragraph, about coffee, ${words(40)}.</p>
<p>He said "even in the face of repeated mass killings".</p><p>He vowed to keep trying, ${words(30, 2)}.</p>
<figure class="wp-block-image"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/img/cup.png" class="lazy" alt="A cup"><figcaption>A cup of <em>crème</em></figcaption></figure>
<h2 id="steps">Steps</h2><ul class="list"><li>Grind the beans</li><li>Brew <b>slowly</b></li></ul>
<p></p><div><span> </span></div>
<p>Relative image: <img src="img/pot.png" alt="Pot"> and a <a href="../other.html" class="x">relative link</a>.</p>
<p><img srcset="/img/small.png 100w, /img/cup.png 800w" alt="Same cup, larger"></p>
<table class="t"><tr><th>Size</th><th>Price</th></tr><tr><td>Small</td><td>2</td></tr></table>
<pre><code class="language-js">let x = 1;
let y = 2;</code></pre>
<blockquote><p>A quote, ${words(12, 3)}.</p></blockquote>
<p>Broken image: <img src="/img/missing.png" alt="gone"> and a fake one <img src="/img/fake.png" alt="fake">.</p>
<p>The closing paragraph, ${words(40, 4)}.</p>
</div></div></article></div><footer>© Someone</footer></body></html>`;

const RUSSIAN = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251"><title>Новости дня</title></head>
<body><article><h1>Новости дня</h1><p>Первый абзац статьи о погоде в Москве, довольно длинный, чтобы его нашли. ${'Ещё немного текста о погоде. '.repeat(12)}</p>
<p>Второй абзац: ёлки и снег. ${'Зима пришла в город. '.repeat(12)}</p></article></body></html>`;

/** 2 MB as real pages weigh it: mostly inline script data and markup around a long article. */
const LARGE = `<!doctype html><html><head><meta charset="utf-8"><title>A very long page</title>
<script>window.__STATE__ = ${JSON.stringify({ items: Array.from({ length: 25000 }, (_, i) => ({ id: i, text: words(10, i) })) })};</script></head>
<body><article><h1>A very long page</h1>
${Array.from({ length: 600 }, (_, i) => `<div class="para-wrap"><p>Paragraph ${i}: <span>${words(40, i)}</span> <a href="/p/${i}">link</a>.</p></div>`).join('\n')}
</article></body></html>`;

let changingVersion = 1;

function startSite(images: Record<string, Buffer>) {
  const sentLarge: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/news/img/') || path.startsWith('/img/')) {
      const name = path.split('/').pop()!;
      if (name === 'fake.png') return send(200, 'image/png', '<html><body>not an image</body></html>');
      const bytes = images[name];
      return bytes ? send(200, 'image/png', bytes) : send(404, 'text/plain', 'missing');
    }
    switch (path) {
      case '/news/structured.html':
        return send(200, 'text/html; charset=utf-8', STRUCTURED);
      case '/news/again.html':
        return send(200, 'text/html; charset=utf-8', STRUCTURED.replace('Le café crème', 'Le café noir'));
      case '/ru':
        return send(200, 'text/html; charset=windows-1251', cp1251(RUSSIAN));
      case '/large':
        res.on('finish', () => sentLarge.splice(0).forEach((f) => f()));
        return send(200, 'text/html; charset=utf-8', LARGE);
      case '/changing':
        return send(
          200,
          'text/html; charset=utf-8',
          `<html><head><title>Changing page</title></head><body><article><h1>Changing page</h1><p>Version ${changingVersion} of the text, ${words(40)}.</p><p>${words(40, 5)}</p></article></body></html>`,
        );
      case '/never':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><body><p>');
        return; // never finishes
      default:
        return send(404, 'text/plain', 'not found');
    }
  });
  return new Promise<{ url: string; whenLargeSent: () => Promise<void>; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        whenLargeSent: () => new Promise((done) => sentLarge.push(done)),
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe('configuration', () => {
  it('reads SCRAPE_ALLOW_CIDRS as checked CIDRs', () => {
    expect(parseCidrs('X', '')).toEqual([]);
    expect(parseCidrs('X', ' 10.0.0.0/8, 192.168.1.5 ,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.5/32', 'fd00::/8']);
    for (const bad of ['10.0.0.0/33', 'intranet', '10.0.0.0/x', '::1/129']) {
      expect(() => parseCidrs('SCRAPE_ALLOW_CIDRS', bad)).toThrow(/SCRAPE_ALLOW_CIDRS must be comma-separated CIDRs/);
    }
  });

  it('reads the scraper and log settings, refusing bad values clearly', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ scrapeAllowCidrs: [], scrapeImportImages: true, logLevel: 'info' });
    expect(loadConfig({ SCRAPE_IMPORT_IMAGES: 'false', LOG_LEVEL: 'warn' })).toMatchObject({ scrapeImportImages: false, logLevel: 'warn' });
    expect(() => loadConfig({ SCRAPE_IMPORT_IMAGES: 'maybe' })).toThrow('SCRAPE_IMPORT_IMAGES must be true or false, got "maybe"');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "loud"');
  });

  it('reads a list of addresses, one per line, without comments, blanks or repeats', () => {
    expect(parseUrlList('https://a.example/1\n\n# note\n https://b.example/2 \nhttps://a.example/1\r\n')).toEqual([
      'https://a.example/1',
      'https://b.example/2',
    ]);
  });
});

describe.each(backends)('ingest ($name)', (backend) => {
  let h: Harness;
  let token: string;
  let site: Awaited<ReturnType<typeof startSite>>;
  let local: FastifyInstance;
  beforeAll(async () => {
    const images = {
      'cup.png': await fixtures.png(800, 600),
      'pot.png': await fixtures.png(120, 90),
      'small.png': await fixtures.png(100, 75),
    };
    site = await startSite(images);
    h = await openHarness(backend);
    local = await h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'], timeoutMs: 2_000 } });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await site?.close();
  });
  beforeEach(async () => {
    token = await h.reset();
  });

  const scrape = async (url: string, app: FastifyInstance = local, payload: object = {}) =>
    app.inject({ method: 'POST', url: '/api/articles/scrape', headers: auth(token), payload: { url, ...payload } });
  const scraped = async (url: string, app?: FastifyInstance): Promise<ScrapeResult> => {
    const res = await scrape(url, app);
    expect(res.statusCode, res.body).toBe(201);
    return scrapeResultSchema.parse(res.json());
  };
  const files = async () => (await local.inject({ url: '/api/files', headers: auth(token) })).json().data as { id: string; name: string; thumbnailUrl?: string }[];
  const count = async (table: string) => Number((await h.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

  it('keeps the raw text in blocks: paragraphs, headings and list items apart, nothing glued', async () => {
    const { data } = await scraped(`${site.url}/news/structured.html`);
    const text = data.scrappedData;
    expect(text.startsWith('Le café crème\n\nVoilà the first paragraph')).toBe(true);
    expect(text).toContain('"even in the face of repeated mass killings".\n\nHe vowed to keep trying');
    expect(text).toContain('\n\nSteps\n\n- Grind the beans\n\n- Brew slowly\n\n');
    expect(text).toContain('Size | Price\n\nSmall | 2');
    expect(text).toContain('let x = 1;\nlet y = 2;');
    // The caption is the image's: in the blog HTML as a figcaption, not in the story's text.
    expect(text).not.toContain('A cup of crème');
    expect(text).not.toMatch(/[^\n]\n{3,}/);
    expect(text).not.toMatch(/ {2,}/);
    expect(text).not.toContain('Home');
    expect(text).not.toContain('Someone');
  });

  it('cleans the blog HTML: no scaffolding, ids, classes, styles or empty elements; meaning kept; links absolute', async () => {
    const { data } = await scraped(`${site.url}/news/structured.html`);
    const html = data.blogData!;
    expect(html).not.toContain('readability-page');
    expect(html).not.toMatch(/<div|<span|\sid=|\sclass=|\sstyle=|<p>\s*<\/p>/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<h1>Le café crème</h1>');
    expect(html).toContain('<h2>Steps</h2>');
    expect(html).toContain('<li>Brew <b>slowly</b></li>');
    expect(html).toMatch(/<figure><img [^>]*><figcaption>A cup of <em>crème<\/em><\/figcaption><\/figure>/);
    expect(html).toContain('<th>Size</th>');
    expect(html).toContain('<pre><code>let x = 1;');
    expect(html).toContain('<blockquote>');
    expect(html).toContain(`href="${site.url}/other.html"`);
    expect(html).not.toContain('srcset');
    expect(html).not.toContain('data:image');
  });

  it('brings images home: stored in the library with thumbnails, src rewritten, failures kept with warnings', async () => {
    const result = await scraped(`${site.url}/news/structured.html`);
    // cup.png appears twice (lazy data-src and the largest srcset candidate): stored once.
    expect(result.images).toEqual({ imported: 2, reused: 0 });
    expect(result.warnings).toEqual([
      { url: `${site.url}/img/missing.png`, message: 'The page answered with status 404' },
      { url: `${site.url}/img/fake.png`, message: 'File type not allowed. Please upload images or PDF files only.' },
    ]);
    const library = await files();
    expect(library.map((f) => f.name).sort()).toEqual(['cup.png', 'pot.png']);
    expect(library.every((f) => f.thumbnailUrl)).toBe(true);
    const html = result.data.blogData!;
    const cup = library.find((f) => f.name === 'cup.png')!;
    expect(html.match(new RegExp(`src="/api/files/${cup.id}/content"`, 'g'))).toHaveLength(2);
    expect(html).toContain(`src="${site.url}/img/missing.png"`);
    expect(html).toContain(`src="${site.url}/img/fake.png"`);
    expect(html).not.toContain(`${site.url}/img/cup.png`);
    // The library URL answers without a session, as a published page will ask for it.
    const image = await local.inject({ url: `/api/files/${cup.id}/content` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // Another article with the same pictures reuses them.
    const second = await scraped(`${site.url}/news/again.html`);
    expect(second.images).toEqual({ imported: 0, reused: 2 });
    expect(await files()).toHaveLength(2);
  });

  it('keeps image addresses when importing is off', async () => {
    const keep = await h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'] }, importImages: false });
    const result = await scraped(`${site.url}/news/structured.html`, keep);
    expect(result.images).toEqual({ imported: 0, reused: 0 });
    expect(result.warnings).toEqual([]);
    expect(result.data.blogData).toContain(`src="${site.url}/img/cup.png"`);
    expect(result.data.blogData).toContain(`src="${site.url}/news/img/pot.png"`);
    expect(await count('files')).toBe(0);
  });

  it('decodes a windows-1251 page', async () => {
    const { data } = await scraped(`${site.url}/ru`);
    expect(data.scrappedData.startsWith('Новости дня\n\nПервый абзац статьи о погоде в Москве')).toBe(true);
    expect(data.scrappedData).toContain('\n\nВторой абзац: ёлки и снег.');
    expect(data.blogData).toContain('<h1>Новости дня</h1>');
  });

  it('scrapes a 2 MB page in a worker while the server keeps answering', async () => {
    expect(LARGE.length).toBeGreaterThan(2_000_000);
    const sent = site.whenLargeSent();
    let done = false;
    const scraping = scrape(`${site.url}/large`).then((res) => {
      done = true;
      return res;
    });
    await sent;
    // The page is in; extracting it takes jsdom seconds. Were that on the request thread, this
    // answer would wait for it.
    const health = await local.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(done).toBe(false);
    const res = await scraping;
    expect(res.statusCode).toBe(201);
    expect(res.json().data.scrappedData).toContain('Paragraph 599:');
  }, 60_000);

  it('stops a job over its time with a clear 422, and one over its memory too; nothing stored', async () => {
    const slow = await h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'] }, workers: { jobTimeoutMs: 150 } });
    const late = await scrape(`${site.url}/large`, slow);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ message: 'The page took too long to process.', code: 'page_too_slow' });
    const small = await h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'] }, workers: { maxMemoryMb: 64 } });
    const big = await scrape(`${site.url}/large`, small);
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual({ message: 'The page is too complex to process safely.', code: 'page_too_complex' });
    expect(await count('articles')).toBe(0);
    // The server is still fine afterwards.
    expect((await scraped(`${site.url}/ru`)).data.status).toBe('draft');
  }, 60_000);

  it('gives up on a page that never finishes', async () => {
    const res = await scrape(`${site.url}/never`);
    expect(res.statusCode).toBe(504);
    expect(res.json().code).toBe('fetch_timeout');
    expect(await count('articles')).toBe(0);
  });

  it('scrapes a batch: created, skipped as already scraped, failed with reasons', async () => {
    const workers = new WorkerPool();
    try {
      const ctx = {
        db: h.db,
        storage: new FileStorage(h.dataDir),
        workers,
        maxImagePixels: DEFAULT_MAX_IMAGE_PIXELS,
        maxUploadBytes: 10 * 1024 * 1024,
        scrape: { allowCidrs: ['127.0.0.1/32'], timeoutMs: 2_000 },
        importImages: false,
      };
      const seen: string[] = [];
      const first = await scrapeBatch(ctx, [`${site.url}/ru`, `${site.url}/missing`, `${site.url}/changing`], {
        onProgress: (done, total, o) => seen.push(`${done}/${total} ${o.status}`),
      });
      expect(seen).toEqual(['1/3 created', '2/3 failed', '3/3 created']);
      expect(first[1]).toEqual({ url: `${site.url}/missing`, status: 'failed', message: 'The page answered with status 404' });
      const again = await scrapeBatch(ctx, [`${site.url}/ru`]);
      expect(again).toEqual([{ url: `${site.url}/ru`, status: 'skipped', articleId: (first[0] as { articleId: string }).articleId }]);
      expect((await scrapeBatch(ctx, [`${site.url}/ru`], { force: true }))[0]!.status).toBe('created');
      expect(await count('articles')).toBe(3);
    } finally {
      await workers.close();
    }
  }, 60_000);

  it('scrapes a draft again: raw text refreshed, blog HTML only when asked; published refused', async () => {
    changingVersion = 1;
    const { data } = await scraped(`${site.url}/changing`);
    await local.inject({ method: 'PATCH', url: `/api/articles/${data.id}`, headers: auth(token), payload: { blogData: '<p>Edited</p>' } });
    changingVersion = 2;
    const rescrape = (payload: object) =>
      local.inject({ method: 'POST', url: `/api/articles/${data.id}/rescrape`, headers: auth(token), payload });
    const setTitle = (title: string) =>
      local.inject({ method: 'PATCH', url: `/api/articles/${data.id}`, headers: auth(token), payload: { title } });
    await setTitle('My own title');
    const textOnly = await rescrape({});
    expect(textOnly.statusCode).toBe(200);
    expect(textOnly.json().data.scrappedData).toContain('Version 2 of the text');
    expect(textOnly.json().data.blogData).toBe('<p>Edited</p>');
    // A text-only refresh keeps the admin's title…
    expect(textOnly.json().data.title).toBe('My own title');
    // …and fills one that was cleared.
    await setTitle('');
    expect((await rescrape({})).json().data.title).toBe('Changing page');
    await setTitle('My own title');
    changingVersion = 3;
    const both = scrapeResultSchema.parse((await rescrape({ replaceBlogData: true })).json());
    expect(both.data.blogData).toContain('Version 3 of the text');
    expect(both.data.id).toBe(data.id);
    // Taking the source's content again takes its title too.
    expect(both.data.title).toBe('Changing page');

    await local.inject({ method: 'PATCH', url: `/api/articles/${data.id}/publish`, headers: auth(token) });
    const refused = await rescrape({ replaceBlogData: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Published articles cannot be edited. Convert to draft first.', code: 'article_published' });

    const bare = await local.inject({ method: 'POST', url: '/api/articles', headers: auth(token), payload: { blogData: '<p>x</p>' } });
    const noSource = await local.inject({
      method: 'POST',
      url: `/api/articles/${bare.json().data.id}/rescrape`,
      headers: auth(token),
      payload: {},
    });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json()).toEqual({ message: 'This article has no source address to scrape again.', code: 'no_scraped_url' });
    const unknown = await local.inject({ method: 'POST', url: '/api/articles/01nosuchid/rescrape', headers: auth(token), payload: {} });
    expect(unknown.statusCode).toBe(404);
    const activity = (await local.inject({ url: '/api/activity', headers: auth(token) })).json().data as { message: string }[];
    expect(activity.map((a) => a.message)).toContain('Raw text and blog HTML of "changing-page" scraped again');
  }, 60_000);
});
