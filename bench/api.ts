/**
 * API latency on a large library: seeds 100,000 articles and 100,000 file rows into a fresh
 * embedded PGlite (direct SQL, in batches), then times list calls through the real app
 * (buildApp + inject, so routing, validation and serialisation are included).
 * Prints median and p95 per case. Figures only, no assertions.
 *
 *   npm run bench                 # 100k + 100k, 30 runs per case
 *   BENCH_ROWS=20000 BENCH_RUNS=50 npm run bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { encodeCursor } from '../server/articles/rules.ts';
import { createPgliteDatabase } from '../server/db/database.ts';
import { articleCounts } from '../server/repositories/articleSearch/counts.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BATCH = 5_000;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-'));
  try {
    await run(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function run(dataDir: string) {
  const db = await createPgliteDatabase(path.join(dataDir, 'db'));
  const admin = { email: 'bench@example.com', password: 'bench-password' };
  const app = await buildApp({
    db,
    dataDir,
    logger: false,
    admin,
    passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  });

  const started = performance.now();
  const base = Date.now();
  for (let from = 0; from < ROWS; from += BATCH) {
    const to = Math.min(ROWS, from + BATCH) - 1;
    await db.query(
      `INSERT INTO articles (id, status, slug, blog_data, scraped_url, new_url, scrapped_data, created_at, updated_at)
       SELECT lpad(to_hex(i), 26, '0'),
              CASE WHEN i % 3 = 0 THEN 'published' ELSE 'draft' END,
              'article-' || i,
              '<h1>Article ' || i || '</h1><p>' || repeat('Body text of the article. ', 8) || '</p>',
              'https://source.example/posts/' || i,
              CASE WHEN i % 2 = 0 THEN 'https://blog.example/article-' || i END,
              'Article ' || i || E'\\n' || repeat('Scraped text of the article. ', 6),
              to_timestamp(($3::bigint - i * 1000) / 1000.0),
              to_timestamp(($3::bigint - i * 1000) / 1000.0)
         FROM generate_series($1::int, $2::int) AS i`,
      [from, to, base],
    );
    await db.query(
      `INSERT INTO files (id, name, stored_name, size, type, mime_type, has_thumbnail, uploaded_at, last_modified)
       SELECT lpad(to_hex(i), 26, '0'),
              (ARRAY['Report', 'invoice', 'Photo', 'diagram', 'Scan'])[1 + i % 5] || '_' || i ||
                CASE WHEN i % 2 = 0 THEN '.pdf' ELSE '.png' END,
              lpad(to_hex(i), 26, '0'),
              1000 + (i * 7919) % 5000000,
              CASE WHEN i % 2 = 0 THEN 'pdf' ELSE 'image' END,
              CASE WHEN i % 2 = 0 THEN 'application/pdf' ELSE 'image/png' END,
              i % 2 = 1,
              to_timestamp(($3::bigint - i * 1000) / 1000.0),
              to_timestamp(($3::bigint - i * 1000) / 1000.0)
         FROM generate_series($1::int, $2::int) AS i`,
      [from, to, base],
    );
  }
  await db.query('ANALYZE');
  console.log(`Seeded ${ROWS} articles and ${ROWS} files in ${((performance.now() - started) / 1000).toFixed(1)} s (PGlite)`);

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin });
  const headers = { authorization: `Bearer ${login.json().accessToken}` };
  const deepRow = await db.query<{ id: string; created_at: Date }>(
    'SELECT id, created_at FROM articles ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1',
    [Math.floor(ROWS * 0.9)],
  );
  const deepCursor = encodeCursor(deepRow.rows[0]!);
  const deepDraft = await db.query<{ id: string; created_at: Date }>(
    "SELECT id, created_at FROM articles WHERE status = 'draft' ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1",
    [Math.floor(ROWS * 0.6)],
  );

  const get = (url: string) => async () => {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  const cases: [string, () => Promise<unknown>][] = [
    ['articles: first page (50)', get('/api/articles/admin/articles')],
    ['articles: deep cursor page (90%)', get(`/api/articles/admin/articles?cursor=${deepCursor}`)],
    ['articles: status=published first page', get('/api/articles/admin/articles?status=published')],
    [
      'articles: status=draft deep cursor page',
      get(`/api/articles/admin/articles?status=draft&cursor=${encodeCursor(deepDraft.rows[0]!)}`),
    ],
    ['articles: 200 per page', get('/api/articles/admin/articles?limit=200')],
    ['articles: counts (SQL only)', () => articleCounts(db)],
    ['articles: search q=example/posts/9999', get('/api/articles/admin/articles?q=example/posts/9999')],
    ['articles: slug check (taken)', get('/api/articles/slug/check/article-5')],
    ['files: first page (50) + summary', get('/api/files')],
    ['files: type=pdf page 100', get('/api/files?type=pdf&page=100')],
    ['files: search "invoice_77"', get('/api/files?search=invoice_77')],
    ['files: search with no match', get('/api/files?search=zzz-nothing')],
    ['files: latest 10', get('/api/files/latest')],
  ];

  console.log(`\n${'case'.padEnd(42)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(10)}   (${RUNS} runs, 2 warm-up)`);
  for (const [name, run] of cases) {
    for (let i = 0; i < 2; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
    console.log(`${name.padEnd(42)} ${median.toFixed(2).padStart(10)} ${p95.toFixed(2).padStart(10)}`);
  }

  await app.close();
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
