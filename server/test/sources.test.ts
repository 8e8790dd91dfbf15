/**
 * Sources on a fixture site served from 127.0.0.1 (allowed as SCRAPE_ALLOW_CIDRS allows an
 * intranet): a page's feed found and followed, new entries become drafts with their provenance,
 * robots.txt honoured, a second poll conditional (304) and making nothing, two polls at once
 * making each draft once, sitemaps (gzipped, and an index), a failing source backing off, and
 * every bad input refused with its message and nothing stored.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  articleSchema,
  articleStatsSchema,
  SOURCE_CHART_DAYS,
  sourceCreatedSchema,
  sourceEntryListSchema,
  sourceListSchema,
  sourceMessages,
  sourcePollResultSchema,
  sourceResultSchema,
  type SourcePoll,
} from '../../src/contract/index.ts';
import { auth, backends, openHarness, type Harness } from './helpers.ts';

// Polls scrape pages in worker threads (jsdom and the extractor load in each): time on a busy CI.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const words = (n: number, seed = 1) =>
  Array.from({ length: n }, (_, i) => ['river', 'harbour', 'council', 'bridge', 'market', 'ferry', 'tide', 'street'][(i * 5 + seed) % 8]).join(' ');

const articlePage = (title: string, seed: number) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>
<article><h1>${title}</h1><p>${words(60, seed)}.</p><p>${words(50, seed + 1)}.</p><p>${words(40, seed + 2)}.</p></article></body></html>`;

/** A page unlike the news pages (their words are the same few, in turn): words drawn from another list. */
const otherPage = (title: string) => {
  const vocabulary = ['storm', 'school', 'festival', 'library', 'garden', 'train', 'museum', 'canal', 'orchard', 'choir', 'bakery', 'lantern'];
  let state = 7;
  const drawn = (n: number) =>
    Array.from({ length: n }, () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return vocabulary[state % vocabulary.length];
    }).join(' ');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>
<article><h1>${title}</h1><p>${drawn(60)}.</p><p>${drawn(50)}.</p><p>${drawn(40)}.</p></article></body></html>`;
};

interface Site {
  url: string;
  /** Requests the site answered, by path (with `304` for those answered Not Modified). */
  log: string[];
  /** The feed's status from now on (a failing source). */
  feedStatus: number;
  /** Holds the next answer of the feed: `arrived` once it is asked for, sent when released. */
  holdFeed(): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
}

async function startSite(): Promise<Site> {
  const state = { feedStatus: 200 };
  let hold: { arrive: () => void; released: Promise<void> } | undefined;
  const log: string[] = [];
  let base = '';
  const rss = () => `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Harbour News</title><link>${base}/</link>
