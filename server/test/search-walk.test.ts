import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type ArticleFilter } from '../../src/contract/index.ts';
import { plainWords, termShare } from '../repositories/termShare.ts';
import { listArticles } from '../articles/rules.ts';
import { ARTICLE_MATCH_SQL } from '../db/searchSql.ts';
import type { Queryable } from '../db/types.ts';
import { CAPPED_EXPECTED, CAPPED_ROWS, PHRASE_CAPPED_ROWS, PHRASE_WINDOWS, WALK_SHARE, WALKED_ROWS } from '../repositories/articleSearch/pages.ts';
import { selectArticlePage } from '../repositories/articleSearch/planner.ts';
import type { ArticleOrder } from '../repositories/articleRows.ts';
import { backends, insertBulkArticles, useHarness, withoutHistory } from './helpers.ts';

describe('plainWords: the words of a search the statistics can tell about', () => {
  it('takes words and hosts, lowercased', () => {
    expect(plainWords('the')).toEqual(['the']);
    expect(plainWords(' To  LIKE ')).toEqual(['to', 'like']);
    expect(plainWords('café 2026')).toEqual(['café', '2026']);
    expect(plainWords('News.Example.com')).toEqual(['news.example.com']);
  });

  it('leaves anything else to the planner: phrases, -words, or, hyphens, punctuation', () => {
    for (const q of ['"to like"', 'bread -rye', 'bread or rye', 'how-to-bake', "o'clock", 'a.', 'https://news.example.com/x', '']) {
      expect(plainWords(q), q).toBeUndefined();
    }
  });
});

