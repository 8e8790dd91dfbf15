/**
 * The API over real HTTP, against the real server process, on a real-size library, for each
 * database backend. Per backend: seed `BENCH_ROWS` articles (about 12 KB of blog HTML and 6 KB
 * of text each) and as many file rows through the server's database module, start
 * `server/main.ts` as its own process (migrations, first admin, logging as in production),
 * sign in over HTTP, and drive each case with autocannon from another process. Beside the
 * cases, in the same run, two floors:
 *   (a) a bare Fastify route answering the same first page of 50 cards from memory (JSON
 *       precomputed once);
 *   (b) the list's exact keyset SQL on a bare node:http server with a `pg` Pool / PGlite,
 *       answering JSON.stringify(rows); measured before and after the server's cases and, on
 *       PostgreSQL, right before each list case (PGlite cannot be opened by two processes).
 * Each run also reads the CPU spent per request by the answering process and by this
 * database's PostgreSQL backends (/proc), steadier than req/s on a shared machine.
 * Figures only, no assertions; ratios to the floors are what count on a shared machine.
 *
 *   npm run bench:http
 *   BENCH_ROWS=20000 BENCH_DURATION=5 BENCH_BACKENDS=postgres npm run bench:http
 *
 * Knobs: BENCH_ROWS (100000), BENCH_DURATION seconds per case (10), BENCH_WARMUP seconds (2),
 * BENCH_CONNECTIONS (20), BENCH_BACKENDS (postgres,pglite), BENCH_PG_URL (the PostgreSQL server,
 * postgres://postgres@127.0.0.1:5432; a fresh database bench_<timestamp> is created there
 * and dropped at the end).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { encodeCursor } from '../../server/articles/rules.ts';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import {
  createBenchDatabase,
  fmt,
  freePort,
  measureWithCpu,
  onCleanup,
  runMain,
  signIn,
  startNode,
  startServer,
  waitForHttp,
  type LoadResult,
} from './process.ts';
import { BROAD_TERM, COMMON_TERM, FILE_TERM, RARE_TERM, seedLibrary, type SeedReport } from './seed.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((s) => s.trim()) as ('postgres' | 'pglite')[];
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

interface Prepared {
  dataDir: string;
  databaseUrl?: string;
  seed: SeedReport;
  deepCursor: string;
  articleId: string;
  takenSlug: string;
}

async function prepare(backend: 'postgres' | 'pglite'): Promise<Prepared> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-http-${backend}-`));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  let db: Database;
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    databaseUrl = await createBenchDatabase(PG_URL, 'bench');
    console.log(`PostgreSQL: database ${databaseUrl}`);
    db = await createPostgresDatabase({ connectionString: databaseUrl });
  } else {
    console.log(`PGlite: DATA_DIR ${dataDir}`);
    db = await createPgliteDatabase(path.join(dataDir, 'db'));
  }
  try {
    await migrate(db);
    const seed = await seedLibrary(db, ROWS, (line) => console.log(line));
    const at = async (offset: number) =>
      (
        await db.query<{ id: string; created_at: Date; slug: string }>(
          'SELECT id, created_at, slug FROM articles ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1',
          [offset],
        )
      ).rows[0]!;
    const deep = await at(Math.floor(ROWS * 0.9));
    const middle = await at(Math.floor(ROWS / 2));
    return { dataDir, databaseUrl, seed, deepCursor: encodeCursor(deep), articleId: middle.id, takenSlug: middle.slug };
  } finally {
    await db.close();
  }
}

async function bodyBytes(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
  return { bytes: body.byteLength, body: Buffer.from(body) };
}

/** A load run with the CPU it cost per request: the answering process's, and PostgreSQL's. */
interface Measured extends LoadResult {
  /** CPU ms per request of the process that answered (PGlite: includes the database). */
  nodeCpu: number;
  /** CPU ms per request of this database's PostgreSQL backends (undefined on PGlite). */
  pgCpu: number | undefined;
}

/** Measures `url` with autocannon, and the CPU the answering process and PostgreSQL spent. */
const measure = (url: string, pid: number, pgAdmin: pg.Client | undefined, headers?: Record<string, string>): Promise<Measured> =>
  measureWithCpu(url, pid, pgAdmin, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, headers });

type FloorVariant = 'first' | 'drafts' | 'deep';

/** Floor (b) as a process; `run` measures one variant of the page query. */
async function startFloorKeyset(p: Prepared, logDir: string, pgAdmin: pg.Client | undefined) {
  const port = await freePort();
  const log = path.join(logDir, 'floor-keyset.log');
  const env = { PORT: String(port), DATA_DIR: p.dataDir, ...(p.databaseUrl ? { DATABASE_URL: p.databaseUrl } : {}) };
  const child = startNode('bench/http/floor-keyset.ts', env, log);
  const base = `http://127.0.0.1:${port}/`;
  await waitForHttp(base, child, log);
  const urls: Record<FloorVariant, string> = { first: base, drafts: `${base}?status=draft`, deep: `${base}?cursor=${p.deepCursor}` };
  return {
    stop: () => child.stop(),
    bytes: async () => (await bodyBytes(base, {})).bytes,
    run: (variant: FloorVariant) => measure(urls[variant], child.pid, pgAdmin),
  };
}

