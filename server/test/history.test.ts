/**
 * The history of articles: a revision for every write path, folding of one admin's edits,
 * snapshots rebuilt from stored changes, restore (and what refuses it), pin and name, the
 * retention sweep, articles from before history began, and the database's own check that no
 * article changes without its revision.
 */
import { describe, expect, it } from 'vitest';
import {
  articleSchema,
  revisionListSchema,
  revisionResultSchema,
  revisionSummaryResultSchema,
  serverMessages,
  type Article,
  type Revision,
  type RevisionList,
} from '../../src/contract/index.ts';
import { MAX_DELTA_DEPTH } from '../history/delta.ts';
import { sweepArticleHistory } from '../history/sweep.ts';
import { auth, backends, useHarness, withoutHistory } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const paragraph = (i: number) => `<p>Paragraph ${i}: ${'the quick brown fox jumps over the lazy dog '.repeat(6)}</p>`;
/** About 12 KB of blog HTML. */
const LONG_HTML = Array.from({ length: 40 }, (_, i) => paragraph(i)).join('\n');

describe.each(backends)('article history ($name)', (backend) => {
  const ctx = useHarness(backend, { retention: { keepAllDays: 30, keepDailyDays: 365, max: 200 } });

  const create = async (fields: Partial<Article> = {}) => {
    const res = await ctx.api('POST', '/api/articles', fields);
    expect(res.statusCode, res.body).toBe(201);
    return articleSchema.parse(res.json().data);
  };
  const patch = async (id: string, body: object, ifMatch?: string) => {
    const res = await ctx.h.app.inject({
      method: 'PATCH',
      url: `/api/articles/${id}`,
      headers: { ...auth(ctx.token), ...(ifMatch ? { 'if-match': ifMatch } : {}) },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return articleSchema.parse(res.json().data);
  };
  const history = async (id: string, query = ''): Promise<RevisionList> => {
    const res = await ctx.api('GET', `/api/articles/${id}/revisions${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return revisionListSchema.parse(res.json());
  };
  const revision = async (id: string, rev: number): Promise<Revision> => {
    const res = await ctx.api('GET', `/api/articles/${id}/revisions/${rev}`);
    expect(res.statusCode, res.body).toBe(200);
    return revisionResultSchema.parse(res.json()).data;
  };
  const restore = (id: string, rev: number, ifMatch?: string) =>
    ctx.h.app.inject({
      method: 'POST',
      url: `/api/articles/${id}/revisions/${rev}/restore`,
      headers: { ...auth(ctx.token), ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    });
  const read = async (id: string) => articleSchema.parse((await ctx.api('GET', `/api/articles/${id}`)).json().data);
  /** Makes the article's revisions older than the fold window, so the next edit makes its own. */
  const age = async (id: string, ms = 11 * 60 * 1000) => {
    await ctx.h.db.query(
      'UPDATE article_revisions SET created_at = created_at - $2::interval, updated_at = updated_at - $2::interval WHERE article_id = $1',
      [id, `${ms} milliseconds`],
    );
  };
  const count = async (table: string) => Number((await ctx.h.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

  it('records a revision for every write path, with who, why and what changed', async () => {
    const a = await create({ slug: 'first', blogData: '<p>One</p>', scrappedData: 'raw', title: 'Title' });
    await patch(a.id, { blogData: '<p>Two</p>' });
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    await ctx.api('PATCH', `/api/articles/${a.id}/draft`);
    await ctx.api('POST', '/api/articles/bulk', { action: 'publish', ids: [a.id] });
    await ctx.api('POST', '/api/articles/bulk', { action: 'draft', ids: [a.id] });
    await ctx.api('DELETE', `/api/articles/${a.id}`);
    await ctx.api('POST', `/api/articles/${a.id}/restore`, {});
    await ctx.api('POST', '/api/articles/bulk', { action: 'delete', ids: [a.id] });
    await ctx.api('POST', `/api/articles/${a.id}/restore`, {});

    const list = await history(a.id);
    expect(list.total).toBe(10);
    expect(list.data.map((r) => [r.number, r.action, r.reason, r.changed])).toEqual([
      [10, 'untrash', 'Restored from the trash', ['trash']],
      [9, 'bulk_trash', 'Bulk delete', ['trash']],
      [8, 'untrash', 'Restored from the trash', ['trash']],
      [7, 'trash', 'Moved to the trash', ['trash']],
      [6, 'bulk_draft', 'Bulk convert to draft', ['status']],
      [5, 'bulk_publish', 'Bulk publish', ['status']],
      [4, 'draft', 'Converted to draft', ['status']],
      [3, 'publish', 'Published', ['status']],
      [2, 'edit', 'Edited', ['blogData']],
      [1, 'create', 'Created', ['title', 'slug', 'blogData', 'scrappedData']],
    ]);
    expect(list.data.every((r) => r.actor === 'admin@example.com' && !r.pinned && r.name === null)).toBe(true);
    expect(list.data.map((r) => r.current)).toEqual([true, ...Array(9).fill(false)]);
    expect((await revision(a.id, 1)).snapshot).toEqual({
      status: 'draft',
      inTrash: false,
      title: 'Title',
      slug: 'first',
      blogData: '<p>One</p>',
      scrappedData: 'raw',
      scrapedUrl: null,
      newUrl: null,
      sourceHtml: null,
      seo: { metaTitle: null, metaDescription: null, canonicalUrl: null, socialImageId: null },
    });
    expect((await revision(a.id, 7)).snapshot).toMatchObject({ inTrash: true, blogData: '<p>Two</p>', status: 'draft' });
    expect((await revision(a.id, 3)).snapshot.status).toBe('published');
  });

  it("folds one admin's edits within 10 minutes into one revision; another admin's edit, or a later one, makes its own", async () => {
    const a = await create({ blogData: LONG_HTML });
    await patch(a.id, { blogData: LONG_HTML.replace('Paragraph 3', 'Paragraph three') });
    await patch(a.id, { slug: 'folded' });
    await patch(a.id, { blogData: LONG_HTML.replace('Paragraph 3', 'Paragraph 3!') });
    let list = await history(a.id);
    expect(list.data.map((r) => [r.number, r.action, r.changed])).toEqual([
      [2, 'edit', ['blogData', 'slug']],
      [1, 'create', ['blogData']],
    ]);
    expect(Date.parse(list.data[0]!.updatedAt)).toBeGreaterThan(Date.parse(list.data[0]!.createdAt));
    expect((await revision(a.id, 2)).snapshot).toMatchObject({ slug: 'folded', blogData: LONG_HTML.replace('Paragraph 3', 'Paragraph 3!') });

    // A status change always makes its own; the edit after it does too.
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    await ctx.api('PATCH', `/api/articles/${a.id}/draft`);
    await patch(a.id, { title: 'After' });
    // Ten minutes on, an edit starts a new revision.
    await age(a.id);
    await patch(a.id, { title: 'Later' });
    list = await history(a.id);
    expect(list.data.map((r) => [r.number, r.action])).toEqual([
      [6, 'edit'],
      [5, 'edit'],
      [4, 'draft'],
      [3, 'publish'],
      [2, 'edit'],
      [1, 'create'],
    ]);
    // A pinned revision is not folded into.
    await ctx.api('PATCH', `/api/articles/${a.id}/revisions/6`, { pinned: true });
    await patch(a.id, { title: 'Pinned before me' });
    expect((await history(a.id)).total).toBe(7);
  });

  it('makes every save a revision of its own when folding is off (HISTORY_FOLD_MINUTES=0)', async () => {
    const app = await ctx.h.buildApp({ historyFoldMs: 0 });
    const call = (payload: object, id: string) =>
      app.inject({ method: 'PATCH', url: `/api/articles/${id}`, headers: auth(ctx.token), payload });
    const a = await create({ blogData: '<p>0</p>' });
    for (const i of [1, 2, 3]) expect((await call({ blogData: `<p>${i}</p>` }, a.id)).statusCode).toBe(200);
    expect((await history(a.id)).data.map((r) => r.action)).toEqual(['edit', 'edit', 'edit', 'create']);
  });

  it('stores a changed span, not the article, per revision: the chain is cut at its depth and every snapshot reads back whole', async () => {
    const a = await create({ blogData: LONG_HTML, scrappedData: 'text'.repeat(3000) });
    const sent = [LONG_HTML];
    const paragraphs = Array.from({ length: 40 }, (_, i) => paragraph(i));
    for (let i = 0; i < MAX_DELTA_DEPTH + 10; i++) {
      await age(a.id);
      paragraphs[i % 40] = paragraphs[i % 40]!.replace(/^<p>Paragraph \d+( \(edit \d+\))?:/, `<p>Paragraph ${i % 40} (edit ${i}):`);
      const next = paragraphs.join('\n');
      await patch(a.id, { blogData: next });
      sent.push(next);
    }
    const texts = await ctx.h.db.query<{ depth: number; whole: boolean; len: number }>(
      'SELECT depth, base_id IS NULL AS whole, length(body) AS len FROM article_revision_texts ORDER BY id',
    );
    // The raw text once, the blog HTML whole twice (the first, and where the chain was cut), the rest small spans.
    expect(texts.rows.filter((t) => t.whole)).toHaveLength(3);
    expect(Math.max(...texts.rows.map((t) => t.depth))).toBe(MAX_DELTA_DEPTH - 1);
    expect(texts.rows.filter((t) => !t.whole).every((t) => t.len < 200)).toBe(true);
    for (const rev of [1, 2, 30, MAX_DELTA_DEPTH, MAX_DELTA_DEPTH + 1, sent.length]) {
      expect((await revision(a.id, rev)).snapshot.blogData).toBe(sent[rev - 1]);
    }
    // Text with surrogate pairs changed in the middle of one stays whole and valid.
    await age(a.id);
    await patch(a.id, { blogData: '<p>😀 emoji 😀</p>' });
    await age(a.id);
    await patch(a.id, { blogData: '<p>😀 emoji 😃</p>' });
    const last = (await history(a.id)).data[0]!.number;
    expect((await revision(a.id, last)).snapshot.blogData).toBe('<p>😀 emoji 😃</p>');
    expect((await revision(a.id, last - 1)).snapshot.blogData).toBe('<p>😀 emoji 😀</p>');
  });

  it('restores a revision as a new one, the current content staying in the history', async () => {
    const a = await create({ slug: 'v1', blogData: '<p>v1</p>', title: 'One' });
    await age(a.id);
    await patch(a.id, { blogData: '<p>v2</p>' });
    await age(a.id);
    const v3 = await patch(a.id, { slug: 'v3' });
    const res = await restore(a.id, 1, v3.updatedAt);
    expect(res.statusCode, res.body).toBe(200);
    const restored = articleSchema.parse(res.json().data);
    expect(restored).toMatchObject({ slug: 'v1', blogData: '<p>v1</p>', title: 'One', status: 'draft' });
    expect(await read(a.id)).toEqual(restored);
    const list = await history(a.id);
    expect(list.data.map((r) => [r.number, r.reason, r.restoredFrom, r.changed])).toEqual([
      [4, 'Restored revision 1', 1, ['slug', 'blogData']],
      [3, 'Edited', null, ['slug']],
      [2, 'Edited', null, ['blogData']],
      [1, 'Created', null, ['title', 'slug', 'blogData']],
    ]);
    expect((await revision(a.id, 3)).snapshot).toMatchObject({ slug: 'v3', blogData: '<p>v2</p>' });
    const activity = await ctx.h.db.query<{ message: string }>("SELECT message FROM activity ORDER BY id DESC LIMIT 1");
    expect(activity.rows[0]!.message).toBe('Article "v3" restored to revision 1');
    // Restoring what the article already is changes nothing.
    const again = await restore(a.id, 4);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(restored);
    expect((await history(a.id)).total).toBe(4);
  });

  it('refuses a restore of an unknown revision, onto a published or changed article, or to a taken slug, changing nothing', async () => {
    const a = await create({ slug: 'mine', blogData: '<p>a</p>' });
    const other = await create({ slug: 'other' });
    await age(a.id);
    const edited = await patch(a.id, { slug: 'renamed' });
    const stored = async (table: string) =>
      Number((await ctx.h.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE article_id = $1`, [a.id])).rows[0]!.n);
    const before = async () => ({ article: await read(a.id), revisions: await stored('article_revisions'), texts: await stored('article_revision_texts') });
    const snapshot = await before();

    const expectRefused = async (res: Awaited<ReturnType<typeof restore>>, status: number, code: string, message: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ code, message });
      expect(await before()).toEqual(snapshot);
    };
    await expectRefused(await restore(a.id, 99), 404, 'not_found', serverMessages.revisionNotFound);
    // A revision of another article is not this one's.
    await ctx.api('PATCH', `/api/articles/${other.id}`, { slug: 'other-2' });
    await expectRefused(await restore(a.id, 3), 404, 'not_found', serverMessages.revisionNotFound);
    await expectRefused(await restore('00000000000000000000000000', 1), 404, 'not_found', serverMessages.articleNotFound);
    await expectRefused(await restore(a.id, 1, '2020-01-01T00:00:00.000Z'), 409, 'stale_article', serverMessages.articleStale);
    // The slug revision 1 had is another article's now.
    await ctx.api('PATCH', `/api/articles/${other.id}`, { slug: 'mine' });
    await expectRefused(await restore(a.id, 1, edited.updatedAt), 409, 'slug_taken', serverMessages.slugTaken);
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    const published = await before();
    const res = await restore(a.id, 2);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'article_published', message: serverMessages.articlePublished });
    expect(await before()).toEqual(published);
    // Trashed: its history is not reachable until it is restored.
    await ctx.api('PATCH', `/api/articles/${a.id}/draft`);
    await ctx.api('DELETE', `/api/articles/${a.id}`);
    expect((await ctx.api('GET', `/api/articles/${a.id}/revisions`)).json()).toEqual({
      code: 'not_found',
      message: serverMessages.articleNotFound,
    });
  });

  it('pins and names a revision; refuses a long name, an empty patch and unknown revisions', async () => {
    const a = await create({ blogData: '<p>a</p>' });
    const res = await ctx.api('PATCH', `/api/articles/${a.id}/revisions/1`, { pinned: true, name: '  Before the launch  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(revisionSummaryResultSchema.parse(res.json()).data).toMatchObject({ number: 1, pinned: true, name: 'Before the launch' });
    const cleared = await ctx.api('PATCH', `/api/articles/${a.id}/revisions/1`, { name: '' });
    expect(cleared.json().data).toMatchObject({ pinned: true, name: null });

    const long = await ctx.api('PATCH', `/api/articles/${a.id}/revisions/1`, { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'validation_failed' });
    expect(long.json().message).toContain(serverMessages.revisionNameTooLong);
    const empty = await ctx.api('PATCH', `/api/articles/${a.id}/revisions/1`, {});
    expect(empty.statusCode).toBe(400);
    const unknown = await ctx.api('PATCH', `/api/articles/${a.id}/revisions/2`, { pinned: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: serverMessages.revisionNotFound });
    expect((await history(a.id)).data[0]).toMatchObject({ pinned: true, name: null });
  });

  it('pages the history newest first with a cursor, every revision once', async () => {
    const a = await create({ title: 't0' });
    for (let i = 1; i < 12; i++) {
      await age(a.id);
      await patch(a.id, { title: `t${i}` });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: RevisionList = await history(a.id, `?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(12);
      seen.push(...page.data.map((r) => r.number));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect((await ctx.api('GET', `/api/articles/${a.id}/revisions?cursor=abc`)).statusCode).toBe(400);
  });

  it('keeps every revision of 30 days, then one per day for a year, at most the cap; pinned ones stay; texts follow', async () => {
    const a = await create({ blogData: '<p>0</p>' });
    for (let i = 1; i <= 6; i++) {
      await age(a.id);
      await patch(a.id, { blogData: `<p>${i}</p>` });
    }
    // Revisions 1-3 on one day 40 days ago, 4 on another, 5 more than a year ago… then 6 and 7 recent.
    const at = (rev: number, daysAgo: number, hour: number) => {
      const day = new Date(Date.now() - daysAgo * DAY);
      day.setUTCHours(hour, 0, 0, 0);
      return ctx.h.db.query('UPDATE article_revisions SET created_at = $3 WHERE article_id = $1 AND number = $2', [a.id, rev, day]);
    };
    await at(1, 400, 8);
    await at(2, 40, 8);
    await at(3, 40, 9);
    await at(4, 40, 10);
    await at(5, 39, 10);
    await ctx.api('PATCH', `/api/articles/${a.id}/revisions/2`, { pinned: true });
    const removed = await sweepArticleHistory(ctx.h.db, { keepAllDays: 30, keepDailyDays: 365, max: 200 });
    expect(removed).toBe(2);
    expect((await history(a.id)).data.map((r) => r.number)).toEqual([7, 6, 5, 4, 2]);
    for (const [rev, html] of [[7, '<p>6</p>'], [5, '<p>4</p>'], [4, '<p>3</p>'], [2, '<p>1</p>']] as const) {
      expect((await revision(a.id, rev)).snapshot.blogData).toBe(html);
    }
    const texts = await count('article_revision_texts');
    // The next sweep has nothing new to look at.
    expect(await sweepArticleHistory(ctx.h.db, { keepAllDays: 30, keepDailyDays: 365, max: 200 })).toBe(0);
    expect(await count('article_revision_texts')).toBe(texts);
  });

  it('keeps at most the cap per article as it writes, the oldest going first', async () => {
    const app = await ctx.h.buildApp({ retention: { keepAllDays: 30, keepDailyDays: 365, max: 4 } });
    const call = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
      app.inject({ method, url, headers: auth(ctx.token), ...(payload ? { payload } : {}) });
    const a = articleSchema.parse((await call('POST', '/api/articles', { blogData: '<p>0</p>' })).json().data);
    for (const action of ['publish', 'draft', 'publish', 'draft', 'publish']) await call('PATCH', `/api/articles/${a.id}/${action}`);
    expect((await history(a.id)).data.map((r) => r.number)).toEqual([6, 5, 4, 3]);
    expect((await revision(a.id, 6)).snapshot).toMatchObject({ status: 'published', blogData: '<p>0</p>' });
  });

  it('records how an article from before history began was, at its first write since', async () => {
    const a = await create({ slug: 'old', blogData: '<p>old</p>' });
    // As migration 11 found articles written before it: version 0, no revision.
    await ctx.h.db.query('DELETE FROM article_revisions');
    await ctx.h.db.query('DELETE FROM article_revision_texts');
    await withoutHistory(ctx.h.db, 'UPDATE articles SET version = 0');
    await patch(a.id, { blogData: '<p>new</p>' });
    const list = await history(a.id);
    expect(list.data.map((r) => [r.number, r.action, r.actor, r.reason])).toEqual([
      [2, 'edit', 'admin@example.com', 'Edited'],
      [1, 'baseline', null, 'As it was before the history began'],
    ]);
    expect((await revision(a.id, 1)).snapshot.blogData).toBe('<p>old</p>');
    expect(list.data[1]!.createdAt).toBe(a.updatedAt);
    // In bulk too.
    const b = await create({ slug: 'old-b' });
    await ctx.h.db.query('DELETE FROM article_revisions WHERE article_id = $1', [b.id]);
    await ctx.api('POST', '/api/articles/bulk', { action: 'publish', ids: [b.id, a.id] });
    expect((await history(b.id)).data.map((r) => r.action)).toEqual(['bulk_publish', 'baseline']);
    expect((await history(a.id)).data.map((r) => r.action)).toEqual(['bulk_publish', 'edit', 'baseline']);
  });

  it('refuses a change of an article without a new version, and at commit one without its revision', async () => {
    const a = await create({ slug: 'guarded' });
    await expect(ctx.h.db.query("UPDATE articles SET slug = 'sneaky' WHERE id = $1", [a.id])).rejects.toThrow(/without a new version/);
    await expect(ctx.h.db.query("UPDATE articles SET version = version + 1, slug = 'sneaky' WHERE id = $1", [a.id])).rejects.toThrow(
      /without its revision/,
    );
    expect((await read(a.id)).slug).toBe('guarded');
    // What a revision does not record (a view count, a timestamp) is not a change of it.
    await ctx.h.db.query('UPDATE articles SET updated_at = updated_at WHERE id = $1', [a.id]);
  });
});
