/**
 * The server's memory, measured: starts the real server (`node --import tsx server/main.ts`,
 * one process, worker threads included) and reads /proc/<pid>/status (VmHWM = peak resident,
 * VmRSS = resident now) after start, at rest, after seeding and uploading, and after a round of
 * hostile uploads (deep, wide and heavy SVGs, the heaviest one still allowed, damaged images), then at rest again. On the embedded
 * database with a fresh data folder and again on the existing one, and on PostgreSQL
 * (DATABASE_URL, a database it creates and drops). Figures only.
 *
 *   npm run bench:memory
 *   BENCH_BACKENDS=pglite npm run bench:memory
 *   BENCH_LIBRARY_DIR=<data folder> BENCH_BACKENDS=pglite npm run bench:memory
 *
 * BENCH_LIBRARY_DIR: a data folder of the embedded database that already holds a library (as
 * bench:search's BENCH_PGLITE_DIR keeps one: 100,000 real-size articles), measured too on a copy
 * of it (the folder itself is left as it was): first started as it is, the server signing for
 * near-duplicates whatever is not signed yet (the bench waits for that, up to 40 minutes, before
 * the rest), then started again on the signed copy (only that, on a library signed already).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { serverEnvironment, serverNodeFlags } from '../scripts/server-flags.mjs';
import { createPgliteDatabase } from '../server/db/database.ts';
import { SVG_MAX_ELEMENTS } from '../server/files/inspect.ts';
import { unsignedArticles } from '../server/repositories/signatures.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3927);
const API = `http://127.0.0.1:${PORT}/api`;
const ADMIN = { email: 'bench@example.com', password: 'bench-password-123' };
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const REST_MS = Number(process.env.BENCH_REST_MS ?? 5_000);
const LIBRARY_DIR = process.env.BENCH_LIBRARY_DIR;
/** What the server logs when it has signed the articles it found unsigned at start (server/app.ts). */
const SIGNED_LOG = 'signed the articles kept before near-duplicates were found';

const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
function status(pid: number) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { hwm: read('VmHWM'), rss: read('VmRSS') };
}
/**
 * Where a process's resident memory is, from /proc/<pid>/smaps: WebAssembly memories (V8 reserves
 * each in one region of at least 4 GiB, its accessible part and guard pages next to each other:
 * PGlite's PostgreSQL is one, the largest), mapped files (code, libraries), and the rest
 * (anonymous: V8's heaps, malloc, thread stacks). In kB, as /proc/<pid>/status gives them.
 */
function residentParts(pid: number) {
  type Mapping = { start: bigint; end: bigint; rss: number; name: string };
  const regions: Mapping[] = [];
  let files = 0;
  let total = 0;
  let current: Mapping | undefined;
  const close = () => {
    if (!current) return;
    total += current.rss;
    if (current.name.startsWith('/')) files += current.rss;
    const last = regions.at(-1);
    // Anonymous mappings next to each other are one region (a WebAssembly memory and its guard).
    if (last && !current.name && !last.name && last.end === current.start) {
      last.end = current.end;
      last.rss += current.rss;
    } else regions.push(current);
  };
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      close();
      current = { start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), rss: 0, name: head[3] ?? '' };
    } else if (current && line.startsWith('Rss:')) current.rss = Number(/(\d+)/.exec(line)?.[1] ?? 0);
  }
  close();
  const wasm = regions.filter((r) => !r.name && r.end - r.start >= 4n << 30n).map((r) => r.rss).sort((a, b) => b - a);
  const inWasm = wasm.reduce((sum, kb) => sum + kb, 0);
  return { wasm, files, other: total - inWasm - files };
}
type Parts = ReturnType<typeof residentParts>;

