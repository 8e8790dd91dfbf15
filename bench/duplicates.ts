/**
 * Near-duplicates on a real-size library (src/contract/duplicates.ts): BENCH_ROWS articles seeded
 * (bench/http/seed.ts: about 6 KB of raw text each), the real server (server/main.ts, PostgreSQL)
 * started on them as its own process, which signs them all in the background at start (how long
 * it takes is printed); then BENCH_COPIES near-copies (a line above and below, one word in a
 * hundred changed) are created through the API, and each one's lookup (`GET /api/articles/:id/duplicates`)
 * is timed one at a time beside the floor: the same article's page (`GET /api/articles/:id`),
 * asked the same way in the same run. Prints p50 / p99 of both, how many copies found their
 * original, and the bytes a signature takes (its columns, and with its row and indexes).
 *
 *   npx tsx bench/duplicates.ts
 *   BENCH_SEEDED_URL=postgres://postgres@127.0.0.1:5432/bench_seeded npx tsx bench/duplicates.ts
 *
 * Knobs: BENCH_ROWS (100000), BENCH_COPIES (500), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432;
 * a fresh database is created there and dropped), BENCH_SEEDED_URL (a database kept seeded
 * between runs, as bench/search.ts keeps it; its signatures are removed first, so the server
 * signs them again).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { duplicatesResultSchema } from '../src/contract/index.ts';
import { createPostgresDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrations.ts';
import { createBenchDatabase, fmt, freePort, onCleanup, runMain, signIn, startServer } from './http/process.ts';
import { seedLibrary } from './http/seed.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const COPIES = Number(process.env.BENCH_COPIES ?? 500);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const SEEDED_URL = process.env.BENCH_SEEDED_URL;
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(p * times.length))]!;

/** A copy as a syndicating site makes it: a line above and below, and one word in a hundred changed. */
const copyOf = (text: string, n: number) =>
  `By our wire desk, copy ${n}. ${text
    .split(' ')
    .map((word, i) => (i % 100 === 37 ? `${word}s` : word))
    .join(' ')} First published by the wire; all rights reserved.`;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-duplicates-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const databaseUrl = SEEDED_URL ?? (await createBenchDatabase(PG_URL, 'bench_duplicates'));
  const db = await createPostgresDatabase({ connectionString: databaseUrl });
  let originals: { id: string; scrapped_data: string }[];
  try {
    await migrate(db);
    const count = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM articles')).rows[0]!.n);
    if (count >= ROWS) console.log(`the library already seeded at ${databaseUrl}: ${count.toLocaleString('en-US')} articles`);
    else {
      const seed = await seedLibrary(db, ROWS, () => {});
      console.log(`${ROWS.toLocaleString('en-US')} articles seeded in ${fmt(seed.seconds)} s (raw text ${fmt(seed.avgText / 1024)} KB on average)`);
    }
    // The server signs them (again) at start; the copies of an earlier run go.
    await db.query("DELETE FROM articles WHERE slug LIKE 'bench-copy-%'");
    await db.query('DELETE FROM article_signatures');
    ({ rows: originals } = await db.query<{ id: string; scrapped_data: string }>(
      'SELECT id, scrapped_data FROM articles WHERE deleted_at IS NULL ORDER BY md5(id) LIMIT $1',
      [COPIES],
    ));
  } finally {
    await db.close();
  }

  const port = await freePort();
  const started = performance.now();
  const server = await startServer({ port, dataDir, databaseUrl, ...ADMIN }, path.join(dataDir, 'server.log'));
  const watch = await createPostgresDatabase({ connectionString: databaseUrl });
  try {
    const total = async () =>
      (await watch.query<{ signed: string; live: string }>(
        'SELECT (SELECT count(*) FROM article_signatures) AS signed, (SELECT count(*) FROM articles WHERE deleted_at IS NULL) AS live',
      )).rows[0]!;
    for (let state = await total(); Number(state.signed) < Number(state.live); state = await total()) await new Promise((r) => setTimeout(r, 1_000));
    const signing = (performance.now() - started) / 1000;
    console.log(`the server signed ${ROWS.toLocaleString('en-US')} articles in the background in ${fmt(signing)} s from its start (${fmt((signing * 1000) / ROWS, 2)} ms each)`);

    const headers = { authorization: `Bearer ${await signIn(server.base, ADMIN.email, ADMIN.password)}`, 'content-type': 'application/json' };
    const copies: { id: string; original: string }[] = [];
    for (const [n, original] of originals.entries()) {
      const res = await fetch(`${server.base}/api/articles`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ slug: `bench-copy-${n}`, title: `Copy ${n}`, scrapedUrl: `https://wire.example.org/copy-${n}`, scrappedData: copyOf(original.scrapped_data, n) }),
      });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
      copies.push({ id: ((await res.json()) as { data: { id: string } }).data.id, original: original.id });
    }
    // Their signatures come with the checks the server runs after each creation.
    for (let state = await total(); Number(state.signed) < Number(state.live); state = await total()) await new Promise((r) => setTimeout(r, 500));

    const lookups: number[] = [];
    const pages: number[] = [];
    let found = 0;
    let others = 0;
    for (const copy of copies) {
      let at = performance.now();
      const res = await fetch(`${server.base}/api/articles/${copy.id}/duplicates`, { headers });
      const answer = duplicatesResultSchema.parse(await res.json());
      lookups.push(performance.now() - at);
      if (answer.data.some((d) => d.id === copy.original)) found++;
      others += answer.data.filter((d) => d.id !== copy.original).length;
      at = performance.now();
      await (await fetch(`${server.base}/api/articles/${copy.id}`, { headers })).arrayBuffer();
      pages.push(performance.now() - at);
    }
    const size = (
      await watch.query<{ row: string; total: string; n: string }>(
        `SELECT avg(pg_column_size(s.*))::numeric(10,1) AS row, pg_total_relation_size('article_signatures') AS total, count(*) AS n FROM article_signatures s`,
      )
    ).rows[0]!;
    console.log(`\n| case | p50 ms | p99 ms | max ms |\n|---|--:|--:|--:|`);
    console.log(`| lookup of a copy's near-duplicates among ${Number(size.n).toLocaleString('en-US')} | ${fmt(percentile(lookups, 0.5))} | ${fmt(percentile(lookups, 0.99))} | ${fmt(Math.max(...lookups))} |`);
    console.log(`| floor: the same article's page | ${fmt(percentile(pages, 0.5))} | ${fmt(percentile(pages, 0.99))} | ${fmt(Math.max(...pages))} |`);
    console.log(`\n${found} of ${copies.length} copies found their original (${fmt((100 * found) / copies.length)}%); ${fmt(others / copies.length, 2)} other articles listed per lookup (the seeded texts are drawn from one pool of paragraphs)`);
    console.log(`a signature: 24 bytes of columns (the SimHash and its four bands); ${size.row} bytes a row with its address; ${fmt(Number(size.total) / Number(size.n), 0)} bytes an article with the table's indexes`);
  } finally {
    await watch.close();
    await server.stop();
  }
}

runMain(main);