const mean = (runs: Measured[]): Measured => {
  const avg = (pick: (m: Measured) => number) => runs.reduce((n, m) => n + pick(m), 0) / runs.length;
  return {
    requests: runs.reduce((n, m) => n + m.requests, 0),
    rps: avg((m) => m.rps),
    p50: avg((m) => m.p50),
    p99: avg((m) => m.p99),
    errors: runs.reduce((n, m) => n + m.errors, 0),
    non2xx: runs.reduce((n, m) => n + m.non2xx, 0),
    nodeCpu: avg((m) => m.nodeCpu),
    pgCpu: runs[0]!.pgCpu === undefined ? undefined : avg((m) => m.pgCpu!),
  };
};

interface Row {
  name: string;
  result: Measured;
  bytes: number | undefined;
  /** The floor (b) runs this case is compared with. */
  floor?: Measured;
  floorLabel?: string;
}

async function benchBackend(backend: 'postgres' | 'pglite') {
  console.log(`\n=== ${backend}: seeding ${ROWS.toLocaleString('en-US')} articles and ${ROWS.toLocaleString('en-US')} files`);
  const p = await prepare(backend);
  const logDir = p.dataDir;
  console.log(
    `seeded in ${fmt(p.seed.seconds)} s (articles ${fmt(p.seed.articleSeconds)} s, files ${fmt(p.seed.fileSeconds)} s, ` +
      `then VACUUM ANALYZE); blog HTML ${fmt(p.seed.avgHtml / 1024)} KB and text ${fmt(p.seed.avgText / 1024)} KB per article on average; ` +
      `articles table with TOAST and indexes ${fmt(p.seed.articleBytes / 1024 / 1024, 0)} MB`,
  );
  let pgAdmin: pg.Client | undefined;
  if (p.databaseUrl) {
    pgAdmin = new pg.Client({ connectionString: p.databaseUrl });
    await pgAdmin.connect();
  }
  try {
    await runBackend(backend, p, logDir, pgAdmin);
  } finally {
    await pgAdmin?.end();
  }
}

async function runBackend(backend: 'postgres' | 'pglite', p: Prepared, logDir: string, pgAdmin: pg.Client | undefined) {
  const floorRuns: Record<FloorVariant, Measured[]> = { first: [], drafts: [], deep: [] };
  const runFloor = async (floor: Awaited<ReturnType<typeof startFloorKeyset>>, variant: FloorVariant) => {
    const result = await floor.run(variant);
    floorRuns[variant].push(result);
    console.log(`  floor (b) ${variant}: ${fmt(result.rps, 0)} req/s`);
    return result;
  };

  // PGlite is one process's database: floor (b) runs before and after the server, never beside it.
  // On PostgreSQL it also runs right before each list case, so each ratio pairs close runs.
  let floor = await startFloorKeyset(p, logDir, pgAdmin);
  const floorBytes = await floor.bytes();
  for (const variant of ['first', 'drafts', 'deep'] as const) await runFloor(floor, variant);
  if (backend === 'pglite') await floor.stop();

  const port = await freePort();
  const serverLog = path.join(logDir, 'server.log');
  const server = await startServer(
    { port, dataDir: p.dataDir, ...(p.databaseUrl ? { databaseUrl: p.databaseUrl } : {}), ...ADMIN },
    serverLog,
  );
  const rows: Row[] = [];
  let firstPage: Buffer;
  try {
    const token = await signIn(server.base, ADMIN.email, ADMIN.password);
    const headers = { authorization: `Bearer ${token}` };
    const api = `${server.base}/api`;
    const cases: [string, string, FloorVariant?][] = [
      ['articles: first page (50)', '/articles/admin/articles', 'first'],
      ['articles: drafts, first page', '/articles/admin/articles?status=draft', 'drafts'],
      ['articles: cursor page at 90% depth', `/articles/admin/articles?cursor=${p.deepCursor}`, 'deep'],
      ['articles: one article (whole)', `/articles/${p.articleId}`],
      ['articles: slug check (taken, suggestion)', `/articles/slug/check/${p.takenSlug}`],
      [`articles: search q=${BROAD_TERM} (every article)`, `/articles/admin/articles?q=${BROAD_TERM}`],
      [`articles: search q=${COMMON_TERM} (1 in 10)`, `/articles/admin/articles?q=${COMMON_TERM}`],
      [`articles: search q=${RARE_TERM} (1 in 10,000)`, `/articles/admin/articles?q=${RARE_TERM}`],
      ['files: first page (50) with summary', '/files'],
      [`files: name search "${FILE_TERM}" (1 in 5)`, `/files?search=${FILE_TERM}`],
    ];
    firstPage = (await bodyBytes(`${api}${cases[0]![1]}`, headers)).body;
    for (const [name, url, variant] of cases) {
      const { bytes } = await bodyBytes(`${api}${url}`, headers);
      const beside = variant && backend === 'postgres' ? await runFloor(floor, variant) : undefined;
      const result = await measure(`${api}${url}`, server.pid, pgAdmin, headers);
      console.log(`  ${name}: ${fmt(result.rps, 0)} req/s`);
      rows.push({ name, result, bytes, ...(beside ? { floor: beside } : {}), ...(variant ? { floorLabel: variant } : {}) });
    }
  } finally {
    await server.stop();
  }

  if (backend === 'pglite') floor = await startFloorKeyset(p, logDir, pgAdmin);
  for (const variant of ['first', 'drafts', 'deep'] as const) await runFloor(floor, variant);
  await floor.stop();

  const bodyFile = path.join(logDir, 'first-page.json');
  await writeFile(bodyFile, firstPage);
  const staticPort = await freePort();
  const staticLog = path.join(logDir, 'floor-static.log');
  const staticChild = startNode('bench/http/floor-static.ts', { PORT: String(staticPort), BODY_FILE: bodyFile }, staticLog);
  let floorA: Measured;
  try {
    const url = `http://127.0.0.1:${staticPort}/api/articles/admin/articles`;
    await waitForHttp(url, staticChild, staticLog);
    floorA = await measure(url, staticChild.pid, undefined);
    console.log(`  floor (a): ${fmt(floorA.rps, 0)} req/s`);
  } finally {
    await staticChild.stop();
  }

  const floorB = { first: mean(floorRuns.first), drafts: mean(floorRuns.drafts), deep: mean(floorRuns.deep) };
  // A list case is compared with the floor runs of its own query: the one right beside it
  // (PostgreSQL) and the ones before and after; other cases with the first page's.
  for (const row of rows) {
    const variant = (row.floorLabel ?? 'first') as FloorVariant;
    row.floor = row.floor ? mean([row.floor, ...floorRuns[variant]]) : floorB[variant];
    if (!row.floorLabel) row.floorLabel = 'first page';
  }
  const floors: Row[] = [
    { name: 'floor (a): bare Fastify, first page from memory', result: floorA, bytes: firstPage.length },
    { name: 'floor (b): bare keyset SQL, first page', result: floorB.first, bytes: floorBytes, floor: floorB.first, floorLabel: 'first' },
    { name: 'floor (b): bare keyset SQL, drafts', result: floorB.drafts, bytes: undefined, floor: floorB.drafts, floorLabel: 'drafts' },
    { name: 'floor (b): bare keyset SQL, 90% cursor', result: floorB.deep, bytes: undefined, floor: floorB.deep, floorLabel: 'deep' },
  ];
  printTable(backend, p, rows, floors, floorA, floorRuns);
}

