/**
 * The list's filters beside the plain list, over HTTP on PostgreSQL: seeds BENCH_ROWS real-sized
 * articles (bench/http/seed.ts), then makes a third of them look like a copy (each paired with
 * its neighbour), one in ten need attention (a check failing) and one in fifty have a changed
 * source; starts the real server (server/main.ts) and drives each first page (50 cards) with
 * autocannon (-c BENCH_CONNECTIONS). Prints each filter's req/s, p50 and p99, its cost beside the
 * plain list measured in the same run (the plain list's req/s over the filter's: the bar is at
 * most 2), and its counts. Before them, what keeping the marks adds to a save (saveCost). Figures
 * only.
 *
 *   npm run bench:filters
 *   BENCH_ROWS=20000 BENCH_DURATION=5 npm run bench:filters
 *
 * Knobs: BENCH_ROWS (100000), BENCH_DURATION seconds per case (10), BENCH_WARMUP seconds (2),
 * BENCH_CONNECTIONS (20), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432; a fresh database is
 * made there and dropped).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { articleListResultSchema } from '../src/contract/index.ts';
import { createPostgresDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { createBenchDatabase, fmt, freePort, load, onCleanup, runMain, signIn, startServer } from './http/process.ts';
import { seedLibrary } from './http/seed.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

const CASES = [
  ['plain list', ''],
  ['looks like a copy (a third)', 'copies=true'],
  ['needs attention (one in ten)', 'attention=true'],
  ['source changed (one in fifty)', 'sourceChanged=true'],
  ['looks like a copy, drafts', 'copies=true&status=draft'],
  ['needs attention, published', 'attention=true&status=published'],
] as const;

/**
 * What keeping the marks adds to a save: an article's blog HTML written again (a new version,
 * as a save does), SAVES times, with the marks' trigger on, then off, then on, in turn, on one
 * connection; the median of each. The trigger reads the statement's old and new rows and finds
 * nothing that moves a mark.
 */
