/**
 * Near-duplicates on a real-size library (src/contract/duplicates.ts): BENCH_ROWS articles seeded
 * (bench/http/seed.ts: about 6 KB of raw text each), the real server (server/main.ts, PostgreSQL)
 * started on them as its own process, which signs them all in the background at start (how long
 * it takes is printed); then BENCH_COPIES near-copies (a line above and below, one word in a
 * hundred changed) are created through the API, and each one's lookup (`GET /api/articles/:id/duplicates`)
 * is timed one at a time beside the floor: the same article's page (`GET /api/articles/:id`),
 * asked the same way in the same run. Prints p50 / p99 of both, how many copies found their
 * original, and the bytes a signature takes (its columns, and with its row and indexes); then the
 * list's first page filtered to the articles that look like a copy (`copies=true`), with the
 * pairs of the seed's identical texts removed (few copies, as in a real library), beside the
 * plain list's first page.
 *
 *   npx tsx bench/duplicates.ts
 *   BENCH_SEEDED_URL=postgres://postgres@127.0.0.1:5432/bench_seeded npx tsx bench/duplicates.ts
 *
 * Knobs: BENCH_ROWS (100000), BENCH_COPIES (500), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432;
 * a fresh database is created there and dropped), BENCH_SEEDED_URL (a database kept seeded
 * between runs, as bench/search.ts keeps it; its signatures are removed first, so the server
 * signs them again).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { duplicatesResultSchema } from '../src/contract/index.ts';
import { createPostgresDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
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
  const sameText = new Map<string, string[]>();
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
    // The seed draws each text from one pool of paragraphs, so every text is in the library 25
    // times (articles i, i + 4,000, …): a copy of one is a copy of each, and a lookup lists 20
    // at most. A copy has found its original when it lists it or a text the same as it.
    const { rows } = await db.query<{ id: string; text_md5: string }>(
      `SELECT id, md5(scrapped_data) AS text_md5 FROM articles WHERE deleted_at IS NULL AND md5(scrapped_data) = ANY($1::text[])`,
      [originals.map((o) => createHash('md5').update(o.scrapped_data).digest('hex'))],
    );
    for (const row of rows) sameText.set(row.text_md5, [...(sameText.get(row.text_md5) ?? []), row.id]);
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
    const copies: { id: string; original: string; sameText: Set<string> }[] = [];
    for (const [n, original] of originals.entries()) {
      const res = await fetch(`${server.base}/api/articles`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ slug: `bench-copy-${n}`, title: `Copy ${n}`, scrapedUrl: `https://wire.example.org/copy-${n}`, scrappedData: copyOf(original.scrapped_data, n) }),
      });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
      const twins = sameText.get(createHash('md5').update(original.scrapped_data).digest('hex')) ?? [original.id];
      copies.push({ id: ((await res.json()) as { data: { id: string } }).data.id, original: original.id, sameText: new Set(twins) });
    }
    // Their signatures come with the checks the server runs after each creation.
    for (let state = await total(); Number(state.signed) < Number(state.live); state = await total()) await new Promise((r) => setTimeout(r, 500));

    const lookups: number[] = [];
    const pages: number[] = [];
    let found = 0;
    let others = 0;
    let twins = 0;
    for (const copy of copies) {
      let at = performance.now();
      const res = await fetch(`${server.base}/api/articles/${copy.id}/duplicates`, { headers });
      const answer = duplicatesResultSchema.parse(await res.json());
      lookups.push(performance.now() - at);
      if (answer.data.some((d) => copy.sameText.has(d.id))) found++;
      others += answer.data.filter((d) => !copy.sameText.has(d.id)).length;
      twins += copy.sameText.size;
      at = performance.now();
      await (await fetch(`${server.base}/api/articles/${copy.id}`, { headers })).arrayBuffer();
      pages.push(performance.now() - at);
    }
    // The list's filter (`copies=true`) on a library where few articles look like a copy: the
    // pairs of the seed's identical texts go, those of the copies made here stay; its first page
    // timed beside the plain list's first page, one request at a time, taking turns.
    await watch.query('DELETE FROM article_copies WHERE NOT (article_id = ANY($1::text[]) OR other_id = ANY($1::text[]))', [copies.map((c) => c.id)]);
    await watch.query('ANALYZE article_copies');
    const flagged = Number((await watch.query<{ n: string }>('SELECT count(DISTINCT article_id) AS n FROM article_copies')).rows[0]!.n);
    const filtered: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < 200; i++) {
      for (const [times, query] of [[filtered, '?copies=true'], [plain, '']] as const) {
        const at = performance.now();
        const res = await fetch(`${server.base}/api/articles/admin/articles${query}`, { headers });
        if (res.status !== 200) throw new Error(`list: ${res.status}`);
        await res.arrayBuffer();
        times.push(performance.now() - at);
      }
    }
    const size = (
      await watch.query<{ row: string; total: string; n: string }>(
        `SELECT avg(pg_column_size(s.*))::numeric(10,1) AS row, pg_total_relation_size('article_signatures') AS total, count(*) AS n FROM article_signatures s`,
      )
    ).rows[0]!;
    console.log(`\n| case | p50 ms | p99 ms | max ms |\n|---|--:|--:|--:|`);
    console.log(`| lookup of a copy's near-duplicates among ${Number(size.n).toLocaleString('en-US')} | ${fmt(percentile(lookups, 0.5))} | ${fmt(percentile(lookups, 0.99))} | ${fmt(Math.max(...lookups))} |`);
    console.log(`| floor: the same article's page | ${fmt(percentile(pages, 0.5))} | ${fmt(percentile(pages, 0.99))} | ${fmt(Math.max(...pages))} |`);
    console.log(`| the list's first page, \`copies=true\` (${flagged.toLocaleString('en-US')} articles look like a copy) | ${fmt(percentile(filtered, 0.5))} | ${fmt(percentile(filtered, 0.99))} | ${fmt(Math.max(...filtered))} |`);
    console.log(`| floor: the list's first page | ${fmt(percentile(plain, 0.5))} | ${fmt(percentile(plain, 0.99))} | ${fmt(Math.max(...plain))} |`);
    console.log(
      `\n${found} of ${copies.length} copies found their original or a text the same as it (${fmt((100 * found) / copies.length)}%; ${fmt(twins / copies.length, 1)} articles with that text on average); ` +
        `${fmt(others / copies.length, 2)} other articles listed per lookup (texts sharing most of their paragraphs: the seed draws them from one pool)`,
    );
    console.log(`a signature: 24 bytes of columns (the SimHash and its four bands); ${size.row} bytes a row with its address; ${fmt(Number(size.total) / Number(size.n), 0)} bytes an article with the table's indexes`);
  } finally {
    await watch.close();
    await server.stop();
  }
}

runMain(main);
