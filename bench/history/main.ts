/**
 * What history costs, over real HTTP against the real server process, per database backend:
 *
 * 1. Storage: one article of about 12 KB of blog HTML edited 1,000 times (each PATCH rewrites
 *    one paragraph more, the earlier edits kept; every save its own revision:
 *    HISTORY_FOLD_MINUTES=0, and every revision kept: HISTORY_MAX_VERSIONS above 1,000), then
 *    the history's tables measured with pg_total_relation_size
 *    (heap, TOAST and indexes), beside what 1,000 whole copies of the article would take
 *    (its compressed size as stored, times 1,000). Then the first page of its history (20
 *    revisions) asked for by autocannon: p50/p99 at 1 and 10 connections.
 * 2. Edits: `BENCH_ARTICLES` articles of about 12 KB, created through the API (each with its
 *    first revision), then PATCHed by autocannon from another process (each request one more
 *    paragraph of an article rewritten) for `BENCH_DURATION` seconds, in three runs of the same
 *    server build on the same database: with history and every save a revision (the most it
 *    costs), with history and the default folding (one admin's edits within 10 minutes are one
 *    revision: an UPDATE instead of an INSERT), and the floor: the same edits without history
 *    (BENCH_RECORD_HISTORY=false and the version trigger and the check at commit dropped, as
 *    the product was before it). Req/s, p50, p99 and the CPU per request of the server process
 *    and of PostgreSQL's backends, medians of BENCH_ROUNDS rounds of the three runs one after
 *    the other; the ratios to the floor are what count on a shared machine.
 *
 *   npm run bench:history
 *   BENCH_BACKENDS=postgres BENCH_DURATION=5 npm run bench:history
 *
 * Knobs: BENCH_ONLY (storage or edits), BENCH_ARTICLES (1000), BENCH_EDITS (1000), BENCH_DURATION seconds per run (10), BENCH_ROUNDS (3),
 * BENCH_WARMUP (2), BENCH_CONNECTIONS (10), BENCH_BACKENDS (postgres,pglite), BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432; a fresh database bench_history_<time>, dropped after).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPgliteDatabase, type Queryable } from '../../server/db/database.ts';
import {
  cpuMs,
  createBenchDatabase,
  fmt,
  freePort,
  load,
  onCleanup,
  pgBackendCpu,
  pgCpuSpent,
  root,
  runMain,
  signIn,
  startNode,
  waitForHttp,
  type Child,
} from '../http/process.ts';
import { paragraphs as prose } from '../http/prose.ts';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1_000);
const EDITS = Number(process.env.BENCH_EDITS ?? 1_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** `storage` or `edits`: only that part. */
const ONLY = process.env.BENCH_ONLY;
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((s) => s.trim()) as ('postgres' | 'pglite')[];
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

/** About 12 KB of article HTML: 40 paragraphs of prose. */
const PARAGRAPHS = prose(40, 7).map((p, i) => `<p>${i % 8 === 0 ? `<strong>${p.split('.')[0]}.</strong> ` : ''}${p}</p>`);
const HTML = PARAGRAPHS.join('\n');
const RAW = prose(20, 11).join('\n\n');

interface Backend {
  name: 'postgres' | 'pglite';
  dataDir: string;
  databaseUrl?: string;
  /** A client on the same database (PostgreSQL): sizes, CPU of its backends, dropping triggers. */
  admin?: pg.Client;
}