async function saveCost(db: Database) {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM articles ORDER BY created_at DESC LIMIT 200');
  const time = async (on: boolean) => {
    const times: number[] = [];
    await db.transaction(async (tx) => {
      if (!on) await tx.query('ALTER TABLE articles DISABLE TRIGGER articles_marks_upd');
      await tx.query("SET LOCAL history.off = 'on'");
      for (let i = 0; i < SAVES; i++) {
        const started = performance.now();
        await tx.query("UPDATE articles SET blog_data = blog_data || ' ', version = version + 1, updated_at = clock_timestamp() WHERE id = $1", [rows[i % rows.length]!.id]);
        times.push(performance.now() - started);
      }
      // Nothing kept: the library stays as seeded.
      throw new Rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  };
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < 3; round++) {
    on.push(await time(true));
    off.push(await time(false));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
  console.log(
    `a save (${SAVES} updates of an article's blog HTML, median of 3 rounds): ${fmt(median(on), 3)} ms with the marks kept, ` +
      `${fmt(median(off), 3)} ms without (${median(on) >= median(off) ? '+' : ''}${fmt((100 * (median(on) - median(off))) / median(off), 1)}%)`,
  );
}
class Rollback extends Error {}
const SAVES = 300;

runMain(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-filters-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const databaseUrl = await createBenchDatabase(PG_URL, 'bench_filters');
  const db = await createPostgresDatabase({ connectionString: databaseUrl });
  try {
    await migrate(db);
    const seed = await seedLibrary(db, ROWS, () => {});
    console.log(
      `${ROWS.toLocaleString('en-US')} articles seeded on PostgreSQL in ${fmt(seed.seconds)} s ` +
        `(blog HTML ${fmt(seed.avgHtml / 1024)} KB, raw text ${fmt(seed.avgText / 1024)} KB on average)`,
    );
  } finally {
    await db.close();
  }

  const port = await freePort();
  const server = await startServer({ port, dataDir, databaseUrl, ...ADMIN }, path.join(dataDir, 'server.log'));
  const watch = await createPostgresDatabase({ connectionString: databaseUrl });
  try {
    // The server signs every article in the background from its start (the copies it finds in
    // the seed's shared paragraphs): once it has, the bench's own copies take their place.
    const unsigned = async () =>
      Number((await watch.query<{ n: string }>('SELECT count(*) AS n FROM articles a WHERE NOT EXISTS (SELECT 1 FROM article_signatures s WHERE s.article_id = a.id)')).rows[0]!.n);
    while ((await unsigned()) > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
    const marking = performance.now();
    await watch.transaction(async (tx) => {
      await tx.query('DELETE FROM article_copies');
      // Article ids are lpad(to_hex(i), 26, '0') (seed.ts): neighbours paired both ways, a draft
      // with a published one (one in three is published: i % 3 = 0).
      const id = (expr: string) => `lpad(to_hex(${expr}), 26, '0')`;
      await tx.query(
        `INSERT INTO article_copies (article_id, other_id)
           SELECT ${id('i')}, ${id('i + 1')} FROM generate_series(1, ${ROWS - 1}) i WHERE i % 6 = 2
           UNION ALL SELECT ${id('i + 1')}, ${id('i')} FROM generate_series(1, ${ROWS - 1}) i WHERE i % 6 = 2`,
      );
      // A kept result of the checks for every article, of its text as it is (not run again).
      await tx.query(
        `INSERT INTO article_checks (article_id, checked_at, article_updated_at, content_key, word_count, reading_minutes, items, failing)
           SELECT id, now(), updated_at, md5(coalesce(title, '') || chr(31) || coalesce(blog_data, '')), 100, 1, '[]',
                  CASE WHEN ('x' || right(id, 8))::bit(32)::int % 10 = 0 THEN 1 ELSE 0 END FROM articles
         ON CONFLICT (article_id) DO UPDATE SET failing = EXCLUDED.failing, content_key = EXCLUDED.content_key, article_updated_at = EXCLUDED.article_updated_at`,
      );
      await tx.query("SET LOCAL history.off = 'on'");
      await tx.query(`UPDATE articles SET source_changed = true WHERE ('x' || right(id, 8))::bit(32)::int % 50 = 0`);
    });
    await watch.query('ANALYZE');
    console.log(`copies (a third), checks (one in ten failing) and changed sources (one in fifty) marked in ${fmt((performance.now() - marking) / 1000)} s`);
    await saveCost(watch);
  } finally {
    await watch.close();
  }
  const headers = { authorization: `Bearer ${await signIn(server.base, ADMIN.email, ADMIN.password)}` };
  const results: { name: string; rps: number; p50: number; p99: number; bad: number; counts: string }[] = [];
  for (const [name, query] of CASES) {
    const url = `${server.base}/api/articles/admin/articles?limit=50${query ? `&${query}` : ''}`;
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    const page = articleListResultSchema.parse(await res.json());
    const r = await load(url, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, headers });
    const counts = `${page.counts.published.toLocaleString('en-US')} published, ${page.counts.draft.toLocaleString('en-US')} drafts`;
    results.push({ name, rps: r.rps, p50: r.p50, p99: r.p99, bad: r.errors + r.non2xx, counts });
    console.log(`  ${name}: ${fmt(r.rps, 0)} req/s, p99 ${r.p99} ms`);
  }
  const plain = results[0]!;
  console.log(`\n| first page of 50 (${ROWS.toLocaleString('en-US')} articles, ${CONNECTIONS} connections) | req/s | p50 ms | p99 ms | cost beside the plain list (bar: at most 2) | counts |`);
  console.log('| --- | ---: | ---: | ---: | ---: | --- |');
  for (const r of results) {
    const bad = r.bad ? ` (${r.bad} errors)` : '';
    console.log(`| ${r.name}${bad} | ${fmt(r.rps, 0)} | ${r.p50} | ${r.p99} | ${fmt(plain.rps / r.rps, 2)}x | ${r.counts} |`);
  }
});