/** How many worker threads the process runs (Node names each 'WorkerThread': the database's, the pools'). */
function workerThreads(pid: number): number {
  let n = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      if (readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim() === 'WorkerThread') n++;
    } catch {
      // (A thread that ended meanwhile.)
    }
  }
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(env: Record<string, string>, logs = false): ChildProcess {
  return spawn(process.execPath, [...serverNodeFlags({ ...process.env, ...env }), '--import', 'tsx', 'server/main.ts'], {
    env: serverEnvironment({ ...process.env, PORT: String(PORT), HOST: '127.0.0.1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: logs ? 'info' : 'warn', ...env }),
    stdio: ['ignore', logs ? 'pipe' : 'ignore', 'inherit'],
  });
}

/** Resolves when the server's log says it signed what it found unsigned (seconds since `from`), or after `limitMs`. */
function signingDone(child: ChildProcess, from: number, limitMs: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    let tail = '';
    const timer = setTimeout(() => resolve(undefined), limitMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4096);
      if (tail.includes(SIGNED_LOG)) {
        clearTimeout(timer);
        resolve((Date.now() - from) / 1000);
      }
    });
  });
}
async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
async function ready() {
  for (let i = 0; i < 1200; i++) {
    if (await fetch(`${API}/health`).then((r) => r.ok, () => false)) return;
    await sleep(100);
  }
  throw new Error('the server did not start');
}
async function signIn() {
  const res = await fetch(`${API}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const words = ['morning', 'river', 'council', 'budget', 'winter', 'station', 'market', 'garden', 'report', 'village'];
const prose = (chars: number, seed: number) => {
  let out = '';
  for (let i = 0; out.length < chars; i++) out += `${words[(i * 7 + seed) % words.length]}${i % 13 === 12 ? '. ' : ' '}`;
  return out.slice(0, chars);
};

async function upload(token: string, name: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${API}/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await res.arrayBuffer();
  return res.status;
}

async function workload(token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (let i = 0; i < 200; i++) {
    await fetch(`${API}/articles`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ slug: `memory-article-${i}`, scrappedData: prose(6_000, i), blogData: `<p>${prose(12_000, i + 1)}</p>` }),
    }).then((r) => r.arrayBuffer());
  }
  await fetch(`${API}/articles/admin/articles?limit=200`, { headers }).then((r) => r.arrayBuffer());
  const photo = (w: number, h: number, seed: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r: seed % 255, g: 90, b: 160 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 85 })
      .toBuffer();
  for (let i = 0; i < 12; i++) await upload(token, `photo-${i}.jpg`, await photo(1500 + i * 200, 1000 + i * 150, i), 'image/jpeg');
  // A 48-megapixel PNG (a flat picture compresses small, decodes big).
  await upload(token, 'big.png', await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#336699' } }).png().toBuffer(), 'image/png');
}

async function hostile(token: string) {
  const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);
  const codes = [
    await upload(token, 'deep.svg', svg(`${'<g>'.repeat(50_000)}${'</g>'.repeat(50_000)}`), 'image/svg+xml'),
    await upload(token, 'wide.svg', svg('<g/>'.repeat(200_000)), 'image/svg+xml'),
    await upload(token, 'heavy.svg', svg('<rect width="1" height="1" fill="red"/>'.repeat(40_000)), 'image/svg+xml'),
    // The heaviest SVG the server still checks and stores: as many elements as its cap allows.
    await upload(token, 'busiest.svg', svg('<rect width="1" height="1" fill="red"/>'.repeat(SVG_MAX_ELEMENTS - 1)), 'image/svg+xml'),
  ];
  const png = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#884422' } }).png().toBuffer();
  const broken = Buffer.from(png);
  broken[29] = broken[29]! ^ 0xff;
  codes.push(await upload(token, 'crc.png', broken, 'image/png'), await upload(token, 'half.png', png.subarray(0, png.length >> 1), 'image/png'));
  return codes;
}

interface Row {
  label: string;
  afterStart: { hwm: number; rss: number };
  atRest: number;
  afterWork: { hwm: number; rss: number };
  afterHostile: { hwm: number; rss: number };
  restAtEnd: number;
  /** When "at rest after" was read: seconds after the hostile uploads, and whether the workers had left by then. */
  rest: { seconds: number; settled: boolean };
  /** Where the resident memory is, at rest after start and at rest at the end. */
  partsAtRest: Parts;
  partsAtEnd: Parts;
  hostileCodes: number[];
  /** With `awaitSigning`: the seconds the start-up signing took (undefined: not done in time), and the peak by its end. */
  signing?: { seconds?: number; hwm: number };
}

async function measure(label: string, env: Record<string, string>, { awaitSigning = false } = {}): Promise<Row> {
  const started = Date.now();
  const child = start(env, awaitSigning);
  // (Read from the start: the log line may come at any time.)
  const signed = awaitSigning ? signingDone(child, started, 40 * 60_000) : undefined;
  try {
    await ready();
    const pid = child.pid!;
    const afterStart = status(pid);
    const signing = signed ? { seconds: await signed, hwm: status(pid).hwm } : undefined;
    await sleep(REST_MS);
    const atRest = status(pid).rss;
    const partsAtRest = residentParts(pid);
    const workersAtRest = workerThreads(pid);
    const token = await signIn();
    await workload(token);
    const afterWork = status(pid);
    const hostileCodes = await hostile(token);
    const afterHostile = status(pid);
    const hostileAt = Date.now();
    // Idle workers leave 30 s after their last job (the checks and signing of the new articles
    // may still be running), and a worker's memory goes back once it has exited: at rest is once
    // the worker threads are as many as at rest after start, and some seconds more, or after
    // three minutes.
    await sleep(REST_MS + 40_000);
    while (workerThreads(pid) > workersAtRest && Date.now() - hostileAt < 180_000) await sleep(2_000);
    const settled = workerThreads(pid) <= workersAtRest;
    await sleep(REST_MS);
    const rest = { seconds: Math.round((Date.now() - hostileAt) / 1000), settled };
    return { label, afterStart, atRest, afterWork, afterHostile, restAtEnd: status(pid).rss, rest, partsAtRest, partsAtEnd: residentParts(pid), hostileCodes, signing };
  } finally {
    await stop(child);
  }
}

async function main() {
  const rows: Row[] = [];
  if (BACKENDS.includes('pglite')) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-memory-'));
    const lowDir = await mkdtemp(path.join(os.tmpdir(), 'bench-memory-low-'));
    try {
      // As `npm start` runs it on this machine (LOW_MEMORY=auto decides by its memory), then in
      // low-memory mode, both on a fresh data folder and again on the folder it left.
      rows.push(await measure('embedded (PGlite), fresh data folder', { DATA_DIR: dataDir }));
      rows.push(await measure('embedded (PGlite), existing data folder', { DATA_DIR: dataDir }));
      rows.push(await measure('embedded, LOW_MEMORY=true, fresh data folder', { DATA_DIR: lowDir, LOW_MEMORY: 'true' }));
      rows.push(await measure('embedded, LOW_MEMORY=true, existing data folder', { DATA_DIR: lowDir, LOW_MEMORY: 'true' }));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(lowDir, { recursive: true, force: true });
    }
  }
  if (LIBRARY_DIR && BACKENDS.includes('pglite')) {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'bench-memory-library-'));
    try {
      await cp(LIBRARY_DIR, copy, { recursive: true });
      // (A library signed already is measured signed only: the server logs no signing then.)
      const db = await createPgliteDatabase(path.join(copy, 'db'));
      const unsigned = (await unsignedArticles(db, '', 1).finally(() => db.close())).length > 0;
      if (unsigned) rows.push(await measure('embedded (PGlite), the library of BENCH_LIBRARY_DIR, as it was', { DATA_DIR: copy }, { awaitSigning: true }));
      rows.push(await measure('embedded (PGlite), the same library, signed', { DATA_DIR: copy }));
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }
  if (BACKENDS.includes('postgres')) {
    const name = `bench_memory_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-memory-pg-'));
    try {
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      rows.push(await measure('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url.href }));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log('\nServer memory (one process, worker threads included; VmHWM = peak resident since start)\n');
  console.log('| database | peak after start | resident at rest | peak after 200 articles + 13 images | peak after hostile uploads | resident at rest after |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.label} | ${mb(r.afterStart.hwm)} | ${mb(r.atRest)} | ${mb(r.afterWork.hwm)} | ${mb(r.afterHostile.hwm)} | ${mb(r.restAtEnd)} |`);
  }
  console.log('\nWhere the resident memory is, at rest after start / at rest after (WebAssembly memories: PGlite\'s PostgreSQL first; mapped files; the rest: V8 heaps, malloc, stacks)\n');
  console.log('| database | WebAssembly memories | mapped files | the rest |');
  console.log('|---|---|---|---|');
  const wasm = (p: Parts) => (p.wasm.length ? p.wasm.map(mb).join(' + ') : '0 MB');
  for (const r of rows) {
    const [a, b] = [r.partsAtRest, r.partsAtEnd];
    console.log(`| ${r.label} | ${wasm(a)} / ${wasm(b)} | ${mb(a.files)} / ${mb(b.files)} | ${mb(a.other)} / ${mb(b.other)} |`);
  }
  for (const r of rows.filter((row) => row.signing)) {
    const { seconds, hwm } = r.signing!;
    console.log(`\n${r.label}: the start-up signing ${seconds === undefined ? 'not done within 40 minutes' : `took ${Math.round(seconds)} s`}; peak by then ${mb(hwm)}`);
  }
  console.log(`\n"at rest after" read, seconds after the hostile uploads: ${rows.map((r) => `${r.rest.seconds}${r.rest.settled ? '' : ' (workers still there)'}`).join(' / ')}`);
  console.log(`\nhostile uploads answered: ${rows.map((r) => r.hostileCodes.join(' ')).join(' / ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
