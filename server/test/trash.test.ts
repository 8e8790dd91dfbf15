import { describe, expect, it } from 'vitest';
import {
  articleListResultSchema,
  articleStatsSchema,
  serverMessages,
  TRASH_RETENTION_DAYS,
  trashListResultSchema,
  type Article,
} from '../../src/contract/index.ts';
import { sweepTrash } from '../articles/operations/index.ts';
import { auth, backends, useHarness } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)('the trash ($name)', (backend) => {
  const ctx = useHarness(backend);

  const create = async (fields: Partial<Article> = {}) => {
    const res = await ctx.api('POST', '/api/articles', fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: Article }>().data;
  };
  const list = async () => articleListResultSchema.parse((await ctx.api('GET', '/api/articles/admin/articles')).json());
  const trash = async (query = '') => {
    const res = await ctx.api('GET', `/api/articles/admin/trash${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return trashListResultSchema.parse(res.json());
  };
  const remove = async (id: string) => expect((await ctx.api('DELETE', `/api/articles/${id}`)).statusCode).toBe(204);
  const activity = async () =>
    (await ctx.h.db.query<{ kind: string; message: string }>('SELECT kind, message FROM activity ORDER BY id DESC')).rows;

  it('takes a deleted article out of the list, counts, search, reads and the dashboard, into the trash', async () => {
    const kept = await create({ slug: 'kept' });
    const gone = await create({ slug: 'gone', title: 'Gone for now' });
    await ctx.api('PATCH', `/api/articles/${gone.id}/publish`);
    const before = Date.now();
    await remove(gone.id);
    const after = Date.now();

    const page = await list();
    expect(page.data.map((c) => c.id)).toEqual([kept.id]);
    expect(page.counts).toEqual({ all: 1, published: 0, draft: 1, scheduled: 0 });
    expect((await ctx.api('GET', '/api/articles/admin/articles?q=gone')).json().data).toEqual([]);
    expect((await ctx.api('GET', `/api/articles/${gone.id}`)).statusCode).toBe(404);
    expect((await ctx.api('PATCH', `/api/articles/${gone.id}`, { slug: 'other' })).statusCode).toBe(404);
    expect((await ctx.api('DELETE', `/api/articles/${gone.id}`)).json()).toEqual({
      code: 'not_found',
      message: serverMessages.articleNotFound,
    });
    const stats = articleStatsSchema.parse((await ctx.api('GET', '/api/articles/admin/stats')).json());
    expect(stats.counts).toEqual({ all: 1, published: 0, draft: 1, scheduled: 0 });

    const inTrash = await trash();
    expect(inTrash.total).toBe(1);
    expect(inTrash.data).toHaveLength(1);
    expect(inTrash.data[0]).toMatchObject({ id: gone.id, slug: 'gone', title: 'Gone for now', status: 'published' });
    expect(Date.parse(inTrash.data[0]!.deletedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(inTrash.data[0]!.deletedAt)).toBeLessThanOrEqual(after);
    expect((await activity())[0]).toEqual({ kind: 'article.deleted', message: 'Article "gone" deleted' });
  });

  it('restores with no body, an empty JSON body or a JSON null alike (every field of the body is optional)', async () => {
    const a = await create({ slug: 'bodiless' });
    for (const request of [
      {},
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { headers: { 'content-type': 'application/json' }, payload: 'null' },
    ]) {
      await remove(a.id);
      const res = await ctx.h.app.inject({
        method: 'POST',
        url: `/api/articles/${a.id}/restore`,
        ...request,
        headers: { ...auth(ctx.token), ...request.headers },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: a.id, slug: 'bodiless' });
    }
    // A body that is there is still checked.
    await remove(a.id);
    const bad = await ctx.api('POST', `/api/articles/${a.id}/restore`, { slug: 5 });
    expect(bad.statusCode).toBe(400);
    expect((await trash()).total).toBe(1);
  });

  it("frees a trashed article's slug; restore gives back id, status and slug, or says the slug was taken", async () => {
    const a = await create({ slug: 'tomatoes', blogData: '<p>Red</p>' });
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    await remove(a.id);
    const restored = await ctx.api('POST', `/api/articles/${a.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ id: a.id, slug: 'tomatoes', status: 'published', blogData: '<p>Red</p>' });
    expect((await list()).counts).toEqual({ all: 1, published: 1, draft: 0, scheduled: 0 });
    expect((await trash()).total).toBe(0);
    expect((await activity())[0]).toEqual({ kind: 'article.restored', message: 'Article "tomatoes" restored from the trash' });

    // Taken meanwhile: refused with a free suggestion, nothing changed.
    await remove(a.id);
    const other = await create({ slug: 'tomatoes' });
    const refused = await ctx.api('POST', `/api/articles/${a.id}/restore`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'restore_slug_taken', message: serverMessages.restoreSlugTaken, suggestion: 'tomatoes-2' });
    expect((await trash()).data.map((c) => c.id)).toEqual([a.id]);
    expect((await list()).data.map((c) => c.id)).toEqual([other.id]);
    // Under the suggestion.
    const again = await ctx.api('POST', `/api/articles/${a.id}/restore`, { slug: 'tomatoes-2' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: a.id, slug: 'tomatoes-2' });
    expect((await activity())[0]!.message).toBe('Article "tomatoes" restored from the trash as "tomatoes-2"');
  });

  it('refuses a restore of an article not in the trash, an unknown one, and a bad slug, changing nothing', async () => {
    const live = await create({ slug: 'live' });
    for (const id of [live.id, 'nope']) {
      const res = await ctx.api('POST', `/api/articles/${id}/restore`, {});
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: serverMessages.articleNotFound });
    }
    const trashed = await create({ slug: 'trashed' });
    await remove(trashed.id);
    const bad = await ctx.api('POST', `/api/articles/${trashed.id}/restore`, { slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_slug');
    const extra = await ctx.api('POST', `/api/articles/${trashed.id}/restore`, { slug: 'ok', status: 'draft' });
    expect(extra.statusCode).toBe(400);
    expect((await trash()).data.map((c) => c.id)).toEqual([trashed.id]);
  });

  it('deletes for good only from the trash', async () => {
    const live = await create({ slug: 'live' });
    const res = await ctx.api('DELETE', `/api/articles/${live.id}/forever`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'not_in_trash', message: serverMessages.notInTrash });
    expect((await list()).data.map((c) => c.id)).toEqual([live.id]);
    expect((await ctx.api('DELETE', '/api/articles/nope/forever')).statusCode).toBe(404);

    await remove(live.id);
    expect((await ctx.api('DELETE', `/api/articles/${live.id}/forever`)).statusCode).toBe(204);
    expect((await trash()).total).toBe(0);
    expect((await ctx.h.db.query('SELECT 1 FROM articles')).rows).toHaveLength(0);
    expect((await activity())[0]).toEqual({ kind: 'article.purged', message: 'Article "live" deleted for good' });
    expect((await ctx.api('POST', `/api/articles/${live.id}/restore`, {})).statusCode).toBe(404);
  });

  it(`empties itself of articles deleted more than ${TRASH_RETENTION_DAYS} days ago`, async () => {
    const old = await create({ slug: 'old' });
    const recent = await create({ slug: 'recent' });
    await remove(old.id);
    await remove(recent.id);
    const now = Date.now();
    await ctx.h.db.query('UPDATE articles SET deleted_at = $2 WHERE id = $1', [old.id, new Date(now - (TRASH_RETENTION_DAYS + 1) * DAY)]);
    await ctx.h.db.query('UPDATE articles SET deleted_at = $2 WHERE id = $1', [recent.id, new Date(now - (TRASH_RETENTION_DAYS - 1) * DAY)]);
    expect(await sweepTrash({ db: ctx.h.db }, new Date(now))).toBe(1);
    expect((await trash()).data.map((c) => c.id)).toEqual([recent.id]);
    expect((await activity())[0]).toEqual({ kind: 'article.purged', message: 'Article "old" deleted for good from the trash' });
    expect(await sweepTrash({ db: ctx.h.db }, new Date(now))).toBe(0);
  });

  it('pages through the trash, most recently deleted first, with its own cursors', async () => {
    const made: Article[] = [];
    for (let i = 0; i < 5; i++) made.push(await create({ slug: `t-${i}` }));
    for (const a of made) await remove(a.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await trash(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(5);
      seen.push(...page.data.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made.map((a) => a.id).reverse());

    await create({ slug: 'x' });
    await create({ slug: 'y' });
    const other = await ctx.api('GET', `/api/articles/admin/trash?cursor=${(await ctx.api('GET', '/api/articles/admin/articles?limit=1')).json().nextCursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ code: 'invalid_cursor', message: serverMessages.cursorOfOtherSort });
    expect((await ctx.api('GET', '/api/articles/admin/trash?cursor=zzz')).json()).toEqual({
      code: 'invalid_cursor',
      message: serverMessages.invalidCursor,
    });
  });
});
