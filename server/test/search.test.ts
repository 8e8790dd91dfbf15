import { describe, expect, it } from 'vitest';
import {
  articleListResultSchema,
  articleSitesResultSchema,
  SEARCH_COUNT_CAP,
  serverMessages,
  type Article,
  type ArticleListResult,
} from '../../src/contract/index.ts';
import { ESTIMATE_TRUSTED_FROM, PHRASE_SAMPLE_ROWS } from '../repositories/articleSearch/counts.ts';
import { PHRASE_TESTED_ROWS } from '../repositories/articleSearch/pages.ts';
import { TITLE_FROM_BLOG_SQL } from '../db/searchSql.ts';
import { auth, backends, insertBulkArticles, useHarness, withoutHistory } from './helpers.ts';

describe.each(backends)('titles, search, sorts and sites ($name)', (backend) => {
  const ctx = useHarness(backend);

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers = {}) =>
    ctx.h.app.inject({ method, url, headers: { ...auth(ctx.token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (fields: Partial<Article> = {}) => {
    const res = await api('POST', '/api/articles', fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: Article }>().data;
  };
  const list = async (query = '') => {
    const res = await api('GET', `/api/articles/admin/articles${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return articleListResultSchema.parse(res.json());
  };
  const titles = (page: ArticleListResult) => page.data.map((card) => card.title);
  /** Every card of a list, page by page through its cursors (`limit` per page). */
  const walk = async (query: string, limit: number) => {
    const seen: ArticleListResult['data'] = [];
    let cursor: string | null = null;
    do {
      const page: ArticleListResult = await list(`?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  };

  describe('titles', () => {
    it('are stored trimmed on create (empty is null) and carried by the article and its card', async () => {
      const a = await create({ title: '  How to grow tomatoes  ', slug: 'tomatoes' });
      expect(a.title).toBe('How to grow tomatoes');
      expect((await create({ title: '   ' })).title).toBeNull();
      expect((await create({})).title).toBeNull();
      expect(titles(await list())).toEqual([null, null, 'How to grow tomatoes']);
      expect((await list()).data.every((card) => card.snippet === null)).toBe(true);
    });

    it('are edited with PATCH {title}, with an activity entry; empty or null clears', async () => {
      const a = await create({ slug: 'story' });
      const res = await api('PATCH', `/api/articles/${a.id}`, { title: ' A new title ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ title: 'A new title', slug: 'story' });
      expect(res.json().data.updatedAt > a.updatedAt).toBe(true);
      expect((await api('PATCH', `/api/articles/${a.id}`, { title: '' })).json().data.title).toBeNull();
      expect((await api('PATCH', `/api/articles/${a.id}`, { title: 'Again' })).json().data.title).toBe('Again');
      expect((await api('PATCH', `/api/articles/${a.id}`, { title: null })).json().data.title).toBeNull();
      const activity = (await api('GET', '/api/activity?limit=10')).json().data.map((x: { message: string }) => x.message);
      expect(activity.slice(0, 4)).toEqual([
        'Title of "story" removed',
        'Title of "story" changed to "Again"',
        'Title of "story" removed',
        'Title of "story" changed to "A new title"',
      ]);
    });

    it('refuses a title over 300 characters, a title with another field, and edits of a published or changed article', async () => {
      const a = await create({ slug: 'locked' });
      const long = await api('PATCH', `/api/articles/${a.id}`, { title: 'x'.repeat(301) });
      expect(long.statusCode).toBe(400);
      expect(long.json().code).toBe('validation_failed');
      expect((await api('PATCH', `/api/articles/${a.id}`, { title: ` ${'x'.repeat(300)} ` })).statusCode).toBe(200);
      expect((await api('PATCH', `/api/articles/${a.id}`, { title: 'a', slug: 'b' })).statusCode).toBe(400);
      const stale = await api('PATCH', `/api/articles/${a.id}`, { title: 'late' }, { 'if-match': a.updatedAt });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('stale_article');
      await api('PATCH', `/api/articles/${a.id}/publish`);
      const published = await api('PATCH', `/api/articles/${a.id}`, { title: 'late' });
      expect(published.statusCode).toBe(409);
      expect(published.json().code).toBe('article_published');
    });

    it("older articles get the first h1/h2's text (tags stripped, entities left), else their slug", async () => {
      const cases: [Partial<Article>, string | null][] = [
        [{ slug: 'a', blogData: '<p>intro</p><H2 class="x">Grow <em>big</em>\n  &amp; red</H2><h1>Later</h1>' }, 'Grow big &amp; red'],
        [{ slug: 'b', blogData: '<h1>First</h1><h2>Second</h2>' }, 'First'],
        [{ slug: 'c', blogData: '<p>No heading</p>' }, 'c'],
        [{ slug: 'd', blogData: '<h1> </h1>' }, 'd'],
        [{}, null],
      ];
      const ids = [];
      for (const [fields] of cases) ids.push((await create({ ...fields, title: 'set' })).id);
      await withoutHistory(ctx.h.db, `UPDATE articles SET title = ${TITLE_FROM_BLOG_SQL}`);
      for (const [i, [, title]] of cases.entries()) {
        expect((await api('GET', `/api/articles/${ids[i]}`)).json().data.title).toBe(title);
      }
    });
  });

  describe('search', () => {
    const seed = async () => {
      const tomato = await create({
        title: 'Growing tomatoes on a balcony',
        slug: 'balcony-tomatoes',
        scrapedUrl: 'https://garden.example/guides/balcony',
        scrappedData: 'Tomatoes need sun. A balcony facing south gives the most fruit with little water.',
      });
      const bread = await create({
        title: 'Sourdough bread',
        slug: 'sourdough',
        scrapedUrl: 'https://kitchen.example/bread',
        scrappedData: `${'Flour and water. '.repeat(30)}Serve it with tomatoes from the garden.`,
      });
      const odd = await create({
        title: 'Odd characters',
        slug: 'odd',
        scrapedUrl: "https://odd.example/a%_b\\c&d|e!f:g*h(i)j<k>l'm\"n",
        scrappedData: 'Nothing to see.',
      });
      return { tomato, bread, odd };
    };

    it('finds words of the title, slug and raw text, the title first, with snippets', async () => {
      const { tomato, bread } = await seed();
      const found = await list('?q=Tomatoes');
      expect(found.data.map((c) => c.id)).toEqual([tomato.id, bread.id]);
      expect(found.counts).toEqual({ all: 2, published: 0, draft: 2, scheduled: 0 });
      const snippet = found.data[1]!.snippet!;
      expect(snippet.text).toContain('Serve it with tomatoes from the garden.');
      expect(snippet.ranges).toHaveLength(1);
      const [start, end] = snippet.ranges[0]!;
      expect(Array.from(snippet.text).slice(start, end).join('')).toBe('tomatoes');
      expect(found.data[0]!.snippet!.text.startsWith('Tomatoes need sun.')).toBe(true);
      // Explicit sorts are not ranked.
      expect((await list('?q=tomatoes&sort=newest')).data.map((c) => c.id)).toEqual([bread.id, tomato.id]);
    });

    it('takes web-search syntax: phrases, -words, or', async () => {
      const { tomato, bread } = await seed();
      expect((await list(`?q=${encodeURIComponent('"facing south"')}`)).data.map((c) => c.id)).toEqual([tomato.id]);
      expect((await list(`?q=${encodeURIComponent('"south facing"')}`)).data).toEqual([]);
      expect((await list(`?q=${encodeURIComponent('tomatoes -flour')}`)).data.map((c) => c.id)).toEqual([tomato.id]);
      expect((await list(`?q=${encodeURIComponent('sourdough or balcony')}&sort=oldest`)).data.map((c) => c.id)).toEqual([
        tomato.id,
        bread.id,
      ]);
    });

    it('finds phrases through their word pairs, exactly as PostgreSQL reads them', async () => {
      const { tomato, bread } = await seed();
      const pie = await create({ slug: 'pie', scrappedData: 'A red apple pie, and an apple tart.' });
      const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}&sort=oldest`)).data.map((c) => c.id);
      // The pair index is what answers a phrase.
      const { rows } = await ctx.h.db.query<{ n: number | string }>(
        "SELECT count(*) AS n FROM articles WHERE article_word_pairs(search_vector) @@ $$'facing south'$$::tsquery",
      );
      expect(Number(rows[0]!.n)).toBe(1);
      expect(await ids('"balcony facing south"')).toEqual([tomato.id]);
      // Both pairs are in the text, not one after the other.
      expect(await ids('"red apple tart"')).toEqual([]);
      expect(await ids('"red apple pie"')).toEqual([pie.id]);
      // Words beside a phrase; a phrase in the title; a hyphenated slug quoted.
      expect(await ids('"facing south" tomatoes')).toEqual([tomato.id]);
      expect(await ids('"facing south" flour')).toEqual([]);
      expect(await ids('"sourdough bread"')).toEqual([bread.id]);
      expect(await ids('"balcony-tomatoes"')).toEqual([tomato.id]);
      // Phrases with or and -: searched as they are.
      expect(await ids('"facing south" or "apple tart"')).toEqual([tomato.id, pie.id]);
      expect(await ids('"apple tart" -red')).toEqual([]);
      // A new text moves the article's pairs with it.
      await withoutHistory(ctx.h.db, `UPDATE articles SET scrapped_data = 'A green apple tart.' WHERE id = '${pie.id}'`);
      expect(await ids('"red apple pie"')).toEqual([]);
      expect(await ids('"green apple"')).toEqual([pie.id]);
    });

    it('matches parts of words in the slug and URLs', async () => {
      const { tomato, bread } = await seed();
      expect((await list('?q=alcon')).data.map((c) => c.id)).toEqual([tomato.id]);
      // A pasted address, whole or its start, in any case; the start of another article's none.
      for (const q of ['https://garden.example/guides/balcony', 'HTTPS://Garden.Example/guides', 'https://garden.example/']) {
        expect((await list(`?q=${encodeURIComponent(q)}`)).data.map((c) => c.id), q).toEqual([tomato.id]);
      }
      expect((await list(`?q=${encodeURIComponent('https://garden.example/guides/balcony/more')}`)).data).toEqual([]);
      expect((await list(`?q=${encodeURIComponent('https://%.example/')}`)).data).toEqual([]);
      const partial = await list('?q=kitchen.exa');
      expect(partial.data.map((c) => c.id)).toEqual([bread.id]);
      expect(partial.data[0]!.snippet).toEqual({ text: expect.stringMatching(/^Flour and water\./), ranges: [] });
    });

    it('takes every other character literally and never fails', async () => {
      const { odd } = await seed();
      for (const q of ['%', '_', '\\', "'", '"', '&', '|', '!', ':g', '*', '(', ')', '<', '>', '%_b', '(i)', "l'm", '&d|e!f:g*h', '<k>']) {
        const res = await api('GET', `/api/articles/admin/articles?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
        expect(res.json().data.map((c: { id: string }) => c.id), q).toEqual([odd.id]);
      }
      for (const q of ['&|!:*()<>', '!!', 'zz:*', '--', 'or', '"unclosed', 'x & y', '(a | b)', "it's", '\\\\', 'x<->y', '<->']) {
        const res = await api('GET', `/api/articles/admin/articles?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
        expect(res.json().data, q).toEqual([]);
      }
    });

    it('pages through ranked matches with cursors, every match once', async () => {
      for (let i = 0; i < 7; i++) {
        await create({ title: i % 2 ? 'Plain' : 'Needle in the title', scrappedData: `needle number ${i}`, slug: `n-${i}` });
      }
      await create({ title: 'Other', slug: 'other' });
      const all = await walk('&q=needle', 2);
      expect(all).toHaveLength(7);
      expect(new Set(all.map((c) => c.id)).size).toBe(7);
      expect(all.slice(0, 4).every((c) => c.title === 'Needle in the title')).toBe(true);
    });

    it('pages through a phrase with cursors in every order, every match once', async () => {
      for (let i = 0; i < 7; i++) {
        await create({ title: i % 3 ? `Plain ${i}` : `The needle eye ${i}`, scrappedData: `a needle eye number ${i}`, slug: `p-${i}` });
      }
      await create({ title: 'Other', slug: 'other', scrappedData: 'an eye and a needle' });
      for (const sort of ['', '&sort=title', '&sort=oldest']) {
        const all = await walk(`&q=${encodeURIComponent('"needle eye"')}${sort}`, 2);
        expect(all.map((c) => c.slug).sort(), sort).toEqual(['p-0', 'p-1', 'p-2', 'p-3', 'p-4', 'p-5', 'p-6']);
      }
      expect((await walk(`&q=${encodeURIComponent('"needle eye"')}&sort=title`, 3)).map((c) => c.title)).toEqual([
        'Plain 1', 'Plain 2', 'Plain 4', 'Plain 5', 'The needle eye 0', 'The needle eye 3', 'The needle eye 6',
      ]);
    });

    describe('counts of broad terms', () => {
      const bulk = (n: number, word: string) => insertBulkArticles(ctx.h.db, n, word, 'bulk');

      it('are sent as more than the cap, uncounted, when the statistics expect at least twice the cap', async () => {
        await bulk(ESTIMATE_TRUSTED_FROM * 3 + 300, 'everywhere');
        const { rows } = await ctx.h.db.query<{ n: number }>("SELECT article_search_estimate('everywhere', '%everywhere%') AS n");
        expect(rows[0]!.n).toBeGreaterThan(ESTIMATE_TRUSTED_FROM * 2);
        const page = await list('?q=everywhere');
        expect(page.data).toHaveLength(50);
        expect(page.counts).toEqual({ all: SEARCH_COUNT_CAP + 1, published: SEARCH_COUNT_CAP + 1, draft: SEARCH_COUNT_CAP + 1, scheduled: 0 });
        // A rarer term in the same library is counted exactly.
        await create({ scrappedData: 'everywhere and once somewhere' });
        expect((await list('?q=somewhere')).counts).toEqual({ all: 1, published: 0, draft: 1, scheduled: 0 });
        // A phrase: counted through its pairs, up to the cap; with `or`, from a sample of each
        // status's newest articles (all match: far more than the cap).
        for (const phrase of ['"with everywhere"', '"with everywhere" or nowhere']) {
          expect((await list(`?q=${encodeURIComponent(phrase)}&status=draft`)).counts, phrase).toEqual({
            all: SEARCH_COUNT_CAP + 1,
            published: SEARCH_COUNT_CAP + 1,
            draft: SEARCH_COUNT_CAP + 1,
            scheduled: 0,
          });
        }
      }, 60_000);

      it('of a phrase are exact when the sample is the whole status, and counted when the sample cannot tell', async () => {
        await bulk(PHRASE_SAMPLE_ROWS + 200, 'plenty');
        // Published: about 400 articles, all sampled: exact. Drafts: the sample's share (one in
        // 25 match) over the drafts is below ESTIMATE_TRUSTED_FROM: counted.
        await withoutHistory(ctx.h.db, `UPDATE articles SET scrapped_data = 'a rare pair here' WHERE status = 'draft' AND substr(id, 10)::int % 25 = 0`);
        // A phrase with `or` has no pairs to count through (a phrase alone is counted as a word is).
        for (const alone of ['', ' or nowhere']) {
          const published = await list(`?q=${encodeURIComponent(`"with plenty"${alone}`)}&status=published&limit=10`);
          expect(published.counts.published).toBe(Math.floor((PHRASE_SAMPLE_ROWS + 200) / 3));
          const drafts = await list(`?q=${encodeURIComponent(`"rare pair"${alone}`)}&status=draft&limit=10`);
          const expected = Number((await ctx.h.db.query<{ n: string }>("SELECT count(*) AS n FROM articles WHERE scrapped_data = 'a rare pair here'")).rows[0]!.n);
          expect(drafts.counts).toEqual({ all: expected, published: 0, draft: expected, scheduled: 0 });
        }
      }, 60_000);

      it('of a phrase the newest articles lack come through its pairs, newest first', async () => {
        await bulk(PHRASE_TESTED_ROWS + 300, 'filler');
        // Only the 120 oldest have the phrase: the newest PHRASE_TESTED_ROWS tested find none.
        await withoutHistory(ctx.h.db, `UPDATE articles SET scrapped_data = 'an old rare phrase' WHERE substr(id, 5)::int > ${PHRASE_TESTED_ROWS + 180}`);
        const page = await list(`?q=${encodeURIComponent('"rare phrase"')}&sort=newest`);
        expect(page.data.map((c) => c.slug)).toEqual(Array.from({ length: 50 }, (_, i) => `bulk-${PHRASE_TESTED_ROWS + 181 + i}`));
        expect(page.counts).toEqual({ all: 120, published: 40, draft: 80, scheduled: 0 });
      }, 60_000);

      it('are exact when the first page holds every match, whatever the statistics expect', async () => {
        await bulk(ESTIMATE_TRUSTED_FROM * 3, 'stale');
        // The statistics still expect thousands; 30 are left.
        await ctx.h.db.query("DELETE FROM articles WHERE id > 'bulk000030'");
        expect((await list('?q=stale')).counts).toEqual({ all: 30, published: 10, draft: 20, scheduled: 0 });
        expect((await list('?q=stale&status=published')).counts).toMatchObject({ published: 10 });
      }, 60_000);
    });

    it('refuses a search over 200 characters with 400 validation_failed', async () => {
      const res = await api('GET', `/api/articles/admin/articles?q=${'x'.repeat(201)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('"q"') });
    });

    it('answers hostile searches and a cursor of another library with a page or a 400, never a 5xx', async () => {
      const plain = await create({ title: 'Anchovies and olives' });
      // 200 characters of one letter, and 29 words joined by "or" (within 200 characters): pages.
      const one = await api('GET', `/api/articles/admin/articles?q=${'a'.repeat(200)}`);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ data: [], counts: { all: 0 } });
      const words = [...Array.from({ length: 28 }, (_, i) => `w${i}`), 'anchovies'].join(' or ');
      expect(words.length).toBeLessThanOrEqual(200);
      const many = await api('GET', `/api/articles/admin/articles?q=${encodeURIComponent(words)}`);
      expect(many.statusCode, many.body).toBe(200);
      expect(many.json().data.map((card: { id: string }) => card.id)).toEqual([plain.id]);
      // 200 words joined by OR: past the 200 characters a search may have, refused saying which parameter.
      const ored = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' OR ');
      const refused = await api('GET', `/api/articles/admin/articles?q=${encodeURIComponent(ored)}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('"q"') });
      // A well-formed cursor of another library (an id and a time this one never had): the page after that place.
      const elsewhere = Buffer.from(JSON.stringify(['newest', '2999-01-01T00:00:00.000Z', '01hzzzzzzzzzzzzzzzzzzzzzzz'])).toString('base64url');
      const after = await api('GET', `/api/articles/admin/articles?cursor=${elsewhere}`);
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json().data.map((card: { id: string }) => card.id)).toEqual([plain.id]);
    });
  });

  describe('sorts', () => {
    const seed = async () => {
      const made: Article[] = [];
      for (const title of ['banana', 'Apple', null, 'cherry', 'apple']) made.push(await create({ title }));
      // Edited in another order than created.
      await api('PATCH', `/api/articles/${made[1]!.id}`, { blogData: 'edited' });
      await api('PATCH', `/api/articles/${made[3]!.id}`, { blogData: 'edited' });
      return made;
    };

    it('orders by newest (default), oldest, last updated and title A-Z with the untitled last, page by page', async () => {
      const [banana, apple, none, cherry, apple2] = (await seed()).map((a) => a.id);
      const ids = (cards: { id: string }[]) => cards.map((c) => c.id);
      expect(ids(await walk('', 2))).toEqual([apple2, cherry, none, apple, banana]);
      expect(ids(await walk('&sort=newest', 2))).toEqual([apple2, cherry, none, apple, banana]);
      expect(ids(await walk('&sort=oldest', 2))).toEqual([banana, apple, none, cherry, apple2]);
      expect(ids(await walk('&sort=updated', 2))).toEqual([cherry, apple, apple2, none, banana]);
      const byTitle = await walk('&sort=title', 1);
      expect(byTitle.map((c) => c.title)).toEqual(['Apple', 'apple', 'banana', 'cherry', null].sort((a, b) => {
        if (a === null || b === null) return a === null ? 1 : -1;
        return a.toLowerCase() === b.toLowerCase() ? 0 : a.toLowerCase() < b.toLowerCase() ? -1 : 1;
      }));
      expect(ids(byTitle).slice(3)).toEqual([cherry, none]);
      expect(ids(await walk('&sort=title&status=draft', 2))).toEqual(ids(byTitle));
    });

    it('refuses a cursor of another sort, a malformed cursor and an unknown sort with 400', async () => {
      await seed();
      const first = await list('?sort=title&limit=2');
      const other = await api('GET', `/api/articles/admin/articles?sort=oldest&cursor=${first.nextCursor}`);
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ code: 'invalid_cursor', message: serverMessages.cursorOfOtherSort });
      for (const cursor of ['zzz', Buffer.from('["newest","yesterday","x"]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
        const bad = await api('GET', `/api/articles/admin/articles?cursor=${cursor}`);
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ code: 'invalid_cursor', message: serverMessages.invalidCursor });
      }
      const unknown = await api('GET', '/api/articles/admin/articles?sort=popular');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('"sort"') });
    });
  });

  describe('sites', () => {
    it('filters by the scraped address host and lists hosts by count', async () => {
      const a1 = await create({ slug: 'a1', scrapedUrl: 'https://News.A.example/x' });
      const a2 = await create({ slug: 'a2', scrapedUrl: 'https://user@news.a.example:8080/y?z' });
      await create({ slug: 'b1', scrapedUrl: 'http://b.example' });
      await create({ slug: 'none' });
      await api('PATCH', `/api/articles/${a1.id}/publish`);
      const page = await list('?site=news.a.example');
      expect(page.data.map((c) => c.id)).toEqual([a2.id, a1.id]);
      expect(page.counts).toEqual({ all: 2, published: 1, draft: 1, scheduled: 0 });
      expect((await list('?site=NEWS.A.EXAMPLE&status=draft')).data.map((c) => c.id)).toEqual([a2.id]);
      expect((await list('?site=nowhere.example')).counts).toEqual({ all: 0, published: 0, draft: 0, scheduled: 0 });

      const sites = async (query = '') => {
        const res = await api('GET', `/api/articles/admin/sites${query}`);
        expect(res.statusCode).toBe(200);
        return articleSitesResultSchema.parse(res.json()).data;
      };
      expect(await sites()).toEqual([
        { site: 'news.a.example', count: 2 },
        { site: 'b.example', count: 1 },
      ]);
      expect(await sites('?status=draft')).toEqual([
        { site: 'b.example', count: 1 },
        { site: 'news.a.example', count: 1 },
      ]);
      // A search does not narrow the site list.
      expect(await sites('?q=a2')).toEqual(await sites());
    });

    it('lists at most 20 hosts', async () => {
      for (let i = 0; i < 22; i++) await create({ scrapedUrl: `https://site${String(i).padStart(2, '0')}.example/` });
      const res = await api('GET', '/api/articles/admin/sites');
      expect(res.json().data).toHaveLength(20);
    });
  });
});