<item><title>Ferry returns</title><link>${base}/news/1.html</link><guid isPermaLink="false">harbour-1</guid><pubDate>Wed, 02 Dec 2026 10:00:00 GMT</pubDate></item>
<item><title>Bridge &amp; tide</title><link>${base}/news/2.html?utm_source=rss</link><guid isPermaLink="false">harbour-2</guid></item>
<item><title>Market day</title><link>${base}/news/3.html</link><guid isPermaLink="false">harbour-3</guid></item>
<item><title>Members only</title><link>${base}/private/4.html</link><guid isPermaLink="false">harbour-4</guid></item>
</channel></rss>`;
  const sitemap = () => `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${base}/news/5.html</loc><lastmod>2026-12-01</lastmod></url><url><loc>${base}/news/6.html?a=1&amp;b=2</loc><lastmod>2026-12-03</lastmod></url></urlset>`;
  const index = () => `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>${base}/sitemap.xml.gz</loc></sitemap></sitemapindex>`;
  const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<rss version="2.0"><channel><title>&lol2;</title></channel></rss>`;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      log.push(status === 304 ? `${path} 304` : path);
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    if (path === '/robots.txt') return send(200, 'text/plain', 'User-agent: *\nDisallow: /private/\n');
    if (path === '/') {
      return send(200, 'text/html', `<!doctype html><html><head><title>Harbour</title>
<link rel="alternate" type="application/rss+xml" title="News" href="/feed.xml"><link rel="alternate" type="application/atom+xml" href="/atom.xml"></head><body>Home</body></html>`);
    }
    if (path === '/feed.xml' && hold) {
      const held = hold;
      hold = undefined;
      held.arrive();
      void held.released.then(() => send(200, 'application/rss+xml', rss(), { etag: '"feed-v1"' }));
      return;
    }
    if (path === '/feed.xml') {
      if (state.feedStatus !== 200) return send(state.feedStatus, 'text/plain', 'down', { 'retry-after': '120' });
      const etag = '"feed-v1"';
      if (req.headers['if-none-match'] === etag) return send(304, 'application/rss+xml', '', { etag });
      return send(200, 'application/rss+xml', rss(), { etag });
    }
    if (path === '/mirror.xml') {
      return send(200, 'application/rss+xml', `<?xml version="1.0"?><rss version="2.0"><channel><title>Mirror</title>
<item><title>Ferry returns, again</title><link>${base}/mirror/1.html</link></item>
<item><title>Storm</title><link>${base}/mirror/9.html</link></item><item><title>Storm, again</title><link>${base}/mirror/9b.html</link></item>
</channel></rss>`);
    }
    // A mirror's pages: 1 the text of news page 1; 9 a story of its own, and 9b the same.
    if (path === '/mirror/1.html') return send(200, 'text/html', articlePage('Harbour story 1', 1));
    if (path === '/mirror/9.html' || path === '/mirror/9b.html') return send(200, 'text/html', otherPage('Storm over the valley'));
    if (path === '/sitemap.xml.gz') return send(200, 'application/gzip', gzipSync(sitemap()));
    if (path === '/sitemap-index.xml') return send(200, 'application/xml', index());
    if (path === '/bomb.xml') return send(200, 'application/xml', bomb);
    if (path === '/plain.html') return send(200, 'text/html', '<!doctype html><html><head><title>No feed</title></head><body>Nothing</body></html>');
    if (path === '/notes.txt') return send(200, 'text/plain', 'just some words');
    const news = /^\/(news|private)\/(\d+)\.html$/.exec(path);
    if (news) return send(200, 'text/html', articlePage(`Harbour story ${news[2]}`, Number(news[2])));
    return send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    log,
    get feedStatus() {
      return state.feedStatus;
    },
    set feedStatus(value: number) {
      state.feedStatus = value;
    },
    holdFeed() {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      hold = { arrive, released: new Promise<void>((resolve) => (release = resolve)) };
      return { arrived, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)('sources ($name)', (backend) => {
  let h: Harness;
  let token: string;
  let site: Site;
  let local: FastifyInstance;
  beforeAll(async () => {
    site = await startSite();
    h = await openHarness(backend);
    // The test polls by itself; the pace between two requests to the site is 1 ms here.
    local = await h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'], timeoutMs: 5_000 }, sourcePaceMs: 1, background: { sources: false } });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await site?.close();
  });
  beforeEach(async () => {
    token = await h.reset();
    site.log.length = 0;
    site.feedStatus = 200;
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    local.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  const add = async (url: string, more: object = {}) => {
    const res = await call('POST', '/api/sources', { url, ...more });
    expect(res.statusCode, res.body).toBe(201);
    return sourceCreatedSchema.parse(res.json());
  };
  const poll = async (id: string): Promise<SourcePoll> => {
    const res = await call('POST', `/api/sources/${id}/poll`);
    expect(res.statusCode, res.body).toBe(200);
    return sourcePollResultSchema.parse(res.json()).data;
  };
  const sources = async () => sourceListSchema.parse((await call('GET', '/api/sources')).json()).data;
  const stats = async () => articleStatsSchema.parse((await call('GET', '/api/articles/admin/stats')).json());

  it("follows the feed a page names, makes a draft of each new entry with its provenance, and honours robots.txt", async () => {
    const created = await add(`${site.url}/`);
    expect(created.found).toEqual([`${site.url}/feed.xml`, `${site.url}/atom.xml`]);
    expect(created.data).toMatchObject({ kind: 'feed', feedUrl: `${site.url}/feed.xml`, title: 'Harbour News', intervalMinutes: 60, paused: false });

    const first = await poll(created.data.id);
    expect(first).toEqual({ found: 4, created: 3, skipped: 0, refused: 1, failed: 0, notModified: 0, error: null });

    const entries = sourceEntryListSchema.parse((await call('GET', `/api/sources/${created.data.id}/entries`)).json()).data;
    expect(entries).toHaveLength(4);
    const refused = entries.find((e) => e.url.includes('/private/'))!;
    expect(refused).toMatchObject({ state: 'refused', reason: sourceMessages.disallowed, articleId: null });
    // The disallowed page was never asked for.
    expect(site.log).not.toContain('/private/4.html');

    const made = entries.filter((e) => e.state === 'created');
    expect(made.map((e) => e.title).sort()).toEqual(['Bridge & tide', 'Ferry returns', 'Market day']);
    const article = articleSchema.parse((await call('GET', `/api/articles/${made[0]!.articleId}`)).json().data);
    expect(article.status).toBe('draft');
    expect(article.sourceId).toBe(created.data.id);
    expect(article.provenance).toMatchObject({
      sourceId: created.data.id,
      url: made[0]!.url,
      finalUrl: made[0]!.url,
      httpStatus: 200,
      robots: 'allowed',
      etag: null,
    });
    expect(article.provenance!.extractor).toMatch(/^@mozilla\/readability \d+\.\d+\.\d+$/);

    const [source] = await sources();
    expect(source!.counts).toEqual({ found: 4, created: 3, skipped: 0, refused: 1, failed: 0 });
    expect(source!.lastError).toBeNull();
    expect(Date.parse(source!.nextPollAt!) - Date.parse(source!.lastPolledAt!)).toBe(60 * 60_000);
    // Its drafts a day: the last SOURCE_CHART_DAYS days, every day, today's three last.
    const today = new Date().toISOString().slice(0, 10);
    expect(source!.draftsPerDay).toHaveLength(SOURCE_CHART_DAYS);
    expect(source!.draftsPerDay!.at(-1)).toEqual({ day: today, drafts: 3 });
    expect(source!.draftsPerDay!.reduce((sum, d) => sum + d.drafts, 0)).toBe(3);
    expect((await stats()).sources).toEqual({ count: 1, failing: 0, draftsToday: 3 });
  });

  it('polls again with a conditional request: answered 304, nothing fetched again, no draft made', async () => {
    const { data } = await add(`${site.url}/feed.xml`);
    await poll(data.id);
    site.log.length = 0;
    const again = await poll(data.id);
    expect(again).toEqual({ found: 0, created: 0, skipped: 0, refused: 0, failed: 0, notModified: 1, error: null });
    expect(site.log).toEqual(['/feed.xml 304']);
    const [source] = await sources();
    expect(source!.notModified).toBe(1);
    const { rows } = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM articles');
    expect(Number(rows[0]!.n)).toBe(3);
  });

  it('makes each draft once when two polls run at once, and refuses the second while the first runs', async () => {
    const { data } = await add(`${site.url}/feed.xml`);
    // The first poll is held while it reads the feed; the second asks meanwhile.
    const held = site.holdFeed();
    const first = call('POST', `/api/sources/${data.id}/poll`);
    await held.arrived;
    const second = await call('POST', `/api/sources/${data.id}/poll`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'poll_running', message: sourceMessages.pollRunning });
    held.release();
    expect((await first).statusCode).toBe(200);
    const { rows } = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM articles');
    expect(Number(rows[0]!.n)).toBe(3);
  });

  it('skips an entry whose address an article was scraped from, naming that article', async () => {
    const scraped = await call('POST', '/api/articles/scrape', { url: `${site.url}/news/1.html` });
    expect(scraped.statusCode, scraped.body).toBe(201);
    const articleId = scraped.json<{ data: { id: string } }>().data.id;
    const { data } = await add(`${site.url}/feed.xml`);
    expect(await poll(data.id)).toMatchObject({ found: 4, created: 2, skipped: 1, refused: 1 });
    const entries = sourceEntryListSchema.parse((await call('GET', `/api/sources/${data.id}/entries`)).json()).data;
    expect(entries.find((e) => e.url.endsWith('/news/1.html'))).toMatchObject({ state: 'skipped', reason: sourceMessages.alreadyScraped, articleId });
  });

  it('skips an entry whose text is a near-copy of an article, naming it, and of a draft the same poll made', async () => {
    const { data: news } = await add(`${site.url}/feed.xml`);
    await poll(news.id);
    const { data: mirror } = await add(`${site.url}/mirror.xml`);
    expect(await poll(mirror.id)).toEqual({ found: 3, created: 1, skipped: 2, refused: 0, failed: 0, notModified: 0, error: null });
    const entries = sourceEntryListSchema.parse((await call('GET', `/api/sources/${mirror.id}/entries`)).json()).data;
    const byPath = new Map(entries.map((e) => [new URL(e.url).pathname, e]));
    const { rows } = await h.db.query<{ id: string; scraped_url: string }>('SELECT id, scraped_url FROM articles');
    const articleOf = (path: string) => rows.find((r) => r.scraped_url === `${site.url}${path}`)?.id;
    expect(byPath.get('/mirror/1.html')).toMatchObject({ state: 'skipped', reason: sourceMessages.nearCopy, articleId: articleOf('/news/1.html') });
    expect(byPath.get('/mirror/9.html')).toMatchObject({ state: 'created', articleId: articleOf('/mirror/9.html') });
    expect(byPath.get('/mirror/9b.html')).toMatchObject({ state: 'skipped', reason: sourceMessages.nearCopy, articleId: articleOf('/mirror/9.html') });
    // No draft of the copies.
    expect(rows).toHaveLength(4);
  });

  it('follows a gzipped sitemap through its index, newest first, and a URL pattern', async () => {
    const { data } = await add(`${site.url}/sitemap-index.xml`, { include: '/news/6' });
    expect(data).toMatchObject({ kind: 'sitemap', title: null, include: '/news/6' });
    expect(await poll(data.id)).toMatchObject({ found: 2, created: 1, skipped: 1 });
    const entries = sourceEntryListSchema.parse((await call('GET', `/api/sources/${data.id}/entries?limit=1`)).json());
    expect(entries.data).toHaveLength(1);
    expect(entries.nextCursor).not.toBeNull();
    const next = sourceEntryListSchema.parse((await call('GET', `/api/sources/${data.id}/entries?limit=1&cursor=${entries.nextCursor}`)).json());
    expect(next.data).toHaveLength(1);
    expect(next.nextCursor).toBeNull();
    const all = [...entries.data, ...next.data];
    expect(all.find((e) => e.url === `${site.url}/news/6.html?a=1&b=2`)).toMatchObject({ state: 'created' });
    expect(all.find((e) => e.url === `${site.url}/news/5.html`)).toMatchObject({ state: 'skipped', reason: sourceMessages.notIncluded });
  });

  it('keeps why a failing source failed and backs off, doubling, or as long as the site asked', async () => {
    const { data } = await add(`${site.url}/feed.xml`);
    site.feedStatus = 500;
    expect(await poll(data.id)).toMatchObject({ found: 0, error: 'The address answered with status 500' });
    let source = sourceResultSchema.parse((await call('GET', `/api/sources/${data.id}`)).json()).data;
    expect(source).toMatchObject({ failures: 1, lastError: 'The address answered with status 500' });
    expect(Date.parse(source.nextPollAt!) - Date.parse(source.lastPolledAt!)).toBe(5 * 60_000);
    await poll(data.id);
    source = sourceResultSchema.parse((await call('GET', `/api/sources/${data.id}`)).json()).data;
    expect(Date.parse(source.nextPollAt!) - Date.parse(source.lastPolledAt!)).toBe(10 * 60_000);
    // A 503 with Retry-After: 120 s, shorter than the back-off: the back-off holds.
    site.feedStatus = 503;
    expect(await poll(data.id)).toMatchObject({ error: 'The site asked to wait (status 503)' });
    source = sourceResultSchema.parse((await call('GET', `/api/sources/${data.id}`)).json()).data;
    expect(source.failures).toBe(3);
    expect(Date.parse(source.nextPollAt!) - Date.parse(source.lastPolledAt!)).toBe(20 * 60_000);
    // The activity says it once, when it started failing.
    const { rows } = await h.db.query<{ message: string }>("SELECT message FROM activity WHERE kind = 'source.failed'");
    expect(rows.map((r) => r.message)).toEqual([`Source ${site.url}/feed.xml failed: The address answered with status 500`]);
    expect((await stats()).sources).toEqual({ count: 1, failing: 1, draftsToday: 0 });
    site.feedStatus = 200;
    expect(await poll(data.id)).toMatchObject({ created: 3, error: null });
    source = sourceResultSchema.parse((await call('GET', `/api/sources/${data.id}`)).json()).data;
    expect(source).toMatchObject({ failures: 0, lastError: null });
  });

  it('pauses, resumes, changes and removes a source; its articles stay', async () => {
    const { data } = await add(`${site.url}/feed.xml`);
    await poll(data.id);
    const paused = await call('PATCH', `/api/sources/${data.id}`, { paused: true, intervalMinutes: 15 });
    expect(sourceResultSchema.parse(paused.json()).data).toMatchObject({ paused: true, intervalMinutes: 15, nextPollAt: null });
    const resumed = sourceResultSchema.parse((await call('PATCH', `/api/sources/${data.id}`, { paused: false })).json()).data;
    expect(resumed.paused).toBe(false);
    expect(Date.parse(resumed.nextPollAt!)).toBeLessThanOrEqual(Date.now());
    expect((await call('DELETE', `/api/sources/${data.id}`)).statusCode).toBe(204);
    expect(await sources()).toEqual([]);
    const { rows } = await h.db.query<{ source_id: string | null }>('SELECT source_id FROM articles');
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.source_id === null)).toBe(true);
    expect((await call('GET', `/api/sources/${data.id}`)).json()).toMatchObject({ code: 'not_found', message: sourceMessages.notFound });
  });

  it("polls a backlog in one round: a full batch is followed by the next, not by the poller's next round", async () => {
    const added = [await add(`${site.url}/feed.xml`), await add(`${site.url}/mirror.xml`), await add(`${site.url}/sitemap.xml.gz`)];
    await h.db.query("UPDATE sources SET next_poll_at = now() - interval '1 minute'");
    // Batches of 2 and an hour between rounds: the third source is polled in the first round or not at all.
    const poller = await h.buildApp({
      scrape: { allowCidrs: ['127.0.0.1/32'], timeoutMs: 5_000 },
      sourcePaceMs: 1,
      background: { sources: { pollMs: 3_600_000, batch: 2 } },
    });
    try {
      await vi.waitFor(async () => expect((await sources()).filter((source) => source.lastPolledAt)).toHaveLength(3), { timeout: 30_000, interval: 50 });
      expect((await sources()).map((source) => source.id).sort()).toEqual(added.map((source) => source.data.id).sort());
    } finally {
      await poller.close();
    }
  });

  it('refuses bad input with its message and stores nothing', async () => {
    const refusals: [object, number, string, string][] = [
      [{ url: 'ftp://example.com/feed' }, 400, 'invalid_url', 'Only http and https URLs can be scraped'],
      [{ url: 'http://10.0.0.1/feed.xml' }, 400, 'url_not_allowed', 'This address is not allowed: private, loopback and link-local addresses cannot be scraped'],
      [{ url: `${site.url}/plain.html` }, 422, 'no_feed_found', sourceMessages.noFeedFound],
      [{ url: `${site.url}/notes.txt` }, 422, 'no_feed_found', sourceMessages.notAFeed],
      [{ url: `${site.url}/bomb.xml` }, 422, 'no_feed_found', sourceMessages.entitiesRefused],
      [{ url: `${site.url}/missing.xml` }, 502, 'fetch_failed', 'The address answered with status 404'],
      [{ url: `${site.url}/feed.xml`, intervalMinutes: 2 }, 400, 'validation_failed', 'Poll at most every 5 minutes'],
      [{ url: `${site.url}/feed.xml`, include: '(' }, 400, 'validation_failed', 'The URL pattern is not a valid regular expression'],
      [{ url: '' }, 400, 'validation_failed', 'Enter the address of a feed, a sitemap or a page'],
    ];
    for (const [payload, status, code, message] of refusals) {
      const res = await call('POST', '/api/sources', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toContain(message);
    }
    expect(await sources()).toEqual([]);
    // The same feed twice: 409, one source.
    await add(`${site.url}/feed.xml`);
    const twice = await call('POST', '/api/sources', { url: `${site.url}/` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'source_exists', message: sourceMessages.alreadyFollowed });
    expect(await sources()).toHaveLength(1);
    const badPatch = await call('PATCH', `/api/sources/${(await sources())[0]!.id}`, {});
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().message).toContain('Send intervalMinutes, paused, include or watch');
  });
});
