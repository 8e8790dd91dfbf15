/**
 * Where a file is used, at 100,000 real-size articles (about 12 KB of blog HTML each, seeded as
 * bench:http seeds them) and as many files, on the embedded database through the real app
 * (buildApp + inject): GET /api/files/:id/usage for files used by two articles and for one used by
 * 5,000, beside a floor of the same shape (GET /api/files/:id/versions, a list by file id); and
 * what keeping the index costs a save: PATCH /api/articles/:id with new HTML showing three
 * library images, beside the index's own statements timed alone. Figures only.
 *
 *   npm run bench:file-usage            # BENCH_ROWS=100000
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { createPgliteDatabase } from '../server/db/database.ts';
import { setArticleFileUsage } from '../server/repositories/fileUsage.ts';
import { libraryFileIds } from '../server/shared/fileRefs.ts';
import { seedLibrary } from './http/seed.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
/** One file every this many articles show (the popular one). */
const POPULAR_EVERY = 20;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
};
const ms = (x: number) => x.toFixed(2);
const idOf = (i: number) => i.toString(16).padStart(26, '0');

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-file-usage-'));
  try {
    await run(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function run(dataDir: string) {
  const db = await createPgliteDatabase(path.join(dataDir, 'db'));
  const admin = { email: 'bench@example.com', password: 'bench-password' };
  const app = await buildApp({ db, dataDir, logger: false, admin, passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 } });
  const seeded = await seedLibrary(db, ROWS, () => {});
  // Each article shows two files; one file in twenty articles more (the popular one, file 1).
  const t = performance.now();
  await db.query(
    `INSERT INTO file_usage (file_id, article_id, place)
       SELECT DISTINCT lpad(to_hex(f), 26, '0'), lpad(to_hex(i), 26, '0'), 'body'
         FROM generate_series(0, $1::int - 1) AS i,
              LATERAL (VALUES ((i::bigint * 7919) % $1), ((i::bigint * 104729 + 13) % $1)) AS v (f)
        WHERE f <> 1
     UNION
       SELECT lpad(to_hex(1), 26, '0'), lpad(to_hex(i), 26, '0'), 'body' FROM generate_series(0, $1::int - 1, ${POPULAR_EVERY}) AS i`,
    [ROWS],
  );
  await db.query('ANALYZE file_usage');
  const usageRows = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM file_usage')).rows[0]!.n);
  console.log(
    `Seeded ${ROWS.toLocaleString('en-US')} articles (${Math.round(seeded.avgHtml / 1000)} KB of HTML each) and files in ${seeded.seconds.toFixed(0)} s, ` +
      `${usageRows.toLocaleString('en-US')} uses in ${((performance.now() - t) / 1000).toFixed(1)} s (PGlite)\n`,
  );

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin });
  const headers = { authorization: `Bearer ${login.json().accessToken}` };
  const timed = async (url: string, method: 'GET' | 'PATCH' = 'GET', payload?: object) => {
    const started = performance.now();
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const took = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { took, body: res.body };
  };
  const randomFile = (n: number) => idOf(2 + ((n * 2654435761) % (ROWS - 2)));

  // Warm-up, then the cases in turns.
  for (let n = 0; n < 50; n++) {
    await timed(`/api/files/${randomFile(n)}/usage`);
    await timed(`/api/files/${randomFile(n)}/versions`);
  }
  const floor: number[] = [];
  const usage: number[] = [];
  for (let n = 0; n < RUNS; n++) {
    floor.push((await timed(`/api/files/${randomFile(n + 1000)}/versions`)).took);
    usage.push((await timed(`/api/files/${randomFile(n + 1000)}/usage`)).took);
  }
  const popular: number[] = [];
  let popularTotal = 0;
  for (let n = 0; n < 100; n++) {
    const { took, body } = await timed(`/api/files/${idOf(1)}/usage`);
    popular.push(took);
    popularTotal = (JSON.parse(body) as { total: number }).total;
  }

  // Saves: new HTML showing three library images, each on an article of its own.
  const saves: number[] = [];
  const images = (n: number) => [2, 3, 4].map((k) => `<img src="/api/files/${randomFile(n * 3 + k)}/content" alt="">`).join('');
  for (let n = 0; n < RUNS; n++) {
    const id = idOf(10 + n * 39); // i % 3 = 1: a draft (published ones are not edited in place)
    const html = `<p>Edited ${n}.</p>${images(n)}`;
    saves.push((await timed(`/api/articles/${id}`, 'PATCH', { blogData: html })).took);
  }
  // The index's own work in a save: reading the addresses, then its two statements, alone.
  const index: number[] = [];
  for (let n = 0; n < RUNS; n++) {
    const id = idOf(10 + n * 39); // i % 3 = 1: a draft (published ones are not edited in place)
    const html = `<p>Edited again ${n}.</p>${images(n + RUNS)}`;
    await db.transaction(async (tx) => {
      const started = performance.now();
      await setArticleFileUsage(tx, id, libraryFileIds(html), undefined);
      index.push(performance.now() - started);
    });
  }

  const row = (name: string, xs: number[], beside: string) =>
    console.log(`| ${name} | ${xs.length} | ${ms(quantile(xs, 0.5))} | ${ms(quantile(xs, 0.95))} | ${ms(quantile(xs, 0.99))} | ${beside} |`);
  console.log('| case | requests | p50 ms | p95 ms | p99 ms | beside |');
  console.log('|---|---:|---:|---:|---:|---|');
  row('floor: GET /api/files/:id/versions (a list by file id)', floor, '');
  row('GET /api/files/:id/usage, a file two articles show', usage, `${(quantile(usage, 0.99) / quantile(floor, 0.99)).toFixed(2)}× the floor (p99)`);
  row(`GET /api/files/:id/usage, a file ${popularTotal.toLocaleString('en-US')} articles show (200 listed)`, popular, `${(quantile(popular, 0.99) / quantile(floor, 0.99)).toFixed(2)}× the floor (p99)`);
  row('PATCH /api/articles/:id, new HTML with 3 library images', saves, '');
  row('of which the index (addresses read, rows replaced), alone', index, `${((quantile(index, 0.5) / quantile(saves, 0.5)) * 100).toFixed(1)}% of a save (p50)`);
  await app.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
