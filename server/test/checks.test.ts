/**
 * The checks before publishing (src/contract/checks.ts) through the API: run in the worker
 * pool on the saved blog HTML, for any role that may read the article; other sites' addresses
 * asked through the safe fetch (a private one never), each at most once a day; nothing changes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleChecksResultSchema, articleListResultSchema, articleSchema, checkTexts, keptArticleChecksResultSchema, serverMessages } from '../../src/contract/index.ts';
import { storeArticleChecks } from '../repositories/articleChecks.ts';
import { auth, backends, fixtures, uploadOk, useHarness } from './helpers.ts';

/** A site whose paths answer 200, 404, a redirect to 200, or nothing in time; it counts what it was asked. */
async function startSite() {
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    asked.push(req.url!);
    if (req.url === '/ok' || req.url === '/photo.png') res.writeHead(200, { 'content-type': 'text/plain' }).end('fine');
    else if (req.url === '/moved') res.writeHead(301, { location: '/ok' }).end();
    else if (req.url === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 3_000).unref();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, asked, close: () => new Promise<void>((resolve) => server.closeAllConnections() ?? server.close(() => resolve())) };
}

describe.each(backends)('the checks before publishing ($name)', (backend) => {
  const ctx = useHarness(backend);
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site.close();
  });

  const create = async (blogData: string, title = 'Checked') => {
    const created = await ctx.api('POST', '/api/articles', { slug: `checked-${Math.random().toString(36).slice(2, 8)}`, title, blogData });
    expect(created.statusCode, created.body).toBe(201);
    return articleSchema.parse(created.json().data);
  };
  const run = (id: string) => ctx.h.app.inject({ method: 'POST', url: `/api/articles/${id}/checks`, headers: auth(ctx.token) });

  it('reads the saved HTML: images without alt text, skipped heading levels, the title, words and reading time; the article unchanged', async () => {
    const words = Array.from({ length: 550 }, (_, i) => `word${i}`).join(' ');
    const article = await create(`<h2>Start</h2><p>${words}</p><h4>Deep</h4><img src="/a.png" alt="A chart"><img src="/b.png"><img src="/c.png" alt="">`);
    const before = Date.now();
    const res = await run(article.id);
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const { data } = articleChecksResultSchema.parse(res.json());
    // 552 words (with the headings'), two minutes of reading and 12 + 11 + 10 s for three images.
    expect(data.wordCount).toBe(552);
    expect(data.readingMinutes).toBe(3);
    expect(data.items).toEqual([
      { kind: 'title', ok: true, target: '', detail: checkTexts.titleOk },
      { kind: 'alt', ok: false, target: '/b.png', detail: checkTexts.altMissing },
      { kind: 'headings', ok: false, target: 'Deep', detail: checkTexts.headingSkipped(2, 4) },
      // Addresses within the site (relative) are not another site's.
      { kind: 'link', ok: true, target: '', detail: checkTexts.linksOk(0) },
      { kind: 'image', ok: true, target: '', detail: checkTexts.imagesOk(0) },
    ]);
    // Checked by this run.
    expect(Date.parse(data.checkedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(data.checkedAt)).toBeLessThanOrEqual(after);
    expect(articleSchema.parse((await ctx.api('GET', `/api/articles/${article.id}`)).json().data)).toEqual(article);
  }, 20_000);

  it('passes an article whose HTML has nothing to fix, and says the HTML has no images', async () => {
    const article = await create('<h1>One</h1><h2>Two</h2><p>Short.</p>', 'Clean');
    const { data } = articleChecksResultSchema.parse((await run(article.id)).json());
    expect(data.items.every((item) => item.ok)).toBe(true);
    expect(data.items.find((item) => item.kind === 'alt')?.detail).toBe(checkTexts.altOk(0));
    expect(data).toMatchObject({ wordCount: 3, readingMinutes: 1 });
  }, 20_000);

  it('keeps no answer of an address too long for its index: asked each time, and the run still answers', async () => {
    const long = `${site.base}/ok?${'q'.repeat(3_000)}`;
    const article = await create(`<p><a href="${long}">long</a></p>`);
    const res = await run(article.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.h.db.query('SELECT count(*)::int AS n FROM address_checks')).rows[0]).toEqual({ n: 0 });
  }, 20_000);

  it('never fetches a private address: reported as not checked', async () => {
    const article = await create(`<p><a href="${site.base}/ok">a link</a></p><img src="http://169.254.169.254/latest/meta-data" alt="x">`);
    const before = site.asked.length;
    const { data } = articleChecksResultSchema.parse((await run(article.id)).json());
    expect(data.items.filter((item) => item.kind === 'link' || item.kind === 'image')).toEqual([
      { kind: 'link', ok: false, target: `${site.base}/ok`, detail: checkTexts.notChecked },
      { kind: 'image', ok: false, target: 'http://169.254.169.254/latest/meta-data', detail: checkTexts.notChecked },
    ]);
    expect(site.asked.length).toBe(before);
  }, 20_000);

  describe('where the site is allowed (an intranet, here the test site)', () => {
    let local: Awaited<ReturnType<typeof ctx.h.buildApp>>;
    beforeAll(async () => {
      local = await ctx.h.buildApp({ scrape: { allowCidrs: ['127.0.0.1/32'], timeoutMs: 1_000 } });
    });
    const runLocal = (id: string) => local.inject({ method: 'POST', url: `/api/articles/${id}/checks`, headers: auth(ctx.token) });

    it('says which links and images do not answer, and why; asks each address once a day', async () => {
      const article = await create(
        `<p><a href="${site.base}/ok">fine</a> <a href="${site.base}/moved">moved</a> <a href="${site.base}/gone">gone</a> ` +
          `<a href="${site.base}/slow">slow</a> <a href="${site.base}/ok">fine again</a> <a href="${site.base}/to-metadata">away</a></p>` +
          `<img src="${site.base}/photo.png" alt="a photo"><img src="${site.base}/missing.png" alt="lost">`,
      );
      const first = articleChecksResultSchema.parse((await runLocal(article.id)).json()).data;
      expect(first.items.filter((item) => item.kind === 'link' || item.kind === 'image')).toEqual([
        { kind: 'link', ok: false, target: `${site.base}/gone`, detail: checkTexts.status(404) },
        { kind: 'link', ok: false, target: `${site.base}/slow`, detail: expect.stringContaining('took too long') },
        // Redirected to a private address: refused before any request there.
        { kind: 'link', ok: false, target: `${site.base}/to-metadata`, detail: checkTexts.notChecked },
        { kind: 'image', ok: false, target: `${site.base}/missing.png`, detail: checkTexts.status(404) },
      ]);
      const asked = site.asked.length;
      // Within the day, again: the answers are kept, nothing is asked.
      const again = articleChecksResultSchema.parse((await runLocal(article.id)).json()).data;
      expect(again.items).toEqual(first.items);
      expect(site.asked.length).toBe(asked);
      // Eleven minutes later the failures are asked again (a site that was down may be back), the answers not.
      await ctx.h.db.query("UPDATE address_checks SET checked_at = checked_at - interval '11 minutes'");
      await runLocal(article.id);
      expect(site.asked.slice(asked).sort()).toEqual(['/gone', '/missing.png', '/slow', '/to-metadata']);
      // A day later every address is asked again.
      await ctx.h.db.query("UPDATE address_checks SET checked_at = checked_at - interval '25 hours'");
      const before = site.asked.length;
      await runLocal(article.id);
      expect(site.asked.slice(before).sort()).toEqual(['/gone', '/missing.png', '/moved', '/ok', '/ok', '/photo.png', '/slow', '/to-metadata']);
    }, 30_000);
  });

  const kept = async (id: string, app = ctx.h.app) => {
    const res = await app.inject({ method: 'GET', url: `/api/articles/${id}/checks`, headers: auth(ctx.token) });
    expect(res.statusCode, res.body).toBe(200);
    return keptArticleChecksResultSchema.parse(res.json());
  };

  it('keeps the last run for the article page, and says when the article was saved after it', async () => {
    const article = await create('<p>Three plain words.</p><img src="/b.png">');
    expect(await kept(article.id)).toEqual({ data: null, stale: false });
    const { data } = articleChecksResultSchema.parse((await run(article.id)).json());
    expect(await kept(article.id)).toEqual({ data, stale: false });
    // Published and back (what the checks read unchanged): not stale.
    expect((await ctx.api('PATCH', `/api/articles/${article.id}/publish`)).statusCode).toBe(200);
    expect((await ctx.api('PATCH', `/api/articles/${article.id}/draft`)).statusCode).toBe(200);
    expect(await kept(article.id)).toEqual({ data, stale: false });
    // Saved again (this app runs nothing by itself): the kept result is of the version before.
    const saved = await ctx.api('PATCH', `/api/articles/${article.id}`, { blogData: '<p>Other words.</p>' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await kept(article.id)).toEqual({ data, stale: true });
    const res = await ctx.h.app.inject({ method: 'GET', url: '/api/articles/nope/checks', headers: auth(ctx.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: serverMessages.articleNotFound, code: 'not_found' });
  });

  it('never keeps the result of an earlier save over a later one\'s, whichever run ends last', async () => {
    const article = await create('<p>Words.</p>');
    const result = (detail: string) => ({ checkedAt: new Date().toISOString(), wordCount: 1, readingMinutes: 1, items: [{ kind: 'title' as const, ok: true, target: '', detail }] });
    const saved = { id: article.id, updated_at: new Date(article.updatedAt), title: article.title ?? null, blog_data: article.blogData };
    await storeArticleChecks(ctx.h.db, saved, result('of the saved version'));
    // A run of the version before it ends later: not kept.
    await storeArticleChecks(ctx.h.db, { ...saved, updated_at: new Date(saved.updated_at.getTime() - 1_000) }, result('of the version before'));
    expect(await kept(article.id)).toMatchObject({ data: { items: [{ detail: 'of the saved version' }] }, stale: false });
    // Nor for an article deleted for good meanwhile.
    await ctx.h.db.query('DELETE FROM articles WHERE id = $1', [article.id]);
    await storeArticleChecks(ctx.h.db, saved, result('of a deleted article'));
    expect((await ctx.h.db.query('SELECT count(*)::int AS n FROM article_checks')).rows[0]).toEqual({ n: 0 });
  });

  describe('run by the server after each change', () => {
    let local: Awaited<ReturnType<typeof ctx.h.buildApp>>;
    beforeAll(async () => {
      local = await ctx.h.buildApp({ background: { checks: true } });
    });
    const list = async (query: string) => {
      const res = await local.inject({ method: 'GET', url: `/api/articles/admin/articles?${query}`, headers: auth(ctx.token) });
      expect(res.statusCode, res.body).toBe(200);
      return articleListResultSchema.parse(res.json());
    };
    const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      local.inject({ method, url, headers: auth(ctx.token), ...(payload === undefined ? {} : { payload }) });

    it('at creation and on save: the list\'s attention filter and its count follow the kept results', async () => {
      const fine = await send('POST', '/api/articles', { slug: 'fine-one', title: 'Fine', blogData: '<p>Nothing to fix.</p>' });
      const broken = await send('POST', '/api/articles', { slug: 'broken-one', title: 'Broken', blogData: '<h2>A</h2><h4>B</h4><img src="/x.png">' });
      expect([fine.statusCode, broken.statusCode]).toEqual([201, 201]);
      const [fineId, brokenId] = [fine.json().data.id as string, broken.json().data.id as string];
      await local.checksIdle();
      expect((await kept(brokenId, local)).data!.items.filter((item) => !item.ok).map((item) => item.kind)).toEqual(['alt', 'headings']);
      expect((await kept(fineId, local)).data!.items.every((item) => item.ok)).toBe(true);

      const attention = await list('attention=true');
      expect(attention.data.map((card) => card.id)).toEqual([brokenId]);
      expect(attention.counts).toMatchObject({ all: 1, draft: 1, published: 0 });
      expect(attention.attention).toBe(1);
      // Without the filter: every article, and the same attention count.
      expect(await list('')).toMatchObject({ counts: { all: 2 }, attention: 1 });
      // With a search beside it: both filters.
      expect((await list('attention=true&q=fine')).data).toEqual([]);
      expect((await list('attention=true&q=broken')).data.map((card) => card.id)).toEqual([brokenId]);

      // Fixed and saved: run again by itself, the article leaves the filter.
      const fixed = await send('PATCH', `/api/articles/${brokenId}`, { blogData: '<h2>A</h2><h3>B</h3><img src="/x.png" alt="A chart">' });
      expect(fixed.statusCode, fixed.body).toBe(200);
      await local.checksIdle();
      expect(await kept(brokenId, local)).toMatchObject({ stale: false });
      expect((await list('attention=true')).data).toEqual([]);
      expect((await list('')).attention).toBe(0);
    });

    it('an article in the trash needs no attention; back from it, it does again', async () => {
      const created = await send('POST', '/api/articles', { slug: 'trashed-one', blogData: '<p>No title.</p>' });
      const id = created.json().data.id as string;
      await local.checksIdle();
      expect((await list('')).attention).toBe(1);
      expect((await send('DELETE', `/api/articles/${id}`)).statusCode).toBe(204);
      expect((await list('')).attention).toBe(0);
      expect((await list('attention=true')).data).toEqual([]);
      expect((await send('POST', `/api/articles/${id}/restore`, {})).statusCode).toBe(200);
      expect((await list('attention=true')).data.map((card) => card.id)).toEqual([id]);
    });
  });

  it("offers, beside an image of the library without alt text, the file's own: read at each answer, never from the trash", async () => {
    const described = await uploadOk(ctx, 'bicycle.png', await fixtures.png(40, 30));
    const bare = await uploadOk(ctx, 'bare.png', await fixtures.png(30, 40));
    const patched = await ctx.api('PATCH', `/api/files/${described.id}`, { alt: 'A red bicycle by a wall' });
    expect(patched.statusCode, patched.body).toBe(200);
    const article = await create(
      `<h2>Pictures</h2><img src="${described.url}"><img src="https://cms.example${described.url}?w=640"><img src="${bare.url}"><img src="${described.url}" alt="">`,
    );
    const altItems = (items: { kind: string; ok: boolean }[]) => items.filter((item) => item.kind === 'alt');
    const ran = articleChecksResultSchema.parse((await run(article.id)).json()).data;
    expect(altItems(ran.items)).toEqual([
      { kind: 'alt', ok: false, target: described.url, detail: checkTexts.altMissing, fileAlt: 'A red bicycle by a wall' },
      { kind: 'alt', ok: false, target: `https://cms.example${described.url}?w=640`, detail: checkTexts.altMissing, fileAlt: 'A red bicycle by a wall' },
      { kind: 'alt', ok: false, target: bare.url, detail: checkTexts.altMissing },
    ]);
    // Kept without it: the kept result says the file's alt text as it is when read.
    expect(await ctx.api('PATCH', `/api/files/${described.id}`, { alt: 'A bicycle' })).toMatchObject({ statusCode: 200 });
    const read = async () => keptArticleChecksResultSchema.parse((await ctx.api('GET', `/api/articles/${article.id}/checks`)).json()).data!;
    expect(altItems((await read()).items).map((item) => (item as { fileAlt?: string }).fileAlt)).toEqual(['A bicycle', 'A bicycle', undefined]);
    expect((await ctx.api('DELETE', `/api/files/${described.id}`)).statusCode).toBe(200);
    expect(altItems((await read()).items).map((item) => (item as { fileAlt?: string }).fileAlt)).toEqual([undefined, undefined, undefined]);
  });

  it('answers 404 for an unknown article', async () => {
    const res = await run('nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: serverMessages.articleNotFound, code: 'not_found' });
  });
});