function printTable(
  backend: string,
  p: Prepared,
  rows: Row[],
  floors: Row[],
  floorA: Measured,
  floorRuns: Record<FloorVariant, Measured[]>,
) {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const ratio = (x: number, floor: number) => (floor > 0 ? `${(x / floor).toFixed(2)}×` : '–');
  const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const out = [
    '',
    `${name}, ${ROWS.toLocaleString('en-US')} articles and files (seeded in ${fmt(p.seed.seconds)} s), ` +
      `${CONNECTIONS} connections, ${SECONDS} s per case after ${WARMUP} s of warm-up. ` +
      `Floor (b) runs (req/s): first page ${floorRuns.first.map((r) => fmt(r.rps, 0)).join(', ')}; ` +
      `drafts ${floorRuns.drafts.map((r) => fmt(r.rps, 0)).join(', ')}; ` +
      `90% cursor ${floorRuns.deep.map((r) => fmt(r.rps, 0)).join(', ')}.`,
    '',
    line(['case', 'req/s', 'p50 ms', 'p99 ms', 'bytes/answer', 'errors/non-2xx', 'CPU ms/req: server', 'CPU ms/req: PostgreSQL', '÷ floor (b)', '÷ floor (a)']),
    line(['---', '--:', '--:', '--:', '--:', '--:', '--:', '--:', '--:', '--:']),
  ];
  for (const row of [...rows, ...floors]) {
    const r = row.result;
    out.push(
      line([
        row.name,
        fmt(r.rps, 0),
        fmt(r.p50, 0),
        fmt(r.p99, 0),
        row.bytes === undefined ? '–' : row.bytes.toLocaleString('en-US'),
        `${r.errors}/${r.non2xx}`,
        fmt(r.nodeCpu, 2),
        r.pgCpu === undefined ? '–' : fmt(r.pgCpu, 2),
        row.floor ? `${ratio(r.rps, row.floor.rps)} (${row.floorLabel})` : '–',
        ratio(r.rps, floorA.rps),
      ]),
    );
  }
  console.log(out.join('\n'));
}

runMain(async () => {
  for (const backend of BACKENDS) {
    if (backend !== 'postgres' && backend !== 'pglite') throw new Error(`BENCH_BACKENDS: unknown backend "${backend}"`);
  }
  console.log(
    `bench:http — ${BACKENDS.join(', ')}; ${os.cpus().length} cores; ${CONNECTIONS} connections, ${SECONDS} s per case, ${WARMUP} s warm-up`,
  );
  for (const backend of BACKENDS) await benchBackend(backend);
});