describe.each(backends)('a common term’s first page, read from the newest articles ($name)', (backend) => {
  const ctx = useHarness(backend);

  const bulk = (n: number, word: string) => insertBulkArticles(ctx.h.db, n, word, 'walk');

  /** The database as selectArticlePage sees it, noting each statement and whether it was prepared. */
  const spied = () => {
    const statements: { sql: string; prepared: boolean }[] = [];
    const db: Queryable = {
      query: (sql, params, options) => {
        statements.push({ sql, prepared: !!options?.prepare });
        return ctx.h.db.query(sql, params, options);
      },
    };
    const walked = () => statements.some((s) => s.prepared && s.sql.includes(`LIMIT ${WALKED_ROWS}) newest`));
    const capped = () => statements.some((s) => s.prepared && s.sql.includes(`LIMIT ${CAPPED_ROWS + 1})`));
    const windowed = () => statements.some((s) => s.prepared && s.sql.includes(`OFFSET ${PHRASE_WINDOWS[0] - 1} LIMIT 1`));
    const rarePhrase = () => statements.some((s) => s.prepared && s.sql.includes(`LIMIT ${PHRASE_CAPPED_ROWS + 1})`));
    /** Statements other than the statistics' read. */
    const reads = () => statements.filter((s) => !s.sql.includes('FROM pg_stats'));
    return { db, statements, walked, capped, windowed, rarePhrase, reads };
  };

  /** The first page as any search reads it: title or slug matches first, newest first. */
  const reference = async (q: string, status: ArticleFilter = 'all', tiered = true) => {
    const { rows } = await ctx.h.db.query<{ slug: string }>(
      `SELECT slug FROM articles WHERE deleted_at IS NULL AND ${ARTICLE_MATCH_SQL('$1', '$2')}
         ${status === 'all' ? '' : `AND status = '${status}'`}
       ORDER BY ${tiered ? "(head_vector @@ websearch_to_tsquery('simple', $1)) DESC," : ''} created_at DESC, id DESC LIMIT 50`,
      [q, `%${q}%`],
    );
    return rows.map((row) => row.slug);
  };

  const page = async (db: Queryable, q: string, status: ArticleFilter = 'all', order: ArticleOrder = 'rank') => {
    const { rows, counts } = await selectArticlePage(db, { status, q, order, limit: 50 });
    return { slugs: rows.slice(0, 50).map((row) => row.slug), counts, more: rows.length > 50 };
  };

  it('is the same page as any search’s, in every status and both newest-first orders, read in prepared statements', async () => {
    await bulk(600, 'everywhere');
    // Three older articles have the word in their titles: the relevance order shows them first.
    await withoutHistory(ctx.h.db, "UPDATE articles SET title = 'Everywhere at once' WHERE id IN ('walk000300', 'walk000400', 'walk000500')");
    expect((await termShare(spied().db, 'everywhere'))?.body).toBeGreaterThanOrEqual(WALK_SHARE);
    for (const status of ['all', 'published', 'draft'] as const) {
      for (const order of ['rank', 'newest'] as const) {
        const spy = spied();
        const got = await page(spy.db, 'everywhere', status, order);
        expect(got.slugs, `${status} ${order}`).toEqual(await reference('everywhere', status, order === 'rank'));
        expect(got.more).toBe(true);
        expect(spy.walked(), `${status} ${order}`).toBe(true);
        // 600 matches: the statistics' share over each status is below ESTIMATE_TRUSTED_FROM, so counted exactly.
        expect(got.counts, `${status} ${order}`).toEqual({ all: 600, published: 200, draft: 400, scheduled: 0 });
      }
    }
    // Scheduled matches are counted beside the page.
    await withoutHistory(ctx.h.db, "UPDATE articles SET publish_at = now() + interval '1 day', schedule_tz = 'UTC' WHERE id IN ('walk000002', 'walk000005')");
    expect((await page(spied().db, 'everywhere')).counts.scheduled).toBe(2);
  }, 60_000);

  it('fills its page with title matches first when the word is common in titles', async () => {
    await bulk(400, 'plain');
    // One in five titles has the word; the raw text of none.
    await withoutHistory(ctx.h.db, "UPDATE articles SET title = 'Recipes ' || id WHERE substr(id, 5)::int % 5 = 0");
    await ctx.h.db.query('ANALYZE articles');
    const spy = spied();
    const got = await page(spy.db, 'recipes');
    expect(got.slugs).toEqual(await reference('recipes'));
    expect(got.slugs).toHaveLength(50);
    expect(spy.walked()).toBe(true);
    expect(got.counts).toEqual({ all: 80, published: 26, draft: 54, scheduled: 0 });
  }, 60_000);

  it('takes a part of a common host for a common term: every article scraped from it matches', async () => {
    await bulk(400, 'nothing');
    await withoutHistory(ctx.h.db, "UPDATE articles SET scraped_url = 'https://news.sample.org/a/' || id WHERE substr(id, 5)::int % 4 <> 0");
    await ctx.h.db.query('ANALYZE articles');
    const spy = spied();
    expect((await termShare(spy.db, 'sample'))?.body).toBeGreaterThanOrEqual(WALK_SHARE);
    const got = await page(spy.db, 'sample');
    expect(spy.walked()).toBe(true);
    expect(got.slugs).toEqual(await reference('sample'));
    expect(got.counts).toEqual({ all: 300, published: 100, draft: 200, scheduled: 0 });
  }, 60_000);

  it('is read as any search’s when the newest articles hold too few matches, whatever the statistics say', async () => {
    await bulk(WALKED_ROWS + 300, 'common');
    // The statistics still say every article has the word; now only the 250 oldest do.
    await withoutHistory(ctx.h.db, `UPDATE articles SET scrapped_data = 'Nothing here' WHERE substr(id, 5)::int <= ${WALKED_ROWS + 50}`);
    // (A database object of its own: the statistics are kept a minute per database.)
    const spy = spied();
    expect((await termShare(spy.db, 'common'))?.body).toBeGreaterThanOrEqual(WALK_SHARE);
    const got = await page(spy.db, 'common');
    expect(spy.walked()).toBe(true);
    expect(got.slugs).toEqual(await reference('common'));
    expect(got.slugs[0]).toBe(`walk-${WALKED_ROWS + 51}`);
    expect(got.counts).toEqual({ all: 250, published: 83, draft: 167, scheduled: 0 });
  }, 60_000);

  it('sends counts as more than the cap when the newest articles say the term is in thousands', async () => {
    await bulk(SEARCH_COUNT_CAP * 7, 'plenty');
    const spy = spied();
    const got = await page(spy.db, 'plenty');
    expect(spy.walked()).toBe(true);
    expect(got.slugs).toEqual(await reference('plenty'));
    expect(got.counts).toEqual({ all: SEARCH_COUNT_CAP + 1, published: SEARCH_COUNT_CAP + 1, draft: SEARCH_COUNT_CAP + 1, scheduled: 0 });
    // No count statement was needed.
    expect(spy.statements.filter((s) => s.sql.includes('count(*)') && !s.prepared)).toEqual([]);
  }, 60_000);

  it('pages on from its cursors, every match once, in both orders and across the title tier', async () => {
    await bulk(600, 'everywhere');
    // Sixty titles have the word: the relevance order's title tier spans two pages of 50.
    await withoutHistory(ctx.h.db, "UPDATE articles SET title = 'Everywhere ' || id WHERE substr(id, 5)::int % 10 = 0");
    for (const order of ['rank', 'newest'] as const) {
      const spy = spied();
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 4; i++) {
        const got = await listArticles(spy.db, { status: 'all', q: 'everywhere', limit: 50, ...(order === 'newest' ? { sort: 'newest' as const } : {}), ...(cursor ? { cursor } : {}) });
        seen.push(...got.data.map((card) => card.slug!));
        cursor = got.nextCursor ?? undefined;
      }
      const { rows } = await ctx.h.db.query<{ slug: string }>(
        `SELECT slug FROM articles WHERE deleted_at IS NULL AND ${ARTICLE_MATCH_SQL('$1', '$2')}
          ORDER BY ${order === 'rank' ? "(head_vector @@ websearch_to_tsquery('simple', $1)) DESC," : ''} created_at DESC, id DESC LIMIT 200`,
        ['everywhere', '%everywhere%'],
      );
      expect(seen, order).toEqual(rows.map((row) => row.slug));
      // Every page read from the newest articles, none planned for the term.
      expect(spy.statements.filter((s) => s.sql.includes(`LIMIT ${WALKED_ROWS}) newest`)), order).toHaveLength(4);
    }
  }, 60_000);

  it('is not tried for a rare word, a phrase, a site or another sort', async () => {
    await bulk(300, 'often');
    await withoutHistory(ctx.h.db, "UPDATE articles SET scrapped_data = scrapped_data || ' seldom' WHERE id = 'walk000007'");
    for (const query of [
      { q: 'seldom' },
      { q: '"with often"' },
      { q: 'often', site: 'example.com' },
      { q: 'often', order: 'title' as const },
    ]) {
      const spy = spied();
      await selectArticlePage(spy.db, { status: 'all', order: 'rank', limit: 50, ...query });
      expect(spy.walked(), JSON.stringify(query)).toBe(false);
    }
  }, 60_000);

  describe('a search that matches few articles', () => {
    it('is read with its exact counts in one prepared statement, in every status and both orders', async () => {
      await bulk(300, 'filler');
      // Ten drafts have a rare word; two of them in the title, one scheduled.
      await withoutHistory(ctx.h.db, "UPDATE articles SET scrapped_data = scrapped_data || ' zanzibar' WHERE substr(id, 5)::int % 30 = 1");
      await withoutHistory(ctx.h.db, "UPDATE articles SET title = 'Zanzibar notes' WHERE id IN ('walk000031', 'walk000271')");
      await withoutHistory(ctx.h.db, "UPDATE articles SET publish_at = now() + interval '1 day', schedule_tz = 'UTC' WHERE id = 'walk000061'");
      for (const status of ['all', 'published', 'draft'] as const) {
        for (const order of ['rank', 'newest'] as const) {
          const spy = spied();
          const got = await page(spy.db, 'zanzibar', status, order);
          expect(got.slugs, `${status} ${order}`).toEqual(await reference('zanzibar', status, order === 'rank'));
          expect(got.counts, `${status} ${order}`).toEqual({ all: 10, published: 0, draft: 10, scheduled: 1 });
          expect(spy.capped()).toBe(true);
          expect(spy.reads(), `${status} ${order}`).toHaveLength(1);
        }
      }
      // A pasted slug: its words are common, the hyphenated word itself is not.
      const slug = spied();
      expect((await page(slug.db, 'walk-31')).slugs).toEqual(await reference('walk-31'));
      expect(slug.capped()).toBe(true);
      expect(slug.reads()).toHaveLength(1);
      // No match at all, and none in a status: the counts still come with the page.
      expect((await page(spied().db, 'qzxvbnm')).counts).toEqual({ all: 0, published: 0, draft: 0, scheduled: 0 });
      await withoutHistory(ctx.h.db, "UPDATE articles SET scrapped_data = scrapped_data || ' onlydrafts' WHERE id = 'walk000002'");
      const spy = spied();
      const none = await page(spy.db, 'onlydrafts', 'published');
      expect(none).toMatchObject({ slugs: [], counts: { all: 1, published: 0, draft: 1, scheduled: 0 } });
      expect(spy.reads()).toHaveLength(1);
    }, 60_000);

    it('is read as any search when it matches more than the cap, or holds a common word', async () => {
      await bulk(CAPPED_EXPECTED + 300, 'filler');
      // A part of a word in CAPPED_ROWS + 50 slugs: no statistics of words tell it.
      await withoutHistory(ctx.h.db, `UPDATE articles SET slug = 'walk-azqxb-' || substr(id, 5) WHERE substr(id, 5)::int <= ${CAPPED_ROWS + 50}`);
      await ctx.h.db.query('ANALYZE articles');
      const spy = spied();
      const got = await page(spy.db, 'zqx');
      expect(got.slugs).toEqual(await reference('zqx'));
      expect(got.counts.all).toBe(CAPPED_ROWS + 50);
      // Tried, then read as any search.
      expect(spy.capped()).toBe(true);
      expect(spy.reads().length).toBeGreaterThan(1);
      // A word the statistics put in more than CAPPED_EXPECTED articles: not tried.
      const common = spied();
      await page(common.db, 'filler -zanzibar');
      expect(common.capped()).toBe(false);
    }, 60_000);
  });

  describe('a phrase, newest first', () => {
    it('is read among the newest articles through its pairs and dates, the same page as any search’s, in every status and both orders', async () => {
      await bulk(PHRASE_WINDOWS[0] + 500, 'filler');
      // The phrase in every fifth article (a page's worth among the newest window), one of them in its title.
      await withoutHistory(ctx.h.db, "UPDATE articles SET scrapped_data = 'a common phrase here, then more' WHERE substr(id, 5)::int % 5 = 0");
      await withoutHistory(ctx.h.db, "UPDATE articles SET title = 'A common phrase' WHERE id = 'walk000910'");
      await withoutHistory(ctx.h.db, "UPDATE articles SET publish_at = now() + interval '1 day', schedule_tz = 'UTC' WHERE id IN ('walk000005', 'walk000007')");
      const q = '"common phrase"';
      for (const status of ['all', 'published', 'draft'] as const) {
        for (const order of ['rank', 'newest'] as const) {
          const spy = spied();
          const got = await page(spy.db, q, status, order);
          expect(got.slugs, `${status} ${order}`).toEqual(await reference(q, status, order === 'rank'));
          expect(got.slugs[0], `${status} ${order}`).toBe(order === 'rank' && status !== 'published' ? 'walk-910' : got.slugs[0]);
          expect(got.more).toBe(true);
          expect(spy.windowed(), `${status} ${order}`).toBe(true);
          // 300 matches: their share of the window says fewer than ESTIMATE_TRUSTED_FROM, so counted exactly;
          // the scheduled one among them is counted beside the page.
          expect(got.counts, `${status} ${order}`).toEqual({ all: 300, published: 100, draft: 200, scheduled: 1 });
        }
      }
    }, 60_000);

    it('is read from every match, with its counts in the same statement, when the newest articles hold few', async () => {
      // Each status has more than a window of articles (a third are published).
      const older = 3 * PHRASE_WINDOWS[0] + 200;
      await bulk(older + 400, 'filler');
      // Only older articles have the phrase: no status's newest window holds any.
      await withoutHistory(ctx.h.db, `UPDATE articles SET scrapped_data = 'an old rare phrase' WHERE substr(id, 5)::int > ${older} AND substr(id, 5)::int % 2 = 0`);
      const q = '"rare phrase"';
      for (const status of ['all', 'published', 'draft'] as const) {
        const spy = spied();
        const got = await page(spy.db, q, status);
        expect(got.slugs, status).toEqual(await reference(q, status));
        expect(spy.rarePhrase(), status).toBe(true);
        expect(got.counts, status).toEqual({ all: 200, published: 67, draft: 133, scheduled: 0 });
        // The window, then the page with its counts; before them, the search as PostgreSQL parses
        // it, read once for the process (the same search again finds it kept; the other backend's
        // run may have read it already).
        const parses = spy.reads().filter((s) => s.sql.endsWith('::text AS t')).length;
        expect(parses, status).toBeLessThanOrEqual(status === 'all' ? 1 : 0);
        expect(spy.reads().length - parses, status).toBe(2);
      }
      // A later page, a site or a scheduled list: read from the phrase's pairs, as before.
      const spy = spied();
      const site = await selectArticlePage(spy.db, { status: 'all', q, order: 'rank', limit: 50, site: 'news.example.com' });
      expect(site.rows).toHaveLength(0);
      expect(spy.rarePhrase()).toBe(false);
    }, 60_000);
  });
});
