import { describe, expect, it } from 'vitest';
import {
  articleListResultSchema,
  bulkResultSchema,
  MAX_BULK_IDS,
  serverMessages,
  trashListResultSchema,
  type Article,
} from '../../src/contract/index.ts';
import { backends, useHarness } from './helpers.ts';

describe.each(backends)('bulk actions on articles ($name)', (backend) => {
  const ctx = useHarness(backend);

  const create = async (fields: Partial<Article> = {}) => {
    const res = await ctx.api('POST', '/api/articles', fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: Article }>().data;
  };
  const bulk = async (payload: unknown) => {
    const res = await ctx.api('POST', '/api/articles/bulk', payload);
    expect(res.statusCode, res.body).toBe(200);
    return bulkResultSchema.parse(res.json());
  };
  const list = async () => articleListResultSchema.parse((await ctx.api('GET', '/api/articles/admin/articles?limit=200')).json());
  const snapshot = async () =>
    (await ctx.h.db.query('SELECT id, status, updated_at, deleted_at FROM articles ORDER BY id')).rows as unknown[];
  const activityKinds = async () =>
    (await ctx.h.db.query<{ kind: string }>('SELECT kind FROM activity ORDER BY id')).rows.map((row) => row.kind);

  it('publishes, converts to draft and deletes a selection in one request, saying what changed', async () => {
    const [a, b, c] = [await create({ slug: 'a' }), await create({ slug: 'b' }), await create({ slug: 'c' })];
    await ctx.api('PATCH', `/api/articles/${b.id}/publish`);

    const published = await bulk({ action: 'publish', ids: [a.id, b.id, 'nope', a.id] });
    expect(published).toEqual({
      changed: [a.id],
      unchanged: [b.id],
      refused: [{ id: 'nope', code: 'not_found', message: serverMessages.articleNotFound }],
    });
    expect((await list()).counts).toEqual({ all: 3, published: 2, draft: 1, scheduled: 0 });
    const after = (await ctx.api('GET', `/api/articles/${a.id}`)).json().data as Article;
    expect(after.updatedAt > a.updatedAt).toBe(true);

    expect(await bulk({ action: 'draft', ids: [a.id, b.id, c.id] })).toEqual({ changed: [a.id, b.id], unchanged: [c.id], refused: [] });
    expect((await list()).counts).toEqual({ all: 3, published: 0, draft: 3, scheduled: 0 });

    await ctx.api('PATCH', `/api/articles/${c.id}/publish`);
    // Published articles go to the trash too, as a single Delete does.
    expect(await bulk({ action: 'delete', ids: [c.id, a.id] })).toEqual({ changed: [c.id, a.id], unchanged: [], refused: [] });
    expect((await list()).data.map((card) => card.id)).toEqual([b.id]);
    const trash = trashListResultSchema.parse((await ctx.api('GET', '/api/articles/admin/trash')).json());
    expect(trash.data.map((card) => card.id).sort()).toEqual([a.id, c.id].sort());
    // In the trash: refused like an unknown id.
    expect((await bulk({ action: 'publish', ids: [a.id] })).refused).toEqual([
      { id: a.id, code: 'not_found', message: serverMessages.articleNotFound },
    ]);

    expect(await activityKinds()).toEqual([
      'article.created',
      'article.created',
      'article.created',
      'article.published',
      'article.published',
      'article.draft',
      'article.draft',
      'article.published',
      'article.deleted',
      'article.deleted',
    ]);
  });

  it(`refuses more than ${MAX_BULK_IDS} ids, no ids, an unknown action or extra fields with 400, changing nothing`, async () => {
    const a = await create({ slug: 'a' });
    const before = await snapshot();
    const tooMany = await ctx.api('POST', '/api/articles/bulk', { action: 'publish', ids: Array.from({ length: MAX_BULK_IDS + 1 }, () => a.id) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ code: 'validation_failed', message: `Invalid body field "ids": ${serverMessages.bulkTooMany}` });
    for (const payload of [
      { action: 'publish', ids: [] },
      { action: 'archive', ids: [a.id] },
      { action: 'publish', ids: [a.id], status: 'draft' },
      { ids: [a.id] },
    ]) {
      const res = await ctx.api('POST', '/api/articles/bulk', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect(await snapshot()).toEqual(before);
  });

  it(`takes ${MAX_BULK_IDS} ids at once`, async () => {
    await ctx.h.db.query(
      `INSERT INTO articles (id, status, slug, scrapped_data, created_at, updated_at)
       SELECT 'bulk' || lpad(i::text, 4, '0'), 'draft', 'bulk-' || i, '', now(), now() FROM generate_series(1, ${MAX_BULK_IDS}) i`,
    );
    const ids = Array.from({ length: MAX_BULK_IDS }, (_, i) => `bulk${String(i + 1).padStart(4, '0')}`);
    const result = await bulk({ action: 'publish', ids });
    expect(result.changed).toHaveLength(MAX_BULK_IDS);
    expect((await list()).counts).toEqual({ all: MAX_BULK_IDS, published: MAX_BULK_IDS, draft: 0, scheduled: 0 });
  });
});
