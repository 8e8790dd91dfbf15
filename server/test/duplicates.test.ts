/**
 * Near-duplicates (src/contract/duplicates.ts) through the API, on both databases: the same
 * address once normalised, a text at least 90% alike, never an article in the trash; a scrape
 * answers the new draft's ("Looks like a copy of …"); each signature takes a few bytes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleListResultSchema,
  DUPLICATE_SIMILARITY,
  duplicatesResultSchema,
  MAX_SIGNATURE_DISTANCE,
  scrapeResultSchema,
  serverMessages,
  type TextSignature,
} from '../../src/contract/index.ts';
import pg from 'pg';
import { LOCKS } from '../db/locks.ts';
import { storeCopies, storeSignature } from '../repositories/signatures.ts';
import { auth, backends, useHarness } from './helpers.ts';

const paragraphs = Array.from(
  { length: 8 },
  (_, i) => `Part ${i + 1} of the harbour story. The fishing boats came into the old harbour at dawn, the market opened early, and the buyers from the town argued over the price of herring until noon.`,
);
const story = paragraphs.join(' ');
const other = Array.from({ length: 8 }, (_, i) => `Chapter ${i + 1} on mountain walking: pack light, start before sunrise, drink often and turn back when the weather changes on the ridge.`).join(' ');

/** A site serving the story as a page (the scraper reads it through Readability). */
async function startSite() {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>The harbour at dawn</title></head><body><article><h1>The harbour at dawn</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(backends)('near-duplicates ($name)', (backend) => {
  // The server signs each article after its change (with the checks before publishing), as in production.
  const ctx = useHarness(backend, { scrape: { allowCidrs: ['127.0.0.1/32'], timeoutMs: 5_000 }, background: { checks: true } });
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site.close());

  const create = async (slug: string, scrapedUrl: string | undefined, scrappedData: string, title = slug) => {
    const res = await ctx.api('POST', '/api/articles', { slug, title, scrapedUrl, scrappedData, blogData: '<p>x</p>' });
    expect(res.statusCode, res.body).toBe(201);
    await ctx.h.app.checksIdle();
    return res.json().data.id as string;
  };
  const duplicatesOf = async (id: string) => {
    const res = await ctx.api('GET', `/api/articles/${id}/duplicates`);
    expect(res.statusCode, res.body).toBe(200);
    return duplicatesResultSchema.parse(res.json()).data;
  };

  it('finds a text at least 90% alike from another address, and not an article about something else', async () => {
    const first = await create('harbour', 'https://news.example.com/2026/harbour', story, 'The harbour');
    await create('mountains', 'https://walks.example.com/ridge', other);
    const copy = await create('harbour-wire', 'https://wire.example.org/harbour-dawn', story.replace('herring', 'mackerel'), 'The harbour, from the wire');
    const found = await duplicatesOf(copy);
    expect(found).toEqual([{ id: first, title: 'The harbour', similarity: expect.any(Number), reason: 'text' }]);
    expect(found[0]!.similarity).toBeGreaterThanOrEqual(DUPLICATE_SIMILARITY);
    // Both ways.
    expect((await duplicatesOf(first)).map((d) => d.id)).toEqual([copy]);
  });

  it('finds the same page under another spelling of its address (AMP, print, tracking), whatever the text', async () => {
    const page = await create('page', 'https://www.news.example.com/2026/budget/', 'The budget.');
    const amp = await create('page-amp', 'https://amp.news.example.com/2026/budget/amp?utm_source=feed', 'Budget (AMP).');
    await create('page-other', 'https://news.example.com/2026/budget-reactions', 'Reactions.');
    expect(await duplicatesOf(amp)).toEqual([{ id: page, title: 'page', similarity: 0, reason: 'address' }]);
  });

  it('leaves out an article in the trash, and answers 404 for an unknown one', async () => {
    const first = await create('kept', 'https://news.example.com/kept', story);
    const copy = await create('trashed', 'https://mirror.example.com/kept', story);
    expect((await duplicatesOf(first)).map((d) => d.id)).toEqual([copy]);
    expect((await ctx.api('DELETE', `/api/articles/${copy}`)).statusCode).toBe(204);
    expect(await duplicatesOf(first)).toEqual([]);
    const res = await ctx.api('GET', '/api/articles/nope/duplicates');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: serverMessages.articleNotFound, code: 'not_found' });
  });

  it('lists the articles that look like a copy with copies=true, both of a pair, never beside one in the trash', async () => {
    const first = await create('list-first', 'https://news.example.com/2026/list', story, 'The harbour');
    await create('list-other', 'https://walks.example.com/list', other);
    const copy = await create('list-copy', 'https://wire.example.org/list', story.replace('herring', 'mackerel'));
    const listed = async (query = '') => {
      const res = await ctx.api('GET', `/api/articles/admin/articles?copies=true${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = articleListResultSchema.parse(res.json());
      return { ids: page.data.map((a) => a.id).sort(), counts: page.counts };
    };
    expect(await listed()).toEqual({ ids: [first, copy].sort(), counts: expect.objectContaining({ all: 2, draft: 2, published: 0 }) });
    expect((await listed('&q=mackerel')).ids).toEqual([copy]);
    // The other one in the trash: neither is a copy of anything left.
    expect((await ctx.api('DELETE', `/api/articles/${copy}`)).statusCode).toBe(204);
    expect((await listed()).ids).toEqual([]);
    // Signed again meanwhile (its title saved): the pair with the one in the trash is kept.
    expect((await ctx.api('PATCH', `/api/articles/${first}`, { title: 'The harbour at dawn' })).statusCode).toBe(200);
    await ctx.h.app.checksIdle();
    expect((await listed()).ids).toEqual([]);
    expect((await ctx.api('POST', `/api/articles/${copy}/restore`)).statusCode).toBe(200);
    expect((await listed()).ids).toEqual([first, copy].sort());
    // Signed again with no copy found: the pair goes both ways.
    await storeCopies(ctx.h.db, copy, []);
    expect((await listed()).ids).toEqual([]);
  });

  it.runIf(backend.name === 'postgres')('keeps the pairs of a signing under the copies lock (two alike signed at once both see each other)', async () => {
    const first = await create('locked-first', 'https://news.example.com/2026/locked', story, 'The harbour');
    // The pair of the copy and the first, both ways (the tests before left other copies of the story).
    const pairs = async (id: string) =>
      Number(
        (await ctx.h.db.query<{ n: string }>('SELECT count(*) AS n FROM article_copies WHERE (article_id = $1 AND other_id = $2) OR (article_id = $2 AND other_id = $1)', [id, first]))
          .rows[0]!.n,
      );
    // Another process keeping its pairs holds the lock: the copy's signing waits for its turn.
    const schema = (await ctx.h.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(hashtext(current_schema()), $1)', [LOCKS.copies]);
      const res = await ctx.api('POST', '/api/articles', {
        slug: 'locked-copy',
        title: 'Copy',
        scrapedUrl: 'https://wire.example.org/locked',
        scrappedData: story.replace('herring', 'sprats'),
        blogData: '<p>x</p>',
      });
      expect(res.statusCode, res.body).toBe(201);
      const copy = res.json().data.id as string;
      const waiting = async () =>
        (
          await other.query(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
               AND classid = hashtext(current_schema())::oid AND objid = $1 AND objsubid = 2`,
            [LOCKS.copies],
          )
        ).rows[0].n;
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      expect(await pairs(copy)).toBe(0);
      await other.query('COMMIT');
      await ctx.h.app.checksIdle();
      expect(await pairs(copy)).toBe(2);
      expect((await duplicatesOf(copy)).map((d) => d.id)).toContain(first);
    } finally {
      await other.end();
    }
  });

  it('a scrape answers what the new draft looks like a copy of', async () => {
    const first = await create('harbour-first', 'https://news.example.com/2026/harbour', story, 'The harbour');
    const res = await ctx.h.app.inject({ method: 'POST', url: '/api/articles/scrape', headers: auth(ctx.token), payload: { url: `${site.base}/harbour` } });
    expect(res.statusCode, res.body).toBe(201);
    const scraped = scrapeResultSchema.parse(res.json());
    expect(scraped.duplicates).toEqual([{ id: first, title: 'The harbour', similarity: expect.any(Number), reason: 'text' }]);
    expect(scraped.duplicates![0]!.similarity).toBeGreaterThanOrEqual(DUPLICATE_SIMILARITY);
  });

  it('signs the articles kept before signatures were, in the background at start', async () => {
    const first = await create('old-one', 'https://news.example.com/old', story);
    const copy = await create('old-copy', 'https://mirror.example.com/old', story);
    await ctx.h.db.query('DELETE FROM article_signatures');
    const restarted = await ctx.h.buildApp();
    // Its start signs them, in the background.
    await restarted.signaturesBackfilled();
    expect((await ctx.h.db.query('SELECT count(*)::int AS n FROM article_signatures')).rows[0]).toEqual({ n: 2 });
    expect((await duplicatesOf(first)).map((d) => d.id)).toEqual([copy]);
  });

  it('finds a text whose every band differs (within 9 bits, a band within one), never one 10 bits away', async () => {
    const base: TextSignature = [0x12345678, 0x9abcdef0];
    // Bits flipped per 16-bit band: the old lookup by an exact band found neither.
    const flipped = (perBand: number[]): TextSignature => {
      const masks = perBand.map((n) => (1 << n) - 1); // the lowest n bits of each band
      return [(base[0] ^ ((masks[0]! << 16) | masks[1]!)) >>> 0, (base[1] ^ ((masks[2]! << 16) | masks[3]!)) >>> 0];
    };
    const ids = [await create('sig-a', undefined, 'a'), await create('sig-b', undefined, 'b'), await create('sig-c', undefined, 'c')];
    const sign = async (id: string, signature: TextSignature) => {
      const { rows } = await ctx.h.db.query<{ updated_at: Date }>('SELECT updated_at FROM articles WHERE id = $1', [id]);
      await storeSignature(ctx.h.db, id, rows[0]!.updated_at, { address: null, signature });
    };
    await sign(ids[0]!, base);
    await sign(ids[1]!, flipped([1, 2, 3, 3])); // 9 bits
    await sign(ids[2]!, flipped([1, 3, 3, 3])); // 10 bits
    expect(MAX_SIGNATURE_DISTANCE).toBe(9);
    expect(await duplicatesOf(ids[0]!)).toEqual([{ id: ids[1], title: 'sig-b', similarity: 0.9, reason: 'text' }]);
    // The third is one bit from the second, ten from the first.
    expect((await duplicatesOf(ids[2]!)).map((d) => d.id)).toEqual([ids[1]]);
  });

  it('keeps each signature in a few bytes', async () => {
    const id = await create('sized', 'https://news.example.com/sized', story);
    await duplicatesOf(id);
    const { rows } = await ctx.h.db.query<{ bytes: number }>(
      'SELECT (pg_column_size(simhash) + pg_column_size(band0) * 4)::int AS bytes FROM article_signatures WHERE article_id = $1',
      [id],
    );
    expect(rows[0]!.bytes).toBe(24);
  });
});
