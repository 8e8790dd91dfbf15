import { describe, expect, it } from 'vitest';
import { articleListResultSchema, articleStatsSchema, serverMessages, type Article } from '../../src/contract/index.ts';
import { encodeCursor } from '../articles/rules.ts';
import { auth, backends, useHarness } from './helpers.ts';

describe.each(backends)('articles ($name)', (backend) => {
  const ctx = useHarness(backend);

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
    ctx.h.app.inject({
      method,
      url,
      headers: { ...auth(ctx.token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const create = async (fields: Partial<Article> = {}) => {
    const res = await api('POST', '/api/articles', fields);
    expect(res.statusCode).toBe(201);
    return res.json<{ data: Article }>().data;
  };
  const list = async (query = '') => {
    const res = await api('GET', `/api/articles/admin/articles${query}`);
    expect(res.statusCode).toBe(200);
    return articleListResultSchema.parse(res.json());
  };
  const rowCount = async () => Number((await ctx.h.db.query<{ n: string }>('SELECT count(*) AS n FROM articles')).rows[0]!.n);

  describe('create and read', () => {
    it('creates a draft with the given fields (201) and reads it back', async () => {
      const created = await create({
        scrapedUrl: 'https://example.com/a',
        scrappedData: 'raw text',
        blogData: '<p>Hi</p>',
        slug: 'first-post',
        newUrl: 'https://blog.example.com/first-post',
      });
      expect(created).toMatchObject({
        status: 'draft',
        slug: 'first-post',
        blogData: '<p>Hi</p>',
        scrapedUrl: 'https://example.com/a',
        newUrl: 'https://blog.example.com/first-post',
        scrappedData: 'raw text',
      });
      expect(created.id).toMatch(/^[0-9a-z]{26}$/);
      expect(created.createdAt).toBe(created.updatedAt);
      const res = await api('GET', `/api/articles/${created.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: created });
    });

    it('creates an empty draft from an empty object', async () => {
      const created = await create();
      expect(created).toMatchObject({ slug: null, blogData: null, scrapedUrl: null, newUrl: null, scrappedData: '' });
    });

    it('answers 404 for an unknown id', async () => {
      const res = await api('GET', '/api/articles/01nosuchid');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: serverMessages.articleNotFound, code: 'not_found' });
    });

    it.each([
      ['an invalid slug', { slug: 'Not A Slug' }, 400, 'invalid_slug'],
      ['unknown fields', { slug: 'ok', status: 'published' }, 400, 'validation_failed'],
      ['wrong types', { blogData: 12 }, 400, 'validation_failed'],
      ['a non-object', [1, 2], 400, 'validation_failed'],
    ])('refuses %s', async (_label, payload, status, code) => {
      const res = await api('POST', '/api/articles', payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code });
      expect(await rowCount()).toBe(0);
    });

    it('refuses malformed JSON with 400 and an oversize body with 413', async () => {
      const bad = await api('POST', '/api/articles', '{"slug": "a"', { 'content-type': 'application/json' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'The request body is not valid JSON', code: 'invalid_json' });
      const big = await api('POST', '/api/articles', { blogData: 'x'.repeat(4.5 * 1024 * 1024) });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'too_large' });
      expect(await rowCount()).toBe(0);
    });

    it('refuses a non-JSON content type with 415', async () => {
      const res = await api('POST', '/api/articles', '<a/>', { 'content-type': 'application/xml' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
    });

    it('refuses a slug that is taken with 409', async () => {
      await create({ slug: 'taken' });
      const res = await api('POST', '/api/articles', { slug: 'taken' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: serverMessages.slugTaken, code: 'slug_taken' });
      expect(await rowCount()).toBe(1);
    });
  });

  describe('stats', () => {
    it('counts articles created this week and the week before, by status', async () => {
      const day = 24 * 60 * 60 * 1000;
      const a = await create({ slug: 'this-week' });
      const b = await create({ slug: 'last-week' });
      const c = await create({ slug: 'long-ago' });
      await api('PATCH', `/api/articles/${a.id}/publish`);
      await ctx.h.db.query('UPDATE articles SET created_at = $2 WHERE id = $1', [b.id, new Date(Date.now() - 9 * day)]);
      await ctx.h.db.query('UPDATE articles SET created_at = $2 WHERE id = $1', [c.id, new Date(Date.now() - 30 * day)]);
      const res = await api('GET', '/api/articles/admin/stats');
      expect(res.statusCode).toBe(200);
      expect(articleStatsSchema.parse(res.json())).toEqual({
        counts: { all: 3, published: 1, draft: 2, scheduled: 0 },
        views: { today: 0, yesterday: 0 },
        scheduled: { count: 0, failed: 0, next: [] },
        sources: { count: 0, failing: 0, draftsToday: 0 },
        createdPerWeek: {
          all: { current: 1, previous: 1 },
          published: { current: 1, previous: 0 },
          draft: { current: 0, previous: 1 },
        },
      });
    });

    it('needs a session', async () => {
      const res = await ctx.h.app.inject({ method: 'GET', url: '/api/articles/admin/stats' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('list', () => {
    it('answers an empty first page with zero counts', async () => {
      expect(await list()).toEqual({ data: [], counts: { all: 0, published: 0, draft: 0, scheduled: 0 }, nextCursor: null, attention: 0, sourceChanged: 0, assignedToMe: 0 });
    });

    it('lists newest first with counts per status, filtered by status', async () => {
      const a = await create({ slug: 'a' });
      const b = await create({ slug: 'b' });
      const c = await create({ slug: 'c' });
      await api('PATCH', `/api/articles/${b.id}/publish`);
      const all = await list();
      expect(all.data.map((x) => x.slug)).toEqual(['c', 'b', 'a']);
      expect(all.counts).toEqual({ all: 3, published: 1, draft: 2, scheduled: 0 });
      expect(all.nextCursor).toBeNull();
      expect((await list('?status=published')).data.map((x) => x.id)).toEqual([b.id]);
      expect((await list('?status=draft')).data.map((x) => x.id)).toEqual([c.id, a.id]);
      expect((await list('?status=all')).data).toHaveLength(3);
    });

    it('pages with an opaque cursor: every article once, in order', async () => {
      const made: string[] = [];
      for (let i = 0; i < 7; i++) made.push((await create({ slug: `p-${i}` })).id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.data.length).toBeLessThanOrEqual(3);
        seen.push(...page.data.map((x) => x.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...made].reverse());
    });

    it('defaults to 50 per page and allows at most 200', async () => {
      const values = Array.from({ length: 60 }, (_, i) => `('${String(i).padStart(26, '0')}', 'draft', $1::timestamptz - ${i} * interval '1 second', $1::timestamptz)`);
      await ctx.h.db.query(
        `INSERT INTO articles (id, status, created_at, updated_at) VALUES ${values.join(', ')}`,
        [new Date()],
      );
      const first = await list();
      expect(first.data).toHaveLength(50);
      expect(first.counts.all).toBe(60);
      expect(first.nextCursor).not.toBeNull();
      const rest = await list(`?cursor=${first.nextCursor}`);
      expect(rest.data).toHaveLength(10);
      expect(rest.nextCursor).toBeNull();
      expect((await list('?limit=200')).data).toHaveLength(60);
    });

    it('answers cards, not whole articles: a page of 50 stays under 40 KB with 200 KB articles', async () => {
      const raw = 'Scraped paragraph of a real-sized article, with words and punctuation. '.repeat(2_900);
      const html = `<article>${'<p>Blog paragraph with <a href="https://example.com/x">a link</a>.</p>'.repeat(3_000)}</article>`;
      expect(raw.length).toBeGreaterThan(200_000);
      expect(html.length).toBeGreaterThan(200_000);
      const values: string[] = [];
      for (let i = 0; i < 50; i++) {
        values.push(
          `('${String(i).padStart(26, '0')}', 'draft', 'slug-of-a-long-article-number-${i}', $1, $2,
            'https://news.example.com/2026/11/world/a-long-path-of-a-real-news-article-${i}.html',
            'https://blog.example.com/slug-of-a-long-article-number-${i}', now() - ${i} * interval '1 second', now())`,
        );
      }
      await ctx.h.db.query(
        `INSERT INTO articles (id, status, slug, scrapped_data, blog_data, scraped_url, new_url, created_at, updated_at)
         VALUES ${values.join(', ')}`,
        [raw, html],
      );
      const res = await api('GET', '/api/articles/admin/articles');
      expect(res.statusCode).toBe(200);
      expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(40 * 1024);
      const page = articleListResultSchema.parse(res.json());
      expect(page.data).toHaveLength(50);
      const card = page.data[0]!;
      expect(card.scrappedData).toBe(raw.slice(0, 150));
      expect(card.scrappedDataCut).toBe(true);
      expect(card.blogData).toBe(html.slice(0, 150));
      expect(card.blogDataCut).toBe(true);
      expect(Object.keys(card).sort()).toEqual(
        ['blogData', 'blogDataCut', 'createdAt', 'id', 'newUrl', 'scrapedUrl', 'scrappedData', 'scrappedDataCut', 'slug', 'snippet', 'status', 'title', 'updatedAt'],
      );
      // The detail answer keeps the whole article.
      const whole = (await api('GET', `/api/articles/${card.id}`)).json<{ data: Article }>().data;
      expect(whole.scrappedData).toBe(raw);
      expect(whole.blogData).toBe(html);
    });

    it('keeps the previews in step with the bodies: an edit shows on the card', async () => {
      const a = await create({ scrappedData: 'raw', blogData: '<p>old</p>' });
      const html = `<p>${'new '.repeat(100)}</p>`;
      expect((await api('PATCH', `/api/articles/${a.id}`, { blogData: html })).statusCode).toBe(200);
      expect((await list()).data[0]).toMatchObject({ blogData: html.slice(0, 150), blogDataCut: true, scrappedData: 'raw' });
    });

    it('cuts previews at 150 characters, never inside a surrogate pair, and says when nothing was cut', async () => {
      const emoji = '😀'.repeat(151);
      await create({ scrappedData: emoji, blogData: `${'é'.repeat(150)}` });
      await create({ scrappedData: 'short', blogData: '' });
      await create({ scrappedData: 'no blog' });
      const [noBlog, short, long] = (await list()).data;
      expect(long).toMatchObject({ scrappedData: '😀'.repeat(150), scrappedDataCut: true, blogData: 'é'.repeat(150), blogDataCut: false });
      expect(short).toMatchObject({ scrappedData: 'short', scrappedDataCut: false, blogData: '', blogDataCut: false });
      expect(noBlog).toMatchObject({ scrappedData: 'no blog', scrappedDataCut: false, blogData: null, blogDataCut: false });
    });

    it.each([
      ['limit over 200', '?limit=201'],
      ['limit zero', '?limit=0'],
      ['a non-number limit', '?limit=ten'],
      ['an unknown status', '?status=archived'],
      ['a forged cursor', '?cursor=bm90LWEtY3Vyc29y'],
    ])('refuses %s with 400', async (_label, query) => {
      const res = await api('GET', `/api/articles/admin/articles${query}`);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
      expect(typeof res.json().code).toBe('string');
    });

    it('searches slug and URLs with q, literally (wildcards escaped), with matching counts', async () => {
      await create({ slug: 'hello-world', scrapedUrl: 'https://a.example/x' });
      await create({ slug: 'other', scrapedUrl: 'https://b.example/100%_sure' });
      await create({ slug: 'third' });
      expect((await list('?q=HELLO')).data.map((x) => x.slug)).toEqual(['hello-world']);
      expect((await list('?q=b.example')).data.map((x) => x.slug)).toEqual(['other']);
      expect((await list(`?q=${encodeURIComponent('%_')}`)).data.map((x) => x.slug)).toEqual(['other']);
      expect((await list('?q=_')).data).toHaveLength(1);
      const none = await list(`?q=${encodeURIComponent('%')}x`);
      expect(none.data).toEqual([]);
      expect((await list('?q=hello')).counts).toEqual({ all: 1, published: 0, draft: 1, scheduled: 0 });
    });

    it('counts search matches exactly up to 1,000 per status and reports more as 1,001', async () => {
      // 1,000 published and 1,005 drafts match "needle"; one more article does not.
      await ctx.h.db.query(
        `INSERT INTO articles (id, status, slug, created_at, updated_at)
         SELECT lpad(to_hex(i), 26, '0'), CASE WHEN i <= 1000 THEN 'published' ELSE 'draft' END, 'needle-' || i,
                $1::timestamptz - i * interval '1 second', $1::timestamptz
           FROM generate_series(1, 2005) AS i`,
        [new Date()],
      );
      await create({ slug: 'haystack' });
      const broad = await list('?q=NEEDLE');
      expect(broad.counts).toEqual({ all: 1001, published: 1000, draft: 1001, scheduled: 0 });
      expect(broad.data).toHaveLength(50);
      expect(broad.data.every((card) => card.slug!.startsWith('needle-'))).toBe(true);
      // The counts do not depend on the status shown.
      expect((await list('?q=needle&status=published')).counts).toEqual(broad.counts);
      // "needle-1": needle-1, -10…19, -100…199 and -1000 published; -1001…1999 drafts.
      expect((await list('?q=needle-1')).counts).toEqual({ all: 1001, published: 112, draft: 999, scheduled: 0 });
      expect((await list('?q=needle-20')).counts).toEqual({ all: 17, published: 11, draft: 6, scheduled: 0 });
      // Past the last match the page is empty; the counts are still there.
      const beyond = encodeCursor({ created_at: new Date(0), id: '0' });
      expect(await list(`?q=needle-20&sort=newest&cursor=${beyond}`)).toEqual({
        data: [],
        counts: { all: 17, published: 11, draft: 6, scheduled: 0 },
        nextCursor: null,
      });
      expect((await list(`?cursor=${beyond}`)).counts).toEqual({ all: 2006, published: 1000, draft: 1006, scheduled: 0 });
    });
  });

  describe('edit', () => {
    it('saves blogData and slug, bumping updatedAt', async () => {
      const a = await create({ slug: 'before' });
      const html = await api('PATCH', `/api/articles/${a.id}`, { blogData: '<h1>New</h1>' });
      expect(html.statusCode).toBe(200);
      expect(html.json().data.blogData).toBe('<h1>New</h1>');
      expect(html.json().data.updatedAt > a.updatedAt).toBe(true);
      const slug = await api('PATCH', `/api/articles/${a.id}`, { slug: 'after' });
      expect(slug.statusCode).toBe(200);
      expect(slug.json().data).toMatchObject({ slug: 'after', blogData: '<h1>New</h1>' });
    });

    it('refuses edits of a published article with 409', async () => {
      const a = await create({ slug: 'pub', blogData: 'old' });
      await api('PATCH', `/api/articles/${a.id}/publish`);
      for (const payload of [{ blogData: 'new' }, { slug: 'new-slug' }]) {
        const res = await api('PATCH', `/api/articles/${a.id}`, payload);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          message: 'Published articles cannot be edited. Convert to draft first.',
          code: 'article_published',
        });
      }
      expect((await api('GET', `/api/articles/${a.id}`)).json().data).toMatchObject({ slug: 'pub', blogData: 'old' });
    });

    it('refuses a slug another article has with 409, and keeps its own slug', async () => {
      await create({ slug: 'mine' });
      const b = await create({ slug: 'theirs' });
      const res = await api('PATCH', `/api/articles/${b.id}`, { slug: 'mine' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: serverMessages.slugTaken, code: 'slug_taken' });
      expect((await api('PATCH', `/api/articles/${b.id}`, { slug: 'theirs' })).statusCode).toBe(200);
    });

    it.each(['Upper', 'with space', 'under_score', '-lead', 'trail-', 'double--dash', 'ünï', '../etc'])(
      'refuses the slug %j with 400',
      async (slug) => {
        const a = await create({ slug: 'valid' });
        const res = await api('PATCH', `/api/articles/${a.id}`, { slug });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: serverMessages.slugInvalid, code: 'invalid_slug' });
      },
    );

    it.each([
      ['both fields', { blogData: 'x', slug: 'y' }],
      ['no field', {}],
      ['an unknown field', { status: 'published' }],
      ['a wrong type', { blogData: null }],
      ['an empty slug', { slug: '' }],
    ])('refuses a patch with %s (400)', async (_label, payload) => {
      const a = await create({ slug: 'stay', blogData: 'keep' });
      const res = await api('PATCH', `/api/articles/${a.id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect((await api('GET', `/api/articles/${a.id}`)).json().data).toMatchObject({ slug: 'stay', blogData: 'keep' });
    });

    it('answers 404 when patching an unknown article', async () => {
      const res = await api('PATCH', '/api/articles/01nosuchid', { blogData: 'x' });
      expect(res.statusCode).toBe(404);
    });

    it('honours If-Match: the current updatedAt saves, a stale one is 409', async () => {
      const a = await create({ blogData: 'v1' });
      const ok = await api('PATCH', `/api/articles/${a.id}`, { blogData: 'v2' }, { 'if-match': a.updatedAt });
      expect(ok.statusCode).toBe(200);
      const stale = await api('PATCH', `/api/articles/${a.id}`, { blogData: 'v3' }, { 'if-match': `"${a.updatedAt}"` });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: serverMessages.articleStale, code: 'stale_article' });
      const garbage = await api('PATCH', `/api/articles/${a.id}`, { blogData: 'v3' }, { 'if-match': 'yesterday' });
      expect(garbage.statusCode).toBe(409);
      const fresh = await api('PATCH', `/api/articles/${a.id}`, { blogData: 'v3' }, { 'if-match': ok.json().data.updatedAt });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().data.blogData).toBe('v3');
    });
  });

  describe('publish, draft, delete', () => {
    it('publishes and converts back to draft, with empty or JSON-typed empty bodies', async () => {
      const a = await create({ slug: 'flip' });
      const pub = await api('PATCH', `/api/articles/${a.id}/publish`, undefined, { 'content-type': 'application/json' });
      expect(pub.statusCode).toBe(200);
      expect(pub.json().data.status).toBe('published');
      expect((await list()).counts).toEqual({ all: 1, published: 1, draft: 0, scheduled: 0 });
      const again = await api('PATCH', `/api/articles/${a.id}/publish`);
      expect(again.json().data.status).toBe('published');
      const draft = await api('PATCH', `/api/articles/${a.id}/draft`, {});
      expect(draft.statusCode).toBe(200);
      expect(draft.json().data.status).toBe('draft');
      expect((await list()).counts).toEqual({ all: 1, published: 0, draft: 1, scheduled: 0 });
    });

    it('answers 404 for publish/draft of an unknown article', async () => {
      expect((await api('PATCH', '/api/articles/01nosuchid/publish')).statusCode).toBe(404);
      expect((await api('PATCH', '/api/articles/01nosuchid/draft')).statusCode).toBe(404);
    });

    it('deletes with 204, then 404', async () => {
      const a = await create({ slug: 'gone' });
      await api('PATCH', `/api/articles/${a.id}/publish`);
      const res = await api('DELETE', `/api/articles/${a.id}`, undefined, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await api('GET', `/api/articles/${a.id}`)).statusCode).toBe(404);
      expect((await api('DELETE', `/api/articles/${a.id}`)).statusCode).toBe(404);
      expect((await list()).counts).toEqual({ all: 0, published: 0, draft: 0, scheduled: 0 });
    });

    it('records what happened in the activity feed, newest first', async () => {
      const a = await create({ slug: 'story' });
      await api('PATCH', `/api/articles/${a.id}`, { slug: 'story-2' });
      await api('PATCH', `/api/articles/${a.id}`, { blogData: '<p>x</p>' });
      await api('PATCH', `/api/articles/${a.id}/publish`);
      await api('PATCH', `/api/articles/${a.id}/draft`);
      await api('DELETE', `/api/articles/${a.id}`);
      const res = await api('GET', '/api/activity?limit=10');
      expect(res.json().data.map((x: { kind: string }) => x.kind)).toEqual([
        'article.deleted',
        'article.draft',
        'article.published',
        'article.html',
        'article.slug',
        'article.created',
      ]);
      expect(res.json().data[4].message).toBe('Slug of "story" changed to "story-2"');
    });

    it('writes nothing to the activity feed when a change is refused', async () => {
      const a = await create({ slug: 'quiet' });
      await api('PATCH', `/api/articles/${a.id}/publish`);
      await api('PATCH', `/api/articles/${a.id}`, { blogData: 'refused' });
      const kinds = (await api('GET', '/api/activity')).json().data.map((x: { kind: string }) => x.kind);
      expect(kinds).toEqual(['article.published', 'article.created']);
    });
  });

  describe('slug check', () => {
    const check = (slug: string, excludeId?: string) =>
      api('GET', `/api/articles/slug/check/${encodeURIComponent(slug)}${excludeId ? `?excludeId=${excludeId}` : ''}`);

    it('says a free slug is available', async () => {
      const res = await check('fresh-slug');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ available: true, message: serverMessages.slugAvailable, slug: 'fresh-slug' });
    });

    it('suggests the first free alternative when taken', async () => {
      await create({ slug: 'my-slug' });
      expect((await check('my-slug')).json()).toEqual({
        available: false,
        message: serverMessages.slugTaken,
        slug: 'my-slug-2',
      });
      await create({ slug: 'my-slug-2' });
      await create({ slug: 'my-slug-4' });
      expect((await check('my-slug')).json().slug).toBe('my-slug-3');
    });

    it("treats the article's own slug as available with excludeId", async () => {
      const a = await create({ slug: 'own' });
      expect((await check('own', a.id)).json()).toMatchObject({ available: true, slug: 'own' });
    });

    it('answers an invalid slug as unavailable with a valid suggestion', async () => {
      const res = await check('Hello World!');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ available: false, message: serverMessages.slugInvalid, slug: 'hello-world' });
    });
  });
  it('refuses text with a NUL character (PostgreSQL cannot store it) with a 400 and changes nothing', async () => {
    const before = await rowCount();
    const created = await api('POST', '/api/articles', { slug: 'nul-body', blogData: 'a\u0000b' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ code: 'invalid_text', message: serverMessages.nulCharacter });
    expect(await rowCount()).toBe(before);
    const article = await create({ slug: 'nul-edit', blogData: '<p>kept</p>' });
    const edited = await api('PATCH', `/api/articles/${article.id}`, { blogData: '<p>\u0000</p>' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().code).toBe('invalid_text');
    expect((await api('GET', `/api/articles/${article.id}`)).json().data.blogData).toBe('<p>kept</p>');
  });
});
