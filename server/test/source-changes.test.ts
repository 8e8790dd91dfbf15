/**
 * A source that changes after its article was scraped, on a fixture site served from 127.0.0.1
 * (allowed as SCRAPE_ALLOW_CIDRS allows an intranet): the page asked again conditionally (304:
 * nothing read), a changed text flagged with its diff and counted by the list's filter, the
 * merge (the source's edits where the editor did not touch, conflicts the editor's unless taken,
 * a new revision), dismissal, the watcher of a source's articles, and bad input refused with its
 * message and nothing changed.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiErrors,
  articleListResultSchema,
  articleResultSchema,
  serverMessages,
  sourceChangeMessages,
  sourceChangeResultSchema,
  sourceCheckResultSchema,
  sourceCreatedSchema,
  sourceMergeResultSchema,
  type Article,
} from '../../src/contract/index.ts';
import { auth, backends, openHarness, type Harness } from './helpers.ts';

// Checks scrape pages in worker threads (jsdom and the extractor load in each): time on a busy CI.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const PARAGRAPHS = [
  'The ferry returned to the harbour on Tuesday morning after three weeks in the dry dock at the northern yard, its hull repainted.',
  'Passengers waiting on the quay said the crossing took longer than usual because of the strong westerly wind and the spring tide.',
  'The harbour master told the council that the channel would be dredged again before the autumn storms reach the coast this year.',
  'Fishermen at the market said the new timetable suits them better, since the early boat now leaves after the catch is landed.',
];

/** The story as the site has it: its paragraphs, each version a list of them. */
const storyPage = (paragraphs: string[]) => `<!doctype html><html><head><meta charset="utf-8"><title>Ferry returns</title></head><body>
<article><h1>Ferry returns</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article></body></html>`;

interface Site {
  url: string;
  log: string[];
  /** The story's paragraphs now (its ETag follows them). */
  story: string[];
  close(): Promise<void>;
}

