/**
 * What the HTTP benchmarks share: child processes that are always stopped (also on failure and
 * Ctrl-C), free ports, the real server started as its own process, sign-in over HTTP, load
 * driven by autocannon's CLI in another process, and memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverEnvironment, serverNodeFlags } from '../../scripts/server-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const AUTOCANNON = path.join(root, 'node_modules/autocannon/autocannon.js');

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

/** Registers work to undo (drop a database, remove a folder), run at exit, newest first. */
export function onCleanup(fn: () => Promise<void>) {
  cleanups.unshift(fn);
}

export async function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  children.clear();
  for (const fn of cleanups.splice(0)) await fn().catch((error: unknown) => console.error('cleanup:', error));
}

/** Runs `main`, cleaning up after it on success, failure and SIGINT/SIGTERM. */
export function runMain(main: () => Promise<void>) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: stopping child processes and cleaning up…`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  main()
    .then(cleanup)
    .catch(async (error: unknown) => {
      console.error(error);
      await cleanup();
      process.exit(1);
    });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Child {
  pid: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript entry in its own Node process (this Node, with the tsx loader: what
 * `npm run server` runs, without the tsx wrapper process, so `pid` is the server itself).
 * Its output goes to `logFile`.
 */
export function startNode(entry: string, env: Record<string, string>, logFile: string): Child {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [...serverNodeFlags({ ...process.env, ...env }), '--import', 'tsx', entry], {
    cwd: root,
    env: serverEnvironment({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      children.delete(child);
      log.end();
    },
  };
}

/** Waits until `url` answers (any status), or fails after `timeoutMs` or when `child` exits. */
export async function waitForHttp(url: string, child: Child, logFile: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.process.exitCode !== null) {
      throw new Error(`${url}: the process exited (${child.process.exitCode}); see ${logFile}:\n${await tail(logFile)}`);
    }
    if (await fetch(url).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms; see ${logFile}`);
}

async function tail(file: string) {
  return (await readFile(file, 'utf8').catch(() => '')).split('\n').slice(-20).join('\n');
}

export interface ServerEnv {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  email: string;
  password: string;
  /** More of the server's environment (STORAGE, MAX_UPLOAD_BYTES…), set last. */
  extra?: Record<string, string>;
}

/** The real server (server/main.ts) on its own process, ready to answer. */
export async function startServer(env: ServerEnv, logFile: string): Promise<Child & { base: string }> {
  const child = startNode(
    'server/main.ts',
    {
      PORT: String(env.port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      ADMIN_EMAIL: env.email,
      ADMIN_PASSWORD: env.password,
      ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
      ...env.extra,
    },
    logFile,
  );
  const base = `http://127.0.0.1:${env.port}`;
  await waitForHttp(`${base}/api/health`, child, logFile);
  return { ...child, base };
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Drives `url` with autocannon's CLI in its own process: a warm-up run that is thrown away,
 * then the measured run. Latencies are autocannon's (whole milliseconds).
 */
export async function load(
  url: string,
  options: { connections: number; seconds: number; warmupSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const run = async (seconds: number) => {
    const args = [AUTOCANNON, '-j', '-n', '-c', String(options.connections), '-d', String(seconds)];
    for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
    args.push(url);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    children.delete(child);
    if (code !== 0) throw new Error(`autocannon failed (${code}): ${err}`);
    return JSON.parse(out) as {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      requests: { total: number };
      latency: { p50: number; p99: number };
    };
  };
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  const r = await run(options.seconds);
  return {
    requests: r.requests.total,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** VmRSS and VmHWM (peak) of a process, in bytes, from /proc. */
export async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Utime + stime of a process, in ms. */
export async function cpuMs(pid: number) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
}
const CLOCK_TICKS = 100;

/**
 * Measures `url` with autocannon (after its warm-up), and the CPU per request that the
 * answering process and, with `pgAdmin` (a client on the same database), PostgreSQL's backends
 * spent, read from /proc right around the measured run: steadier than req/s on a shared machine.
 */
export async function measureWithCpu(
  url: string,
  pid: number,
  pgAdmin: pg.Client | undefined,
  options: { connections: number; seconds: number; warmupSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult & { nodeCpu: number; pgCpu: number | undefined }> {
  const backends = () => pgBackendCpu(pgAdmin);
  const run = { connections: options.connections, ...(options.headers ? { headers: options.headers } : {}) };
  if (options.warmupSeconds > 0) await load(url, { ...run, seconds: options.warmupSeconds, warmupSeconds: 0 });
  const [node0, pg0] = [await cpuMs(pid), await backends()];
  const result = await load(url, { ...run, seconds: options.seconds, warmupSeconds: 0 });
  const [node1, pg1] = [await cpuMs(pid), await backends()];
  return { ...result, nodeCpu: (node1 - node0) / result.requests, pgCpu: pgAdmin ? pgCpuSpent(pg0, pg1) / result.requests : undefined };
}

/** The CPU (ms) each PostgreSQL backend of `pgAdmin`'s database has spent so far (none without a client). */
export async function pgBackendCpu(pgAdmin: pg.Client | undefined): Promise<Map<number, number>> {
  if (!pgAdmin) return new Map<number, number>();
  const { rows } = await pgAdmin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  const cpu = new Map<number, number>();
  for (const { pid: backend } of rows) cpu.set(backend, await cpuMs(backend).catch(() => 0));
  return cpu;
}

/** The CPU spent by PostgreSQL's backends between two readings of pgBackendCpu. */
export function pgCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [backend, ms] of after) spent += ms - (before.get(backend) ?? 0);
  return spent;
}

/**
 * A fresh database named `${prefix}_<time>` on the PostgreSQL server at `serverUrl` (without a
 * database name), dropped at cleanup; resolves to its URL.
 */
export async function createBenchDatabase(serverUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  await admin.end();
  onCleanup(async () => {
    const c = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return `${serverUrl}/${name}`;
}
