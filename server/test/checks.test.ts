/**
 * The checks before publishing (src/contract/checks.ts) through the API: run in the worker
 * pool on the saved blog HTML, for any role that may read the article; nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { articleChecksResultSchema, articleSchema, checkTexts, serverMessages } from '../../src/contract/index.ts';
import { auth, backends, useHarness } from './helpers.ts';

describe.each(backends)('the checks before publishing ($name)', (backend) => {
  const ctx = useHarness(backend);

  const run = (id: string) => ctx.h.app.inject({ method: 'POST', url: `/api/articles/${id}/checks`, headers: auth(ctx.token) });

  it('reads the saved HTML: images without alt text, skipped heading levels, the title, words and reading time; the article unchanged', async () => {
    const words = Array.from({ length: 550 }, (_, i) => `word${i}`).join(' ');
    const created = await ctx.api('POST', '/api/articles', {
      slug: 'checked',
      title: 'Checked',
      blogData: `<h2>Start</h2><p>${words}</p><h4>Deep</h4><img src="/a.png" alt="A chart"><img src="/b.png"><img src="/c.png" alt="">`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const article = articleSchema.parse(created.json().data);
    const res = await run(article.id);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = articleChecksResultSchema.parse(res.json());
    // 552 words (with the headings'), two minutes of reading and 12 + 11 + 10 s for three images.
    expect(data.wordCount).toBe(552);
    expect(data.readingMinutes).toBe(3);
    expect(data.items).toEqual([
      { kind: 'title', ok: true, target: '', detail: checkTexts.titleOk },
      { kind: 'alt', ok: false, target: '/b.png', detail: checkTexts.altMissing },
      { kind: 'headings', ok: false, target: 'Deep', detail: checkTexts.headingSkipped(2, 4) },
    ]);
    expect(Date.now() - Date.parse(data.checkedAt)).toBeLessThan(60_000);
    expect(articleSchema.parse((await ctx.api('GET', `/api/articles/${article.id}`)).json().data)).toEqual(article);
  }, 20_000);

  it('passes an article whose HTML has nothing to fix, and says the HTML has no images', async () => {
    const created = await ctx.api('POST', '/api/articles', { slug: 'clean', title: 'Clean', blogData: '<h1>One</h1><h2>Two</h2><p>Short.</p>' });
    const { data } = articleChecksResultSchema.parse((await run(articleSchema.parse(created.json().data).id)).json());
    expect(data.items.every((item) => item.ok)).toBe(true);
    expect(data.items.find((item) => item.kind === 'alt')?.detail).toBe(checkTexts.altOk(0));
    expect(data).toMatchObject({ wordCount: 3, readingMinutes: 1 });
  }, 20_000);

  it('answers 404 for an unknown article', async () => {
    const res = await run('nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: serverMessages.articleNotFound, code: 'not_found' });
  });
});
