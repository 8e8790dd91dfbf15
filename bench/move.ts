/**
 * Moving an embedded library to PostgreSQL (server/db/move.ts, `npm run admin -- move-to-postgres`),
 * timed. BENCH_ARTICLES real-size articles and their files' rows (bench/http/seed.ts) in a fresh
 * embedded database (PGlite, on its own thread as the server runs it), then moved into a fresh
 * PostgreSQL database on BENCH_PG_URL: the move's time (the bar: 100,000 articles in at most
 * 10 minutes) and the bench process's memory meanwhile (its peak RSS, sampled every 200 ms; the
 * embedded database's thread is in it). Floor in the same run: one read of every table of the
 * library (each table's row count and checksum, as the move's check reads them), nothing written.
 *
 *   npm run bench:move
 *   BENCH_ARTICLES=20000 npm run bench:move
 *
 * Knobs: BENCH_ARTICLES (100000), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432; a fresh
 * database bench_move_<time>, dropped after).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPgliteDatabase, createPostgresDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { moveLibrary, type MoveProgress } from '../server/db/move.ts';
import { createBenchDatabase, fmt, onCleanup, runMain } from './http/process.ts';
import { seedLibrary } from './http/seed.ts';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const BAR_MS = 10 * 60_000;
const BAR_ARTICLES = 100_000;

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-move-'));
  onCleanup(() => rm(dir, { recursive: true, force: true }));
  const source = await createPgliteDatabase(path.join(dir, 'db'));
  onCleanup(() => source.close());
  await migrate(source);
  const seeded = await seedLibrary(source, ARTICLES, (line) => console.error(line));
  await source.query('DROP TABLE IF EXISTS bench_paragraphs, bench_words');
  console.log(`embedded library: ${fmt(ARTICLES, 0)} articles seeded in ${fmt(seeded.seconds)} s (HTML ${fmt(seeded.avgHtml / 1024)} KB each on average; the articles' table ${fmt(seeded.articleBytes / 2 ** 20)} MB)`);

  // The floor: every table read once, as the move's check reads it.
  const { rows: tables } = await source.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'",
  );
  const floorStarted = performance.now();
  for (const { name } of tables) {
    await source.query(`SELECT count(*), md5(coalesce(string_agg(h, '' ORDER BY h), '')) FROM (SELECT md5(x::text) AS h FROM "${name}" x) s`);
  }
  const floorMs = performance.now() - floorStarted;

  const target = await createPostgresDatabase({ connectionString: await createBenchDatabase(PG_URL, 'bench_move'), max: 2 });
  onCleanup(() => target.close());
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
  const perTable = new Map<string, { rows: number; ms: number }>();
  let tableStarted = performance.now();
  let current = '';
  const onProgress = (p: MoveProgress) => {
    if (p.table !== current) {
      current = p.table;
      tableStarted = performance.now();
    }
    perTable.set(p.table, { rows: p.copied, ms: performance.now() - tableStarted });
  };
  const report = await moveLibrary(source, target, onProgress);
  clearInterval(sampler);

  console.log('\n| case | rows | seconds |');
  console.log('|---|---:|---:|');
  console.log(`| floor: every table of the library read once (count and checksum), nothing written | ${fmt(report.rows, 0)} | ${fmt(floorMs / 1000, 1)} |`);
  console.log(`| the move: schema, copy, check of every table, sequences (one transaction) | ${fmt(report.rows, 0)} | ${fmt(report.ms / 1000, 1)} |`);
  for (const [step, ms] of Object.entries(report.steps)) console.log(`| of which ${step} | | ${fmt(ms / 1000, 1)} |`);
  for (const [table, t] of [...perTable].sort((a, b) => b[1].ms - a[1].ms).slice(0, 2)) {
    console.log(`| of which copying ${table} | ${fmt(t.rows, 0)} | ${fmt(t.ms / 1000, 1)} |`);
  }
  console.log(`\nthe bench process's peak RSS during the move (the embedded database's thread included): ${fmt(peak / 2 ** 20, 0)} MB`);
  const bar = (BAR_MS * ARTICLES) / BAR_ARTICLES;
  console.log(
    `${report.ms <= bar ? 'PASS' : 'OVER'}: ${fmt(ARTICLES, 0)} articles moved in ${fmt(report.ms / 1000, 1)} s ` +
      `(bar: ${BAR_ARTICLES.toLocaleString('en-US')} in 10 min${ARTICLES === BAR_ARTICLES ? '' : `, ${fmt(bar / 1000, 0)} s at this size`}); ${fmt(report.ms / floorMs, 1)}x the floor`,
  );
  if (report.ms > bar) process.exitCode = 1;
}

runMain(main);
