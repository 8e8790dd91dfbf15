/**
 * Rules per site, on a fixture site served from 127.0.0.1 (allowed as SCRAPE_ALLOW_CIDRS allows an
 * intranet): a promotion inside the article that the extractor keeps, dropped by a rule; the
 * title read from the site's own headline; the article kept by selector; a page tried with rules
 * and nothing saved; the rules used by every scrape of the site and by none of another; and every
 * bad input refused with its message and nothing stored.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  articleSchema,
  SITE_RULE_MAX_SELECTOR_LENGTH,
  SITE_RULE_MAX_SELECTORS,
  siteRuleListSchema,
  siteRuleMessages,
  siteRuleResultSchema,
  siteRuleTrialResultSchema,
} from '../../src/contract/index.ts';
import { auth, backends, openHarness, withoutHistory, type Harness } from './helpers.ts';

// Scrapes run in worker threads (jsdom and the extractor load in each): time on a busy CI.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const sentence = (i: number) =>
  `The lighthouse keeper counted ${i + 3} ships passing the northern reef before the fog rolled over the quiet bay at dawn.`;
const paragraphs = (from: number, n: number) => Array.from({ length: n }, (_, i) => `<p>${sentence(from + i)} ${sentence(from + i + 40)}</p>`).join('\n');

/** A page of the site: a menu, the article with a promotion inside it, and its headline apart from <title>. */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Lighthouse | Coast Gazette</title></head><body>
<nav><a href="/a">Home</a> <a href="/b">World</a> <a href="/c">Coast</a></nav>
<header><h2 class="headline">Keeper of the northern light</h2></header>
<div class="story-body">
${paragraphs(0, 4)}
<div class="promo"><p>Subscribe to the Coast Gazette today and read every story of the coast without limits, on every device you own.</p></div>
${paragraphs(10, 4)}
</div>
<footer><p>Coast Gazette, all rights kept.</p></footer>
</body></html>`;

const PROMO = 'Subscribe to the Coast Gazette';

/** A paragraph every news page of the site carries inside its story, and a short line that is too short to count. */
const FUNDING = 'This story was produced with the support of the Coast Fund, which has no say over what we publish.';
const SHORT = 'Boats wait for the tide.';
const words = ['gull', 'tide', 'ferry', 'quay', 'storm', 'net', 'buoy', 'reef', 'pier', 'harbour', 'mast', 'sail', 'anchor', 'cove', 'dune', 'kelp'];
/** A story of its own for each page: words drawn from the list by the page's number. */
const story = (n: number, p: number) =>
  `${Array.from({ length: 24 }, (_, i) => words[(n * 7 + p * 3 + i * (n + 2)) % words.length]).join(' ')}, said the keeper of page ${n} in part ${p}.`;
const newsPage = (n: number) => `<!doctype html><html><head><meta charset="utf-8"><title>News ${n}</title></head><body>
<article><h1>News ${n}</h1><p>${story(n, 1)}</p><p>${story(n, 2)}</p><p>${FUNDING}</p><p>${SHORT}</p><p>${story(n, 3)}</p><p>${story(n, 4)}</p></article>
</body></html>`;

async function startSite() {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const news = /^\/news\/(\d+)$/.exec(path);
    if (news) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(newsPage(Number(news[1])));
    }
    if (path.startsWith('/story/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(PAGE);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)('site rules ($name)', (backend) => {
  let h: Harness;
  let token: string;
  let site: Awaited<ReturnType<typeof startSite>>;
  let local: FastifyInstance;
  beforeAll(async () => {
    site = await startSite();
    h = await openHarness(backend);
    local = await h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'], timeoutMs: 5_000 } });
  });
  afterAll(async () => {
    await h?.close();
    await site?.close();
  });
  beforeEach(async () => {
    token = await h.reset();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    local.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  const scrape = async (path: string) => {
    const res = await call('POST', '/api/articles/scrape', { url: `${site.url}${path}` });
    expect(res.statusCode, res.body).toBe(201);
    return articleSchema.parse(res.json().data);
  };
  const rules = async () => siteRuleListSchema.parse((await call('GET', '/api/site-rules')).json()).data;
  const count = async (table: string) => Number((await h.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

  it('drops what a rule drops and reads the title where the rule says, on every scrape of the site', async () => {
    const before = await scrape('/story/1');
    expect(before.scrappedData).toContain(PROMO);

    const saved = await call('PUT', '/api/site-rules/127.0.0.1', { drop: ['.promo', 'nav'], title: '.headline' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(siteRuleResultSchema.parse(saved.json()).data).toMatchObject({
      host: '127.0.0.1',
      drop: ['.promo', 'nav'],
      keep: [],
      title: '.headline',
      updatedBy: 'admin@example.com',
    });

    const after = await scrape('/story/2');
    expect(after.scrappedData).not.toContain(PROMO);
    expect(after.title).toBe('Keeper of the northern light');
    expect(after.scrappedData).toContain(sentence(13));
    const { rows } = await h.db.query<{ message: string }>("SELECT message FROM activity WHERE kind = 'site_rules.updated'");
    expect(rows.map((r) => r.message)).toEqual(['Rules for 127.0.0.1 set: 2 to drop, 0 to keep, the title\'s']);
  });

  it('keeps what a rule keeps as the article, in the page order, and falls back to the extractor when it matches nothing', async () => {
    await call('PUT', '/api/site-rules/127.0.0.1', { keep: ['.story-body > p'] });
    const kept = await scrape('/story/1');
    expect(kept.scrappedData).not.toContain(PROMO);
    expect(kept.scrappedData.indexOf(sentence(0))).toBeLessThan(kept.scrappedData.indexOf(sentence(13)));

    await call('PUT', '/api/site-rules/127.0.0.1', { keep: ['.no-such-thing'] });
    const fallback = await scrape('/story/2');
    expect(fallback.scrappedData).toContain(sentence(13));
  });

  it('tries rules on a page: the article as they make it and what each selector matched, nothing saved', async () => {
    const res = await call('POST', '/api/site-rules/try', {
      url: `${site.url}/story/3`,
      rules: { drop: ['.promo', '.gone'], keep: ['.story-body'], title: '.headline' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const trial = siteRuleTrialResultSchema.parse(res.json()).data;
    expect(trial).toMatchObject({ url: `${site.url}/story/3`, title: 'Keeper of the northern light', matched: { drop: [1, 0], keep: [1], title: true } });
    expect(trial.text).not.toContain(PROMO);
    expect(trial.text.startsWith(sentence(0))).toBe(true);
    expect(trial.words).toBeGreaterThan(100);
    expect(trial.quality.score).toBeGreaterThan(0);
    expect(await count('articles')).toBe(0);
    expect(await rules()).toEqual([]);
  });

  it('keeps rules per host, www. left out, lists and removes them', async () => {
    const saved = await call('PUT', '/api/site-rules/WWW.Example.com', { drop: ['aside'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.host).toBe('example.com');
    await call('PUT', '/api/site-rules/news.example.org', { title: 'h1.title' });
    expect((await rules()).map((r) => r.host)).toEqual(['example.com', 'news.example.org']);
    const changed = await call('PUT', '/api/site-rules/example.com', { drop: ['aside', '.ad'] });
    expect(changed.json().data.drop).toEqual(['aside', '.ad']);
    expect(await count('site_rules')).toBe(2);

    expect((await call('DELETE', '/api/site-rules/www.example.com')).statusCode).toBe(204);
    expect((await rules()).map((r) => r.host)).toEqual(['news.example.org']);
    const again = await call('DELETE', '/api/site-rules/example.com');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: siteRuleMessages.notFound, code: 'not_found' });
    const { rows } = await h.db.query<{ kind: string; message: string }>("SELECT kind, message FROM activity WHERE kind LIKE 'site_rules.%' ORDER BY id");
    expect(rows.map((r) => r.message)).toEqual([
      'Rules for example.com set: 1 to drop, 0 to keep',
      'Rules for news.example.org set: 0 to drop, 0 to keep, the title\'s',
      'Rules for example.com changed: 2 to drop, 0 to keep',
      'Rules for example.com removed',
    ]);
  });

  it('drops a paragraph the site repeats in three of its other articles, remembers it, and keeps the rest', async () => {
    for (const n of [1, 2, 3]) expect((await scrape(`/news/${n}`)).scrappedData).toContain(FUNDING);
    const fourth = await scrape('/news/4');
    expect(fourth.scrappedData).not.toContain(FUNDING);
    expect(fourth.blogData).not.toContain('Coast Fund');
    // Too short to tell a site's line from a story's: kept.
    expect(fourth.scrappedData).toContain(SHORT);
    expect(fourth.scrappedData).toContain(story(4, 1));
    expect(fourth.scrappedData).toContain(story(4, 4));
    const { rows } = await h.db.query<{ host: string }>('SELECT host FROM site_blocks');
    expect(rows).toEqual([{ host: '127.0.0.1' }]);
    // Remembered: once the articles that showed it are gone, the next page still loses it.
    await withoutHistory(h.db, "DELETE FROM articles WHERE scraped_url LIKE '%/news/_'");
    expect((await scrape('/news/5')).scrappedData).not.toContain(FUNDING);
    // A site's rule that keeps the story keeps it whole.
    await call('PUT', '/api/site-rules/127.0.0.1', { keep: ['article > p'] });
    expect((await scrape('/news/6')).scrappedData).toContain(FUNDING);
  });

  it('refuses bad rules with their message and stores nothing', async () => {
    const refusals: [string, object, number, string, string][] = [
      ['/api/site-rules/example.com', { drop: ['div['] }, 400, 'invalid_selector', siteRuleMessages.notASelector('div[')],
      ['/api/site-rules/example.com', { drop: ['p'], title: 'h1:unknown-thing' }, 400, 'invalid_selector', siteRuleMessages.notASelector('h1:unknown-thing')],
      ['/api/site-rules/example.com', {}, 400, 'validation_failed', siteRuleMessages.empty],
      ['/api/site-rules/example.com', { drop: [], keep: [] }, 400, 'validation_failed', siteRuleMessages.empty],
      ['/api/site-rules/example.com', { drop: ['  '] }, 400, 'validation_failed', siteRuleMessages.blank],
      ['/api/site-rules/example.com', { drop: Array.from({ length: SITE_RULE_MAX_SELECTORS + 1 }, (_, i) => `.x${i}`) }, 400, 'validation_failed', siteRuleMessages.tooMany],
      ['/api/site-rules/example.com', { keep: ['p'.repeat(SITE_RULE_MAX_SELECTOR_LENGTH + 1)] }, 400, 'validation_failed', siteRuleMessages.tooLong],
      ['/api/site-rules/example.com', { drop: ['p'], script: 'x' }, 400, 'validation_failed', 'script'],
      ['/api/site-rules/exa%20mple.com', { drop: ['p'] }, 400, 'validation_failed', siteRuleMessages.notAHost],
      ['/api/site-rules/example.com%00', { drop: ['p'] }, 400, 'validation_failed', siteRuleMessages.notAHost],
      ['/api/site-rules/-example.com', { drop: ['p'] }, 400, 'validation_failed', siteRuleMessages.notAHost],
    ];
    for (const [url, payload, status, code, message] of refusals) {
      const res = await call('PUT', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toContain(message);
    }
    const tried = await call('POST', '/api/site-rules/try', { url: `${site.url}/story/1`, rules: { keep: ['p >> a'] } });
    expect(tried.statusCode).toBe(400);
    expect(tried.json()).toEqual({ message: siteRuleMessages.notASelector('p >> a'), code: 'invalid_selector' });
    const badUrl = await call('POST', '/api/site-rules/try', { url: 'ftp://example.com/', rules: { drop: ['p'] } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().code).toBe('invalid_url');
    expect(await count('site_rules')).toBe(0);
    expect(await count('articles')).toBe(0);
    expect(await count("activity WHERE kind LIKE 'site_rules.%'")).toBe(0);
  });
});
