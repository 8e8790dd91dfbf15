/**
 * Whether a source's entry was seen, among a real-size library: BENCH_ROWS articles seeded
 * (bench/http/seed.ts: about 6 KB of raw text each, each with its normalised address signed as
 * the near-duplicates keep it) and a source with BENCH_ENTRIES entries already listed. Then
 * BENCH_LOOKUPS entries are decided one at a time as a poll decides them (server/sources/operations.ts):
 * the entry claimed in the source's entries (a conflict on its id or address: seen) and, when
 * new, an article looked for by its exact or normalised address; half are new pages, a quarter
 * are addresses an article was scraped from, a quarter were listed before. Each decision is
 * timed beside the floor, an article read by its primary key, asked the same way in the same
 * run. Prints p50 / p99 of both, on the embedded database and on PostgreSQL.
 *
 *   npx tsx bench/sources.ts
 *
 * Knobs: BENCH_ROWS (100000), BENCH_ENTRIES (10000), BENCH_LOOKUPS (2000), BENCH_DB (`both`,
 * `pglite` or `postgres`), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432; a fresh database is
 * created there and dropped).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { normalAddress } from '../src/contract/index.ts';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { articleOfAddress, claimEntry, insertSource } from '../server/repositories/sources.ts';
import { createBenchDatabase, fmt, onCleanup, runMain } from './http/process.ts';
import { seedLibrary } from './http/seed.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 2_000);
const WHICH = process.env.BENCH_DB ?? 'both';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(p * times.length))]!;
const ms = (n: number) => `${fmt(n, 2)} ms`;

/** Every article's normalised address kept as `signArticle` keeps it (the text's SimHash is not needed here). */
async function signAddresses(db: Database) {
  let after = '';
  for (;;) {
    const { rows } = await db.query<{ id: string; scraped_url: string | null; updated_at: Date }>(
      'SELECT id, scraped_url, updated_at FROM articles WHERE id > $1 ORDER BY id LIMIT 5000',
      [after],
    );
    if (!rows.length) return;
    await db.query(
      `INSERT INTO article_signatures (article_id, article_updated_at, address)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[]) ON CONFLICT (article_id) DO NOTHING`,
      [rows.map((r) => r.id), rows.map((r) => r.updated_at), rows.map((r) => normalAddress(r.scraped_url))],
    );
    after = rows.at(-1)!.id;
  }
}

async function measure(name: string, db: Database) {
  const log = (line: string) => console.log(`  ${line}`);
  console.log(`\n${name}: seeding ${ROWS.toLocaleString('en-US')} articles…`);
  await migrate(db);
  await seedLibrary(db, ROWS, log);
  await signAddresses(db);
  const sourceId = 'bench_source';
  await insertSource(db, {
    id: sourceId,
    url: 'https://news.example.com/',
    feedUrl: 'https://news.example.com/feed.xml',
    kind: 'feed',
    title: 'Bench',
    intervalMinutes: 60,
    include: null,
    watch: true,
    by: null,
    at: new Date(),
  });
  const listed = (i: number) => `https://news.example.com/listed/${i}.html`;
  for (let from = 0; from < ENTRIES; from += 1000) {
    const urls = Array.from({ length: Math.min(1000, ENTRIES - from) }, (_, k) => listed(from + k));
    await db.query(
      `INSERT INTO source_entries (source_id, entry_key, url, address, state, seen_at)
       SELECT $1, u, u, a, 'created', now() FROM unnest($2::text[], $3::text[]) AS t(u, a)`,
      [sourceId, urls.map((u) => `guid:${u}`), urls.map((u) => normalAddress(u))],
    );
  }
  await db.query('ANALYZE');
  const { rows: sample } = await db.query<{ id: string; scraped_url: string }>(
    `SELECT id, scraped_url FROM articles WHERE scraped_url IS NOT NULL ORDER BY md5(id) LIMIT $1`,
    [LOOKUPS],
  );

  const decide: number[] = [];
  const floor: number[] = [];
  const outcomes = { new: 0, seen: 0, scraped: 0 };
  for (let i = 0; i < LOOKUPS; i++) {
    // A quarter listed before, a quarter scraped before (with tracking parameters: found once normalised), half new.
    const kind = i % 4;
    const url =
      kind === 0 ? listed((i * 7) % ENTRIES) : kind === 1 ? `${sample[i % sample.length]!.scraped_url}?utm_source=feed` : `https://news.example.com/new/${i}.html`;
    const key = kind === 0 ? `guid:${url}` : `guid:${url}#${i}`;
    const address = normalAddress(url);

    let started = performance.now();
    const claimed = await claimEntry(db, sourceId, { key, url, address, title: null }, new Date());
    const existing = claimed ? await articleOfAddress(db, url, address) : undefined;
    decide.push(performance.now() - started);
    if (!claimed) outcomes.seen++;
    else if (existing) outcomes.scraped++;
    else outcomes.new++;

    started = performance.now();
    await db.query('SELECT id, status, title FROM articles WHERE id = $1', [sample[(i * 13) % sample.length]!.id]);
    floor.push(performance.now() - started);
  }
  console.log(`  ${LOOKUPS.toLocaleString('en-US')} entries decided: ${outcomes.new} new, ${outcomes.seen} listed before, ${outcomes.scraped} scraped before`);
  console.log('  | | p50 | p99 |');
  console.log('  |---|--:|--:|');
  console.log(`  | an entry decided (claim, then the article of its address) | ${ms(percentile(decide, 0.5))} | ${ms(percentile(decide, 0.99))} |`);
  console.log(`  | floor: an article by its primary key | ${ms(percentile(floor, 0.5))} | ${ms(percentile(floor, 0.99))} |`);
  console.log(`  p99 ratio to the floor: ${fmt(percentile(decide, 0.99) / percentile(floor, 0.99), 2)}×`);
}

async function main() {
  console.log(`Seen-decision of a source's entries among ${ROWS.toLocaleString('en-US')} articles and ${ENTRIES.toLocaleString('en-US')} listed entries`);
  if (WHICH === 'both' || WHICH === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-sources-'));
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    const db = await createPgliteDatabase(path.join(dir, 'db'));
    onCleanup(() => db.close());
    await measure('embedded database (PGlite)', db);
  }
  if (WHICH === 'both' || WHICH === 'postgres') {
    const url = await createBenchDatabase(PG_URL, 'bench_sources');
    const db = await createPostgresDatabase({ connectionString: url });
    onCleanup(() => db.close());
    await measure('PostgreSQL', db);
  }
}

runMain(main);
