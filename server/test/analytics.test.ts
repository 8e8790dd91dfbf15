import { describe, expect, it } from 'vitest';
import { analyticsSchema, type Article } from '../../src/contract/index.ts';
import { utcDay } from '../shared/days.ts';
import { backends, fixtures, uploadRequest, useHarness } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)('analytics ($name)', (backend) => {
  const ctx = useHarness(backend);

  const create = async (fields: Partial<Article>) => (await ctx.api('POST', '/api/articles', fields)).json<{ data: Article }>().data;

  it('sums articles created, published and deleted, views, top articles, sites and storage per day', async () => {
    const a = await create({ slug: 'a', title: 'Read a lot', scrapedUrl: 'https://news.example.com/a' });
    const b = await create({ slug: 'b', scrapedUrl: 'https://news.example.com/b' });
    const c = await create({ slug: 'c', scrapedUrl: 'https://blog.example.org/c' });
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    await ctx.api('DELETE', `/api/articles/${c.id}`);
    const today = utcDay(new Date());
    const yesterday = utcDay(new Date(Date.now() - DAY));
    await ctx.h.db.query('INSERT INTO article_views (article_id, day, n) VALUES ($1, $3, 7), ($1, $4, 3), ($2, $3, 1)', [a.id, b.id, today, yesterday]);
    expect((await ctx.h.app.inject(uploadRequest(ctx.token, 'photo.png', await fixtures.png()))).statusCode).toBe(201);
    expect((await ctx.h.app.inject(uploadRequest(ctx.token, 'doc.pdf', fixtures.pdf()))).statusCode).toBe(201);

    const res = await ctx.api('GET', '/api/analytics');
    expect(res.statusCode, res.body).toBe(200);
    const data = analyticsSchema.parse(res.json());
    expect(data.days).toBe(30);
    for (const series of [data.articles, data.views, data.storage]) {
      expect(series).toHaveLength(30);
      expect(series.at(-1)!.day).toBe(today);
    }
    expect(data.articles.at(-1)).toEqual({ day: today, created: 3, published: 1, deleted: 1 });
    expect(data.views.at(-1)).toEqual({ day: today, views: 8 });
    expect(data.views.at(-2)).toEqual({ day: yesterday, views: 3 });
    expect(data.topArticles).toEqual([
      { id: a.id, title: 'Read a lot', slug: 'a', views: 10 },
      { id: b.id, title: null, slug: 'b', views: 1 },
    ]);
    // Live articles only: c is in the trash.
    expect(data.topSites).toEqual([{ site: 'news.example.com', count: 2 }]);
    const last = data.storage.at(-1)!;
    expect(last.images).toBeGreaterThan(0);
    expect(last.pdfs).toBe(fixtures.pdf().length);
    expect(data.storage.at(-2)).toEqual({ day: yesterday, images: 0, pdfs: 0 });

    expect(analyticsSchema.parse((await ctx.api('GET', '/api/analytics?days=90')).json()).articles).toHaveLength(90);
  });

  it('refuses another period with 400 and needs a session', async () => {
    const res = await ctx.api('GET', '/api/analytics?days=7');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', message: 'Invalid querystring field "days": Choose 30 or 90 days' });
    expect((await ctx.h.app.inject({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
  });
});