/** Runs `fn` on the backend's database while no server holds it (PGlite: one process at a time). */
async function withDatabase<T>(backend: Backend, fn: (db: Queryable) => Promise<T>): Promise<T> {
  const admin = backend.admin;
  if (admin) {
    return fn({
      async query<R>(sql: string, params?: unknown[]) {
        const result = await admin.query(sql, params);
        return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
      },
    });
  }
  const db = await createPgliteDatabase(path.join(backend.dataDir, 'db'));
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function startBenchServer(backend: Backend, env: Record<string, string>, label: string): Promise<Child & { base: string }> {
  const port = await freePort();
  const logFile = path.join(backend.dataDir, `server-${label}.log`);
  const child = startNode(
    'bench/history/server.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: backend.dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(backend.databaseUrl ? { DATABASE_URL: backend.databaseUrl } : {}),
      ...env,
    },
    logFile,
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/health`, child, logFile);
  return { ...child, base };
}

async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ data: { id: string } }>;
}

/** The history's tables, heap + TOAST + indexes, in bytes. */
async function historyBytes(db: Queryable): Promise<{ revisions: number; texts: number }> {
  const { rows } = await db.query<{ revisions: string | number; texts: string | number }>(
    `SELECT pg_total_relation_size('article_revisions') AS revisions, pg_total_relation_size('article_revision_texts') AS texts`,
  );
  return { revisions: Number(rows[0]!.revisions), texts: Number(rows[0]!.texts) };
}

const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 2)} MB`;

async function storage(backend: Backend) {
  // Every save a revision, and every one kept (the default keeps at most 200 per article).
  const keepAll = { HISTORY_FOLD_MINUTES: '0', HISTORY_MAX_VERSIONS: String(EDITS * 2) };
  const server = await startBenchServer(backend, keepAll, 'storage');
  const token = await signIn(server.base, ADMIN.email, ADMIN.password);
  const { data } = await call(server.base, token, 'POST', '/api/articles', { slug: 'edited-a-thousand-times', blogData: HTML, scrappedData: RAW });
  await server.stop();
  const before = await withDatabase(backend, historyBytes);
  const again = await startBenchServer(backend, keepAll, 'storage-edits');
  const article = [...PARAGRAPHS];
  const t0 = performance.now();
  for (let n = 0; n < EDITS; n++) {
    const at = (n * 7) % article.length;
    article[at] = `<p>Edit ${n}: ${article[at]!.slice(3)}`;
    await call(again.base, token, 'PATCH', `/api/articles/${data.id}`, { blogData: article.join('\n') });
  }
  const editMs = performance.now() - t0;
  const firstPage = `${again.base}/api/articles/${data.id}/revisions`;
  const headers = { authorization: `Bearer ${token}` };
  const one = await load(firstPage, { connections: 1, seconds: SECONDS, warmupSeconds: WARMUP, headers });
  const ten = await load(firstPage, { connections: 10, seconds: SECONDS, warmupSeconds: WARMUP, headers });
  await again.stop();
  const { after, articleBytes, revisions } = await withDatabase(backend, async (db) => ({
    after: await historyBytes(db),
    articleBytes: Number(
      (await db.query<{ n: string | number }>('SELECT pg_column_size(blog_data) AS n FROM articles WHERE id = $1', [data.id])).rows[0]!.n,
    ),
    revisions: Number((await db.query<{ n: string | number }>('SELECT count(*) AS n FROM article_revisions WHERE article_id = $1', [data.id])).rows[0]!.n),
  }));
  const used = after.revisions + after.texts - before.revisions - before.texts;
  console.log(`\n${backend.name}: ${EDITS} edits of one ${fmt(HTML.length / 1024)} KB article (${revisions} revisions), ${fmt(editMs / EDITS, 2)} ms per PATCH one at a time`);
  console.log(`  history storage: ${mb(used)} (revisions ${mb(after.revisions - before.revisions)}, texts ${mb(after.texts - before.texts)}); target at most 2 MB`);
  console.log(`  floor, 1,000 whole copies as stored (${fmt(articleBytes / 1024)} KB compressed each): ${mb(articleBytes * EDITS)}`);
  console.log(`  first page of its history: 1 connection p50 ${one.p50} ms p99 ${one.p99} ms (${fmt(one.rps, 0)} req/s); 10 connections p50 ${ten.p50} ms p99 ${ten.p99} ms (${fmt(ten.rps, 0)} req/s); target p99 at most 20 ms`);
  return { used, articleBytes, one, ten, editMs };
}

/** Runs the load driver in its own process; its figures, and the CPU per request of the server and PostgreSQL. */
async function edits(backend: Backend, server: Child & { base: string }, token: string, ids: string[]) {
  const drive = async (seconds: number) => {
    const input = JSON.stringify({ base: server.base, token, ids, paragraphs: PARAGRAPHS, seconds, connections: CONNECTIONS });
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/history/driver.ts'), input], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`driver failed (${code})`);
    return JSON.parse(out.trim().split('\n').at(-1)!) as { requests: number; duration: number; errors: number; non2xx: number; p50: number; p99: number };
  };
  if (WARMUP > 0) await drive(WARMUP);
  const [node0, pg0] = [await cpuMs(server.pid), await pgBackendCpu(backend.admin)];
  const r = await drive(SECONDS);
  const [node1, pg1] = [await cpuMs(server.pid), await pgBackendCpu(backend.admin)];
  if (r.errors || r.non2xx) throw new Error(`${r.errors} errors and ${r.non2xx} answers other than 2xx`);
  return {
    ...r,
    rps: r.requests / r.duration,
    nodeCpu: (node1 - node0) / r.requests,
    pgCpu: backend.admin ? pgCpuSpent(pg0, pg1) / r.requests : undefined,
  };
}

async function editRuns(backend: Backend) {
  // The library, created through the API: each article with its first revision.
  const seeder = await startBenchServer(backend, {}, 'seed');
  const token = await signIn(seeder.base, ADMIN.email, ADMIN.password);
  const ids: string[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    ids.push((await call(seeder.base, token, 'POST', '/api/articles', { slug: `bench-article-${i}`, blogData: HTML, scrappedData: RAW })).data.id);
  }
  await seeder.stop();

  // The database's history triggers, to take away for the floor and put back after it.
  const triggers = await withDatabase(backend, async (db) =>
    (
      await db.query<{ def: string; name: string }>(
        `SELECT tgname AS name, pg_get_triggerdef(oid) AS def FROM pg_trigger
          WHERE tgrelid = 'articles'::regclass AND tgname IN ('article_revision_required', 'article_unversioned_change')`,
      )
    ).rows,
  );
  if (triggers.length !== 2) throw new Error(`expected the two history triggers, found ${triggers.map((t) => t.name).join(', ')}`);
  const cases = [
    ['history, every save a revision', { HISTORY_FOLD_MINUTES: '0' }],
    ['history, folded (the default)', {}],
    ['floor: without history', { BENCH_RECORD_HISTORY: 'false' }],
  ] as const;
  const measured = new Map<string, Awaited<ReturnType<typeof edits>>[]>();
  // Rounds of the three, one after the other: a shared machine's slow minute falls on all of them.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, env] of cases) {
      const floor = label.startsWith('floor');
      if (floor) await withDatabase(backend, async (db) => { for (const t of triggers) await db.query(`DROP TRIGGER ${t.name} ON articles`); });
      const server = await startBenchServer(backend, env, `${label.replace(/\W+/g, '-')}-${round}`);
      measured.set(label, [...(measured.get(label) ?? []), await edits(backend, server, token, ids)]);
      await server.stop();
      if (floor) await withDatabase(backend, async (db) => { for (const t of triggers) await db.query(t.def); });
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const runs: Record<string, { rps: number; p50: number; p99: number; nodeCpu: number; pgCpu: number | undefined }> = {};
  for (const [label, list] of measured) {
    runs[label] = {
      rps: median(list.map((r) => r.rps)),
      p50: median(list.map((r) => r.p50)),
      p99: median(list.map((r) => r.p99)),
      nodeCpu: median(list.map((r) => r.nodeCpu)),
      pgCpu: list[0]!.pgCpu === undefined ? undefined : median(list.map((r) => r.pgCpu!)),
    };
  }
  const base = runs['floor: without history']!;
  const cpu = (r: { nodeCpu: number; pgCpu: number | undefined }) => r.nodeCpu + (r.pgCpu ?? 0);
  console.log(
    `\n${backend.name}: PATCH of the blog HTML, ${ARTICLES} articles of ${fmt(HTML.length / 1024)} KB, ${CONNECTIONS} connections, ` +
      `${SECONDS} s per run, medians of ${ROUNDS} rounds`,
  );
  console.log('| run | req/s | p50 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | cost × floor (req/s) | p99 × floor | CPU × floor |');
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: |');
  for (const [label, r] of Object.entries(runs)) {
    console.log(
      `| ${label} | ${fmt(r.rps, 0)} | ${r.p50} | ${r.p99} | ${fmt(r.nodeCpu, 2)} | ${r.pgCpu === undefined ? '–' : fmt(r.pgCpu, 2)} | ` +
        `${fmt(base.rps / r.rps, 2)} | ${fmt(r.p99 / Math.max(1, base.p99), 2)} | ${fmt(cpu(r) / cpu(base), 2)} |`,
    );
  }
  return runs;
}

runMain(async () => {
  console.log(`bench:history: ${ARTICLES} articles, ${EDITS} edits for the storage case, ${SECONDS} s per run, ${CONNECTIONS} connections`);
  for (const name of BACKENDS) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-history-${name}-`));
    onCleanup(() => rm(dataDir, { recursive: true, force: true }));
    const backend: Backend = { name, dataDir };
    if (name === 'postgres') {
      backend.databaseUrl = await createBenchDatabase(PG_URL, 'bench_history');
      backend.admin = new pg.Client({ connectionString: backend.databaseUrl });
      await backend.admin.connect();
      onCleanup(() => backend.admin!.end());
    }
    if (ONLY !== 'edits') await storage(backend);
    if (ONLY !== 'storage') await editRuns(backend);
  }
});
