import { describe, expect, it } from 'vitest';
import {
  articleStatsSchema,
  articleViewsSchema,
  publicArticleListSchema,
  serverMessages,
  VIEW_DAYS,
  type Article,
} from '../../src/contract/index.ts';
import { utcDay } from '../shared/days.ts';
import { backends, useHarness } from './helpers.ts';

describe.each(backends)('the public read API and views ($name)', (backend) => {
  // Views are written only when flushed (app close or flush()): no timer during the tests.
  const ctx = useHarness(backend, { publicCorsOrigins: ['https://www.example.com'], viewFlushMs: 3_600_000 });

  const anonymous = (url: string, headers: Record<string, string> = {}) => ctx.h.app.inject({ method: 'GET', url, headers });
  const create = async (fields: Partial<Article>, publish: boolean) => {
    const res = await ctx.api('POST', '/api/articles', fields);
    expect(res.statusCode, res.body).toBe(201);
    const article = res.json<{ data: Article }>().data;
    if (publish) expect((await ctx.api('PATCH', `/api/articles/${article.id}/publish`)).statusCode).toBe(200);
    return article;
  };
  const flushViews = () => ctx.h.app.flushViews();

  it('lists published articles only, newest first, in keyset pages, without a session', async () => {
    const a = await create({ slug: 'a', title: 'A', scrappedData: 'First text', blogData: '<p>A</p>' }, true);
    await create({ slug: 'draft-only' }, false);
    const c = await create({ slug: 'c', title: null }, true);
    const trashed = await create({ slug: 'gone' }, true);
    await ctx.api('DELETE', `/api/articles/${trashed.id}`);

    const first = await anonymous('/api/public/articles?limit=1');
    expect(first.statusCode, first.body).toBe(200);
    const page = publicArticleListSchema.parse(first.json());
    expect(page.data.map((card) => card.slug)).toEqual(['c']);
    const second = publicArticleListSchema.parse((await anonymous(`/api/public/articles?limit=1&cursor=${page.nextCursor}`)).json());
    expect(second.data).toEqual([
      { slug: 'a', title: 'A', excerpt: 'First text', newUrl: null, createdAt: a.createdAt, updatedAt: expect.any(String) },
    ]);
    expect(second.nextCursor).toBeNull();
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(c.id).toBeTruthy();
  });

  it('serves one published article by slug with ETag and Cache-Control; 304 when unchanged; 404 for others', async () => {
    await create({ slug: 'hello', title: 'Hello', blogData: '<p>Hi</p>' }, true);
    await create({ slug: 'draft' }, false);
    const res = await anonymous('/api/public/articles/hello');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ slug: 'hello', title: 'Hello', blogData: '<p>Hi</p>' });
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const etag = String(res.headers.etag);
    const again = await anonymous('/api/public/articles/hello', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    for (const slug of ['draft', 'nope']) {
      const missing = await anonymous(`/api/public/articles/${slug}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'not_found', message: serverMessages.articleNotFound });
    }
    // The admin API still needs a session.
    expect((await anonymous('/api/articles/admin/articles')).statusCode).toBe(401);
  });

  it('sends CORS headers to the configured origins only', async () => {
    await create({ slug: 'x' }, true);
    const allowed = await anonymous('/api/public/articles/x', { origin: 'https://www.example.com' });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://www.example.com');
    expect(allowed.headers.vary).toContain('Origin');
    const other = await anonymous('/api/public/articles/x', { origin: 'https://evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await ctx.h.app.inject({
      method: 'OPTIONS',
      url: '/api/public/articles/x',
      headers: { origin: 'https://www.example.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET');
  });

  it('counts each public read as a view, in batches, for the dashboard and the article', async () => {
    const a = await create({ slug: 'read-me' }, true);
    const b = await create({ slug: 'other' }, true);
    for (let i = 0; i < 5; i++) await anonymous('/api/public/articles/read-me');
    await anonymous('/api/public/articles/other');
    await anonymous('/api/public/articles/nope');
    // Not written yet: a burst of reads is one write.
    expect((await ctx.h.db.query('SELECT 1 FROM article_views')).rows).toHaveLength(0);
    await flushViews();
    const rows = (await ctx.h.db.query<{ article_id: string; n: string | number }>('SELECT article_id, n FROM article_views ORDER BY n')).rows;
    expect(rows.map((r) => [r.article_id, Number(r.n)])).toEqual([
      [b.id, 1],
      [a.id, 5],
    ]);
    // Yesterday's views, for the change.
    await ctx.h.db.query('INSERT INTO article_views (article_id, day, n) VALUES ($1, $2::date - 1, 4)', [a.id, utcDay(new Date())]);
    const stats = articleStatsSchema.parse((await ctx.api('GET', '/api/articles/admin/stats')).json());
    expect(stats.views).toEqual({ today: 6, yesterday: 4 });

    const views = articleViewsSchema.parse((await ctx.api('GET', `/api/articles/${a.id}/views`)).json());
    expect(views.data).toHaveLength(VIEW_DAYS);
    expect(views.data.at(-1)).toEqual({ day: utcDay(new Date()), views: 5 });
    expect(views.data.at(-2)!.views).toBe(4);
    expect(views.total).toBe(9);
    expect((await ctx.api('GET', '/api/articles/nope/views')).statusCode).toBe(404);
  });
});