async function startSite(): Promise<Site> {
  const state = { story: [...PARAGRAPHS] };
  const log: string[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
      return;
    }
    if (path === '/story.html' || path === '/private/story.html') {
      const etag = `"v-${createHash('sha256').update(state.story.join('|')).digest('hex').slice(0, 16)}"`;
      if (req.headers['if-none-match'] === etag) {
        log.push(`${path} 304`);
        return res.writeHead(304, { etag }).end();
      }
      log.push(path);
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag }).end(storyPage(state.story));
    }
    if (path === '/feed.xml') {
      log.push(path);
      return res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Harbour</title><item><title>Ferry returns</title><link>${base}/story.html</link><guid>story</guid></item></channel></rss>`);
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    log,
    get story() {
      return state.story;
    },
    set story(value: string[]) {
      state.story = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)('an article’s source that changes ($name)', (backend) => {
  let h: Harness;
  let token: string;
  let site: Site;
  let local: FastifyInstance;
  beforeAll(async () => {
    site = await startSite();
    h = await openHarness(backend);
    local = await h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'], timeoutMs: 5_000 }, sourcePaceMs: 1, background: { sources: false } });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await site?.close();
  });
  beforeEach(async () => {
    token = await h.reset();
    site.log.length = 0;
    site.story = [...PARAGRAPHS];
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    local.inject({ method, url, headers: { ...auth(token), ...headers }, ...(payload ? { payload } : {}) });
  const scrape = async (path = '/story.html'): Promise<Article> => {
    const res = await call('POST', '/api/articles/scrape', { url: `${site.url}${path}` });
    expect(res.statusCode, res.body).toBe(201);
    return articleResultSchema.parse(res.json()).data;
  };
  const check = async (id: string) => {
    const res = await call('POST', `/api/articles/${id}/source-check`);
    expect(res.statusCode, res.body).toBe(200);
    return sourceCheckResultSchema.parse(res.json()).data;
  };
  const article = async (id: string) => articleResultSchema.parse((await call('GET', `/api/articles/${id}`)).json()).data;
  const change = async (id: string) => {
    const res = await call('GET', `/api/articles/${id}/source-change`);
    expect(res.statusCode, res.body).toBe(200);
    return sourceChangeResultSchema.parse(res.json()).data;
  };
  const edited = (i: number, text: string, paragraphs = PARAGRAPHS) => paragraphs.map((p, k) => (k === i ? text : p));

  it('asks the page again with its validators: unchanged, a 304 and nothing read; changed, the article flagged with the diff and counted by the filter', async () => {
    const scraped = await scrape();
    expect(scraped.sourceChanged).toBe(false);
    site.log.length = 0;
    expect(await check(scraped.id)).toEqual({ changed: false, notModified: true });
    expect(site.log).toEqual(['/story.html 304']);

    site.story = [...edited(1, 'Passengers waiting on the quay said the crossing was quick despite the wind.'), 'A fifth paragraph was added by the source.'];
    expect(await check(scraped.id)).toEqual({ changed: true, notModified: false });
    expect((await article(scraped.id)).sourceChanged).toBe(true);

    const listed = await call('GET', '/api/articles/admin/articles?sourceChanged=true');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = articleListResultSchema.parse(listed.json());
    expect(list.data.map((card) => card.id)).toEqual([scraped.id]);
    expect(list.sourceChanged).toBe(1);
    expect(list.counts.all).toBe(1);
    const plain = articleListResultSchema.parse((await call('GET', '/api/articles/admin/articles')).json());
    expect(plain.sourceChanged).toBe(1);

    const seen = await change(scraped.id);
    expect(seen.oldText).toContain('took longer than usual');
    expect(seen.newText).toContain('A fifth paragraph was added by the source.');
    expect(seen.diff.granularity).toBe('words');
    expect(seen.diff.parts.filter((part) => part.kind === 'added').map((part) => part.text).join('')).toContain('fifth paragraph');
    expect(seen.diff.parts.filter((part) => part.kind === 'removed').map((part) => part.text).join('')).toContain('longer');
    expect(seen.merge).toEqual({ applied: 2, conflicts: [] });
    expect(seen.provenance).toMatchObject({ url: `${site.url}/story.html`, httpStatus: 200, robots: 'not-checked' });

    // Asked again with the changed page's validators: the same change, nothing read.
    site.log.length = 0;
    expect(await check(scraped.id)).toEqual({ changed: true, notModified: true });
    expect(site.log).toEqual(['/story.html 304']);
    const activity = (await call('GET', '/api/activity')).json() as { data: { kind: string; message: string }[] };
    expect(activity.data.filter((entry) => entry.kind === 'article.source_changed')).toHaveLength(1);
  });

  it('merges: the source’s edits where the editor did not touch, a conflict the editor’s unless taken, a new revision; a stale merge changes nothing', async () => {
    const scraped = await scrape();
    const mine = 'The ferry came home on Tuesday, as the editor tells it.';
    const patched = await call('PATCH', `/api/articles/${scraped.id}`, { blogData: scraped.blogData!.replace(PARAGRAPHS[0]!, mine) });
    expect(patched.statusCode, patched.body).toBe(200);
    const before = articleResultSchema.parse(patched.json()).data;

    site.story = edited(2, 'The harbour master told the council the channel is dredged in spring.', edited(0, 'The ferry returned on Tuesday, the source now says.'));
    expect((await check(scraped.id)).changed).toBe(true);
    const seen = await change(scraped.id);
    expect(seen.merge.applied).toBe(1);
    expect(seen.merge.conflicts).toHaveLength(1);
    expect(seen.merge.conflicts[0]!.editor).toContain(mine);
    expect(seen.merge.conflicts[0]!.source).toContain('the source now says');

    // Seen at an older version, or naming a conflict there is not: refused, nothing changed.
    const stale = await call('POST', `/api/articles/${scraped.id}/source-change/merge`, {}, { 'if-match': scraped.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale_article', message: apiErrors.stale_article.message });
    const unknown = await call('POST', `/api/articles/${scraped.id}/source-change/merge`, { take: [3] }, { 'if-match': before.updatedAt });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation_failed', message: sourceChangeMessages.takeUnknown });
    const bad = await call('POST', `/api/articles/${scraped.id}/source-change/merge`, { take: 'all' }, { 'if-match': before.updatedAt });
    expect(bad.statusCode).toBe(400);
    expect(await article(scraped.id)).toEqual(before.sourceChanged ? before : { ...before, sourceChanged: true });

    const res = await call('POST', `/api/articles/${scraped.id}/source-change/merge`, {}, { 'if-match': before.updatedAt });
    expect(res.statusCode, res.body).toBe(200);
    const merged = sourceMergeResultSchema.parse(res.json());
    expect(merged.data.blogData).toContain(mine);
    expect(merged.data.blogData).toContain('dredged in spring');
    expect(merged.data.blogData).not.toContain('before the autumn storms');
    expect(merged.data.scrappedData).toContain('the source now says');
    expect(merged.data.sourceChanged).toBe(false);
    expect(merged.conflicts).toHaveLength(1);
    const history = (await call('GET', `/api/articles/${scraped.id}/revisions`)).json() as { data: { reason: string }[] };
    expect(history.data[0]!.reason).toBe("Merged the source's changes");

    // Nothing waits any more; the source as merged is no change.
    const none = await call('GET', `/api/articles/${scraped.id}/source-change`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'no_source_change', message: sourceChangeMessages.none });
    expect((await check(scraped.id)).changed).toBe(false);
  });

  it('takes a conflict from the source when asked', async () => {
    const scraped = await scrape();
    const patched = articleResultSchema.parse(
      (await call('PATCH', `/api/articles/${scraped.id}`, { blogData: scraped.blogData!.replace(PARAGRAPHS[3]!, 'The editor’s own ending.') })).json(),
    ).data;
    site.story = edited(3, 'The source’s new ending.');
    await check(scraped.id);
    const res = await call('POST', `/api/articles/${scraped.id}/source-change/merge`, { take: [0] }, { 'if-match': patched.updatedAt });
    expect(res.statusCode, res.body).toBe(200);
    const merged = sourceMergeResultSchema.parse(res.json());
    expect(merged.data.blogData).toContain('The source’s new ending.');
    expect(merged.data.blogData).not.toContain('The editor’s own ending.');
    expect(merged.conflicts).toEqual([]);
  });

  it('sets a change aside: the same text is not flagged again, a newer one is; a published article is flagged but not merged', async () => {
    const scraped = await scrape();
    site.story = edited(1, 'A correction the editor does not want.');
    await check(scraped.id);
    const dismissed = await call('POST', `/api/articles/${scraped.id}/source-change/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(204);
    expect((await article(scraped.id)).sourceChanged).toBe(false);
    expect(await check(scraped.id)).toEqual({ changed: false, notModified: false });
    expect((await article(scraped.id)).sourceChanged).toBe(false);

    site.story = edited(1, 'A later correction.');
    expect((await check(scraped.id)).changed).toBe(true);
    const published = await call('PATCH', `/api/articles/${scraped.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const current = await article(scraped.id);
    const refused = await call('POST', `/api/articles/${scraped.id}/source-change/merge`, {}, { 'if-match': current.updatedAt });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'article_published', message: apiErrors.article_published.message });
    expect(await article(scraped.id)).toEqual(current);
  });

  it('refuses bad input with its message: no address, no article, nothing to merge or dismiss, a page robots.txt disallows', async () => {
    const written = await call('POST', '/api/articles', { blogData: '<p>By hand</p>' });
    const id = articleResultSchema.parse(written.json()).data.id;
    const noAddress = await call('POST', `/api/articles/${id}/source-check`);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toMatchObject({ code: 'no_scraped_url', message: serverMessages.noScrapedUrl });
    const missing = await call('POST', '/api/articles/nope/source-check');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found', message: serverMessages.articleNotFound });
    for (const path of ['source-change/dismiss', 'source-change/merge']) {
      const res = await call('POST', `/api/articles/${id}/${path}`, {});
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'no_source_change', message: sourceChangeMessages.none });
    }
    const scraped = await scrape('/private/story.html');
    site.log.length = 0;
    const refused = await call('POST', `/api/articles/${scraped.id}/source-check`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'robots_disallowed', message: "Disallowed by the site's robots.txt" });
    expect(site.log).toEqual([]);
    expect((await article(scraped.id)).sourceChanged).toBe(false);
  });

  it('watches the articles of a source that watches: due ones are asked again by the watcher; a source that does not is left alone', async () => {
    const created = sourceCreatedSchema.parse((await call('POST', '/api/sources', { url: `${site.url}/feed.xml` })).json());
    expect(created.data.watch).toBe(true);
    const poll = await call('POST', `/api/sources/${created.data.id}/poll`);
    expect(poll.json()).toMatchObject({ data: { created: 1 } });
    const [card] = articleListResultSchema.parse((await call('GET', '/api/articles/admin/articles')).json()).data;
    site.story = edited(0, 'The source changed its first paragraph.');

    // Not due yet: the watcher leaves it; due, it is checked within the watcher's next round.
    await h.db.query('UPDATE article_source_watch SET next_check_at = now() - interval \'1 minute\' WHERE article_id = $1', [card!.id]);
    const unwatched = await call('PATCH', `/api/sources/${created.data.id}`, { watch: false });
    expect(unwatched.json()).toMatchObject({ data: { watch: false } });
    const watcher = await h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'], timeoutMs: 5_000 }, sourcePaceMs: 1, background: { sources: { pollMs: 20 } } });
    try {
      // The source does not watch: a whole round passes (its feed asked in the next round proves
      // it) and the article is not asked.
      const feedAsked = () => site.log.filter((line) => line === '/feed.xml').length;
      const before = feedAsked();
      const since = site.log.length;
      await vi.waitFor(
        async () => {
          await h.db.query("UPDATE sources SET next_poll_at = now() - interval '1 minute'");
          expect(feedAsked()).toBeGreaterThanOrEqual(before + 2);
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(site.log.slice(since)).not.toContain('/story.html');
      expect((await article(card!.id)).sourceChanged).toBe(false);
      await call('PATCH', `/api/sources/${created.data.id}`, { watch: true });
      await vi.waitFor(async () => expect((await article(card!.id)).sourceChanged).toBe(true), { timeout: 30_000, interval: 50 });
    } finally {
      await watcher.close();
    }
  });
});
