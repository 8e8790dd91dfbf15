/**
 * Faults suite (`npm run test:faults`): the real server (server/main.ts, in a child process)
 * against faults of what it stands on.
 *
 * 1. PostgreSQL stopped and started again under a steady load of reads and writes, once with
 *    `pg_ctl stop -m fast` and once with `-m immediate` (crash recovery on restart), on a cluster
 *    of this suite's own (initdb in a temp dir, a spare port). During the outage every answer
 *    must be a prompt, clean 503 `{ message, code: "database_unavailable" }`, and /api/health
 *    must say the database is down; after the restart writes must succeed again within seconds
 *    without restarting the server; no acknowledged (2xx) article or file may be missing
 *    afterwards, read through the API and directly in the database and on disk.
 * 2. A full disk during an upload: DATA_DIR is a small tmpfs (the database stays on the
 *    cluster), filled near the top; an upload bigger than what is left must get a clear 507,
 *    leave nothing behind (no row, no bytes, no temp file), and uploads must work once space
 *    is freed.
 *
 * Must run as root (mount, runuser). Everything it starts is stopped, unmounted and removed
 * at the end, also when a check fails or the run is interrupted. Exits non-zero on any failure.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, statfs, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** PostgreSQL's programs: PG_BIN, else the newest Debian install (/usr/lib/postgresql/<version>/bin). */
const PG_BIN =
  process.env.PG_BIN ??
  `/usr/lib/postgresql/${
    (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [])
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))[0] ?? '15'
  }/bin`;
const ADMIN = { email: 'faults@example.com', password: 'faults-suite-password-1' };
/** An answer slower than this counts as a hang (the request is given up). */
const HANG_MS = 5_000;
/** During an outage every answer must come within this. */
const OUTAGE_ANSWER_MS = 3_000;
/** Health must answer within this (it gives the database 2 s). */
const HEALTH_MS = 3_000;
/** Writes must succeed again within this after PostgreSQL is back. */
const RECOVERY_LIMIT_MS = 10_000;
/** How long PostgreSQL stays stopped in each outage. */
const DOWN_MS = 3_000;
const LOAD_WORKERS = 3;
/** Pause of each load client between requests. */
const THINK_MS = 10;

const execFileAsync = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const t0 = Date.now();
const now = () => Date.now();
const elapsed = () => `${((now() - t0) / 1000).toFixed(1)}s`;
const log = (message: string) => console.log(`[faults ${elapsed()}] ${message}`);

// Failures and clean-up --------------------------------------------------------------------

const failures: string[] = [];
/** Records a failed check; the run goes on and exits non-zero at the end. */
function expect(ok: boolean, message: string) {
  if (!ok) {
    failures.push(message);
    log(`FAIL: ${message}`);
  }
  return ok;
}

const cleanups: { name: string; fn: () => Promise<unknown> }[] = [];
const onCleanup = (name: string, fn: () => Promise<unknown>) => cleanups.push({ name, fn });
let cleaning: Promise<void> | undefined;
function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const { name, fn } = cleanups.pop()!;
      try {
        await fn();
      } catch (error) {
        console.error(`[faults] clean-up "${name}" failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`[faults] ${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function run(cmd: string, args: string[], timeoutMs = 60_000) {
  try {
    return await execFileAsync(cmd, args, { timeout: timeoutMs, encoding: 'utf8' });
  } catch (error) {
    const e = error as Error & { stderr?: string; stdout?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// PostgreSQL cluster -------------------------------------------------------------------------

interface Cluster {
  port: number;
  url(database?: string): string;
  start(): Promise<void>;
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  logTail(): Promise<string>;
}

/** A cluster of its own in `dir`, run as the postgres OS user (PostgreSQL refuses root). */
async function createCluster(dir: string): Promise<Cluster> {
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  await mkdir(dir, { mode: 0o700 });
  await chown(dir, uid, gid);
  const data = path.join(dir, 'data');
  const socketDir = path.join(dir, 'sock');
  const logFile = path.join(dir, 'postgres.log');
  await mkdir(socketDir);
  await chown(socketDir, uid, gid);
  const asPostgres = (tool: string, args: string[], timeoutMs?: number) =>
    run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args], timeoutMs);

  // --no-sync: only initdb's own writes; the running server keeps fsync on.
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${socketDir}`,
    '-c listen_addresses=127.0.0.1',
    '-c shared_buffers=32MB',
    '-c max_connections=40',
    '-c fsync=on',
  ].join(' ');
  let running = false;
  const cluster: Cluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await asPostgres('pg_ctl', ['-D', data, '-l', logFile, '-o', settings, '-w', '-t', '60', 'start'], 90_000);
      running = true;
    },
    async stop(mode) {
      await asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'], 90_000);
      running = false;
    },
    async logTail() {
      return (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-30).join('\n');
    },
  };
  onCleanup('stop PostgreSQL', async () => {
    const pidFile = path.join(data, 'postmaster.pid');
    if (!running && !existsSync(pidFile)) return;
    try {
      await cluster.stop('immediate');
    } catch (error) {
      // pg_ctl could not do it: end the postmaster this suite started, by its pid.
      const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGQUIT');
      throw error;
    }
  });
  await cluster.start();
  return cluster;
}

// The server under test ----------------------------------------------------------------------

interface Server {
  base: string;
  child: ChildProcess;
  exited: boolean;
  logTail(): string;
  stop(): Promise<void>;
}

async function startServer(name: string, env: { dataDir: string; databaseUrl: string }): Promise<Server> {
  const port = await freePort();
  const lines: string[] = [];
  // Equivalent to `npx tsx server/main.ts`, in one process whose pid is the server's.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: stopped with everything it started
  });
  // stdout: pino's JSON lines (the last few kept); stderr: a crash's stack and the like (all kept).
  const errLines: string[] = [];
  let exitStatus = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 20) lines.splice(0, lines.length - 20);
  });
  child.stderr!.on('data', (chunk: Buffer) => errLines.push(...chunk.toString().split('\n').filter(Boolean)));
  const server: Server = {
    base: `http://127.0.0.1:${port}`,
    child,
    exited: false,
    logTail: () =>
      [...lines.map((l) => l.slice(0, 600)), '--- stderr ---', ...errLines.slice(-60), exitStatus].filter(Boolean).join('\n'),
    async stop() {
      if (server.exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      const signal = (sig: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, sig);
        } catch {
          /* already gone */
        }
      };
      signal('SIGTERM');
      if ((await Promise.race([gone.then(() => true), sleep(10_000).then(() => false)])) === false) {
        signal('SIGKILL');
        await gone;
      }
    },
  };
  child.once('exit', (code, signal) => {
    server.exited = true;
    exitStatus = `server ${name} exited (code ${code}, signal ${signal}) at ${elapsed()}`;
  });
  onCleanup(`stop server ${name}`, () => server.stop());

  const deadline = now() + 60_000;
  for (;;) {
    if (server.exited) throw new Error(`server ${name} exited while starting:\n${server.logTail()}`);
    const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    if (res?.ok) break;
    if (now() > deadline) throw new Error(`server ${name} did not answer /api/health within 60 s:\n${server.logTail()}`);
    await sleep(200);
  }
  return server;
}

// HTTP ---------------------------------------------------------------------------------------

interface Answer {
  status: number; // 0: no answer (timeout, connection error)
  ms: number;
  contentType: string;
  text: string;
  json?: unknown;
  retryAfter?: string;
  error?: string;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: FormData; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = now();
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  try {
    const res = await fetch(base + url, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? HANG_MS) });
    const buf = Buffer.from(await res.arrayBuffer());
    const contentType = res.headers.get('content-type') ?? '';
    const text = contentType.startsWith('application/json') || contentType.startsWith('text/') ? buf.toString('utf8') : '';
    let json: unknown;
    if (contentType.startsWith('application/json')) {
      try {
        json = JSON.parse(text);
      } catch {
        /* reported by the checks */
      }
    }
    return { status: res.status, ms: now() - started, contentType, text, json, retryAfter: res.headers.get('retry-after') ?? undefined };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const reason = e.name === 'TimeoutError' ? `no answer within ${options.timeoutMs ?? HANG_MS} ms` : (e.cause?.message ?? e.message);
    return { status: 0, ms: now() - started, contentType: '', text: '', error: reason };
  }
}

async function getBytes(base: string, url: string, token: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(HANG_MS) });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function login(base: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', { json: ADMIN, timeoutMs: 15_000 });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text || res.error}`);
  return (res.json as { accessToken: string }).accessToken;
}

const short = (a: Answer) => (a.error ? a.error : `${a.status} ${a.contentType.split(';')[0]} ${a.text.slice(0, 200)}`);

/**
 * What is wrong with an error answer that should be a clean JSON `{ message, code }` with the
 * given status and code (undefined when it is right).
 */
function errorProblem(a: Answer, status: number, code: string): string | undefined {
  if (a.error) return a.error;
  if (a.status !== status) return `status ${a.status}, expected ${status}`;
  if (!a.contentType.startsWith('application/json')) return `content-type "${a.contentType}", expected JSON`;
  const body = a.json as { message?: unknown; code?: unknown } | undefined;
  if (!body || typeof body.message !== 'string' || typeof body.code !== 'string') return 'body is not { message, code }';
  if (body.code !== code) return `code "${body.code}", expected "${code}"`;
  if (body.message.length < 15 || !/^[A-Z]/.test(body.message)) return `message "${body.message}" is not a sentence for a person`;
  if (/\bat .+:\d+|ECONN|57P0\d|stack|Error:/i.test(a.text)) return `body leaks internals: ${a.text.slice(0, 200)}`;
  return undefined;
}

// Unique files -------------------------------------------------------------------------------

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid 1×1 PNG made unique by a tEXt chunk. */
function uniquePng(token: string): Buffer {
  const data = Buffer.from(`Comment\0${token}`, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from('tEXt', 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  const iend = PNG_1X1.length - 12;
  return Buffer.concat([PNG_1X1.subarray(0, iend), length, body, crc, PNG_1X1.subarray(iend)]);
}

/** A valid one-page PDF made unique by a comment, padded to `padTo` bytes. */
function uniquePdf(token: string, padTo = 0): Buffer {
  const pdf = Buffer.from(
    `%PDF-1.4\n%${token}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  return padTo > pdf.length ? Buffer.concat([pdf, Buffer.alloc(padTo - pdf.length, 0x20)]) : pdf;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function fileForm(name: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

// 1. PostgreSQL outage under load ------------------------------------------------------------

type Op = 'article.create' | 'article.list' | 'file.upload' | 'file.list';
const WRITES = new Set<Op>(['article.create', 'file.upload']);

interface Sample {
  op: Op;
  start: number;
  end: number;
  answer: Answer;
}

interface HealthSample {
  start: number;
  end: number;
  answer: Answer;
  database?: string;
}

interface Acked {
  articles: { id: string; marker: string }[];
  files: { id: string; sha256: string; size: number }[];
}

interface OutageReport {
  mode: 'fast' | 'immediate';
  stopIssued: number;
  stopDone: number;
  startIssued: number;
  startDone: number;
  recovered?: number;
}

function startLoad(base: string, token: string, runId: string) {
  const samples: Sample[] = [];
  const health: HealthSample[] = [];
  const acked: Acked = { articles: [], files: [] };
  let stopped = false;
  let n = 0;
  const ops: Op[] = ['article.create', 'article.list', 'file.upload', 'file.list'];

  const one = async (op: Op) => {
    const i = n++;
    const start = now();
    let answer: Answer;
    if (op === 'article.create') {
      const marker = `faults ${runId} article ${i}`;
      answer = await call(base, 'POST', '/api/articles', {
        token,
        json: { slug: `faults-${runId}-${i}`, scrappedData: marker, blogData: `<p>${marker}</p>` },
      });
      const id = (answer.json as { data?: { id?: string } } | undefined)?.data?.id;
      if (answer.status === 201 && id) acked.articles.push({ id, marker });
    } else if (op === 'file.upload') {
      const token_ = `${runId}-${i}`;
      const png = i % 2 === 0;
      const bytes = png ? uniquePng(token_) : uniquePdf(token_);
      answer = await call(base, 'POST', '/api/files', {
        token,
        form: fileForm(png ? `faults-${i}.png` : `faults-${i}.pdf`, bytes, png ? 'image/png' : 'application/pdf'),
      });
      const id = (answer.json as { file?: { id?: string } } | undefined)?.file?.id;
      if (answer.status === 201 && id) acked.files.push({ id, sha256: sha256(bytes), size: bytes.length });
    } else if (op === 'article.list') {
      answer = await call(base, 'GET', '/api/articles/admin/articles?limit=20', { token });
    } else {
      answer = await call(base, 'GET', '/api/files?limit=20', { token });
    }
    samples.push({ op, start, end: now(), answer });
  };

  const workers = Array.from({ length: LOAD_WORKERS }, async (_, w) => {
    for (let k = w; !stopped; k++) {
      await one(ops[k % ops.length]!);
      await sleep(THINK_MS);
    }
  });
  const healthLoop = (async () => {
    while (!stopped) {
      const start = now();
      const answer = await call(base, 'GET', '/api/health', { timeoutMs: HANG_MS });
      health.push({ start, end: now(), answer, database: (answer.json as { database?: string } | undefined)?.database });
      await sleep(250);
    }
  })();
  return {
    samples,
    health,
    acked,
    async stop() {
      stopped = true;
      await Promise.all([...workers, healthLoop]);
    },
  };
}

async function outageUnderLoad(cluster: Cluster, load: ReturnType<typeof startLoad>, mode: 'fast' | 'immediate') {
  await sleep(1_500); // steady load first
  const r: OutageReport = { mode, stopIssued: now(), stopDone: 0, startIssued: 0, startDone: 0 };
  log(`stopping PostgreSQL (-m ${mode}) under load`);
  await cluster.stop(mode);
  r.stopDone = now();
  await sleep(DOWN_MS);
  r.startIssued = now();
  log('starting PostgreSQL again');
  await cluster.start();
  r.startDone = now();
  const deadline = r.startDone + RECOVERY_LIMIT_MS + HANG_MS;
  while (now() < deadline) {
    const first = load.samples
      .filter((s) => WRITES.has(s.op) && s.start >= r.startDone && s.answer.status >= 200 && s.answer.status < 300)
      .sort((a, b) => a.end - b.end)[0];
    if (first) {
      r.recovered = first.end;
      break;
    }
    await sleep(100);
  }
  await sleep(2_000); // load goes on after recovery
  return r;
}

function checkOutage(r: OutageReport, samples: Sample[], health: HealthSample[], serverAlive: boolean) {
  const recoveredAt = r.recovered;
  const label = `outage -m ${r.mode}`;
  // Requests that started while PostgreSQL was stopping, stopped or starting.
  const during = samples.filter((s) => s.start >= r.stopIssued && s.start < r.startDone);
  const byStatus: Record<string, number> = {};
  for (const s of during) {
    const key = s.answer.status === 0 ? 'no answer' : String(s.answer.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const badDuring = during.filter((s) => {
    if (s.answer.status >= 200 && s.answer.status < 300) {
      // Only possible before the postmaster was gone (or after it is back).
      return s.start >= r.stopDone && s.end <= r.startIssued;
    }
    return errorProblem(s.answer, 503, 'database_unavailable') !== undefined;
  });
  expect(during.length >= 5, `${label}: only ${during.length} requests were made during the outage (the load stalled?)`);
  expect(
    badDuring.length === 0,
    `${label}: ${badDuring.length} of ${during.length} answers during the outage were not a clean 503 database_unavailable, e.g. ` +
      badDuring
        .slice(0, 3)
        .map((s) => `${s.op}: ${errorProblem(s.answer, 503, 'database_unavailable') ?? 'a 2xx while PostgreSQL was stopped'} — ${short(s.answer)}`)
        .join(' | '),
  );
  const slowest = Math.max(0, ...during.map((s) => s.answer.ms));
  expect(slowest <= OUTAGE_ANSWER_MS, `${label}: an answer during the outage took ${slowest} ms`);
  // While PostgreSQL was fully down (stopped, not yet starting): every answer a 503.
  const down = during.filter((s) => s.start >= r.stopDone && s.end <= r.startIssued);
  const downByStatus: Record<string, number> = {};
  for (const s of down) downByStatus[s.answer.status || 'no answer'] = (downByStatus[s.answer.status || 'no answer'] ?? 0) + 1;
  const unavailable = during.filter((s) => s.answer.status === 503);
  expect(
    unavailable.every((s) => s.answer.retryAfter !== undefined),
    `${label}: a 503 database_unavailable came without Retry-After`,
  );
  expect(unavailable.length > 0, `${label}: no request saw the outage (no 503 at all)`);

  // Health during the outage tells the truth, promptly.
  const healthDown = health.filter((h) => h.start >= r.stopDone && h.end <= r.startIssued);
  expect(healthDown.length > 0, `${label}: no health answer while PostgreSQL was stopped`);
  const healthLies = healthDown.filter((h) => h.answer.status !== 200 || h.database !== 'down' || h.answer.ms > HEALTH_MS);
  expect(
    healthLies.length === 0,
    `${label}: /api/health during the outage: ${healthLies.map((h) => `${short(h.answer)} in ${h.answer.ms} ms`).join(' | ')}`,
  );

  // Recovery without a server restart.
  expect(serverAlive, `${label}: the server process exited`);
  const recoveryMs = r.recovered === undefined ? undefined : r.recovered - r.startDone;
  expect(
    recoveryMs !== undefined && recoveryMs <= RECOVERY_LIMIT_MS,
    `${label}: writes did not succeed again within ${RECOVERY_LIMIT_MS} ms of PostgreSQL being back`,
  );
  if (recoveredAt !== undefined) {
    // Once recovered, everything is served again (no stale pooled connections failing later).
    const after = samples.filter((s) => s.start >= recoveredAt + 500 && s.start < recoveredAt + 1_800);
    const failedAfter = after.filter((s) => s.answer.status < 200 || s.answer.status >= 300);
    expect(
      failedAfter.length === 0,
      `${label}: after recovery ${failedAfter.length} requests still failed: ${failedAfter
        .slice(0, 3)
        .map((s) => `${s.op} ${short(s.answer)}`)
        .join(' | ')}`,
    );
    const healthAfter = health.filter((h) => h.start >= recoveredAt + 500 && h.start < recoveredAt + 1_800);
    expect(
      healthAfter.length > 0 && healthAfter.every((h) => h.database === 'connected'),
      `${label}: /api/health after recovery does not say connected: ${healthAfter.map((h) => h.database).join(',')}`,
    );
  }
  return {
    byStatus,
    downByStatus,
    requests: during.length,
    downRequests: down.length,
    slowestMs: slowest,
    pgDownMs: r.startIssued - r.stopDone,
    outageMs: r.startDone - r.stopIssued,
    stopMs: r.stopDone - r.stopIssued,
    recoveryMs,
    healthDown: `${healthDown.filter((h) => h.database === 'down').length}/${healthDown.length} said "down"`,
  };
}

/** Every acknowledged write is there: through the API, in the database, and its bytes on disk. */
async function checkAcknowledged(
  base: string,
  token: string,
  databaseUrl: string,
  dataDir: string,
  acked: Acked,
  refusedUploads: number,
): Promise<{ orphans: number }> {
  let orphans = 0;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const articleIds = acked.articles.map((a) => a.id);
    const { rows: articleRows } = await client.query<{ id: string; scrapped_data: string }>(
      'SELECT id, scrapped_data FROM articles WHERE id = ANY($1::text[])',
      [articleIds],
    );
    const inDb = new Map(articleRows.map((r) => [r.id, r.scrapped_data]));
    const lostInDb = acked.articles.filter((a) => inDb.get(a.id) !== a.marker);
    expect(lostInDb.length === 0, `${lostInDb.length} acknowledged articles are missing or changed in the database: ${lostInDb.slice(0, 5).map((a) => a.id).join(', ')}`);

    const fileIds = acked.files.map((f) => f.id);
    const { rows: fileRows } = await client.query<{ id: string; sha256: string; size: string }>(
      'SELECT id, sha256, size FROM files WHERE id = ANY($1::text[])',
      [fileIds],
    );
    const filesInDb = new Map(fileRows.map((r) => [r.id, r]));
    const lostFiles = acked.files.filter((f) => filesInDb.get(f.id)?.sha256 !== f.sha256 || Number(filesInDb.get(f.id)?.size) !== f.size);
    expect(lostFiles.length === 0, `${lostFiles.length} acknowledged files are missing or changed in the database: ${lostFiles.slice(0, 5).map((f) => f.id).join(', ')}`);

    // Row and bytes belong together: no row without its bytes, no bytes without a row, no temp leftovers.
    const { rows: allFiles } = await client.query<{ id: string }>('SELECT id FROM files');
    const onDisk = new Set(await readdir(path.join(dataDir, 'files')));
    const rowsWithoutBytes = allFiles.filter((r) => !onDisk.has(r.id));
    expect(rowsWithoutBytes.length === 0, `${rowsWithoutBytes.length} file rows have no bytes on disk: ${rowsWithoutBytes.slice(0, 5).map((r) => r.id).join(', ')}`);
    // Bytes without a row: only from an upload whose COMMIT was cut off (outcome unknown, so the
    // server keeps the bytes; the start-up sweep removes them), never more than were refused.
    const known = new Set(allFiles.map((r) => r.id));
    const bytesWithoutRow = [...onDisk].filter((id) => !known.has(id));
    orphans = bytesWithoutRow.length;
    expect(
      bytesWithoutRow.length <= refusedUploads,
      `${bytesWithoutRow.length} stored files have no row (only ${refusedUploads} uploads were refused): ${bytesWithoutRow.slice(0, 5).join(', ')}`,
    );
    const tmpLeft = await readdir(path.join(dataDir, 'tmp'));
    expect(tmpLeft.length === 0, `upload temp files left behind: ${tmpLeft.join(', ')}`);
    for (const f of acked.files) {
      const bytes = await readFile(path.join(dataDir, 'files', f.id)).catch(() => undefined);
      if (!expect(bytes !== undefined && sha256(bytes) === f.sha256, `acknowledged file ${f.id}: bytes on disk missing or different`)) break;
    }
  } finally {
    await client.end();
  }

  // Through the API, a few at a time.
  const queue = [
    ...acked.articles.map((a) => async () => {
      const res = await call(base, 'GET', `/api/articles/${a.id}`, { token });
      const data = (res.json as { data?: { scrappedData?: string } } | undefined)?.data;
      return res.status === 200 && data?.scrappedData === a.marker ? undefined : `article ${a.id}: ${short(res)}`;
    }),
    ...acked.files.map((f) => async () => {
      const res = await getBytes(base, `/api/files/${f.id}/content`, token);
      return res.status === 200 && sha256(res.bytes) === f.sha256 ? undefined : `file ${f.id}: status ${res.status}, ${res.bytes.length} bytes`;
    }),
  ];
  const problems: string[] = [];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const problem = await job().catch((error: Error) => error.message);
        if (problem) problems.push(problem);
      }
    }),
  );
  expect(problems.length === 0, `${problems.length} acknowledged writes not readable through the API: ${problems.slice(0, 5).join(' | ')}`);
  return { orphans };
}

// 2. Disk full during an upload --------------------------------------------------------------

interface LibraryState {
  ids: string[];
  total: number;
  summary: unknown;
  rows: number;
  files: string[];
  thumbs: string[];
  tmp: string[];
  freeBytes: number;
}

async function libraryState(base: string, token: string, db: pg.Client, dataDir: string): Promise<LibraryState> {
  const list = await call(base, 'GET', '/api/files?limit=100', { token });
  if (list.status !== 200) throw new Error(`GET /api/files failed: ${short(list)}`);
  const body = list.json as { data: { id: string }[]; total: number; summary: unknown };
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM files');
  const fs = await statfs(dataDir);
  return {
    ids: body.data.map((f) => f.id),
    total: body.total,
    summary: body.summary,
    rows: Number(rows[0]!.n),
    files: (await readdir(path.join(dataDir, 'files'))).sort(),
    thumbs: (await readdir(path.join(dataDir, 'thumbs'))).sort(),
    tmp: (await readdir(path.join(dataDir, 'tmp'))).sort(),
    freeBytes: fs.bavail * fs.bsize,
  };
}

async function diskFull(tmpRoot: string, cluster: Cluster) {
  const outcomes: string[] = [];
  const dataDir = path.join(tmpRoot, 'small-disk');
  await mkdir(dataDir);
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0755', 'tmpfs', dataDir]);
  } catch (error) {
    throw new Error(`cannot mount a tmpfs for the disk-full test (run as root): ${(error as Error).message}`);
  }
  onCleanup('unmount the small disk', async () => {
    try {
      await run('umount', [dataDir]);
    } catch {
      await run('umount', ['-l', dataDir]);
    }
  });

  // A database of its own on the cluster: the library starts empty, and the database is not
  // on the small disk (this test is about the files).
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE faults_disk');
  await admin.end();
  const databaseUrl = cluster.url('faults_disk');
  const server = await startServer('disk', { dataDir, databaseUrl });
  const token = await login(server.base);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  onCleanup('close database client', () => db.end());

  for (const [i, kind] of ['png', 'pdf'].entries()) {
    const bytes = kind === 'png' ? uniquePng(`disk-base-${i}`) : uniquePdf(`disk-base-${i}`);
    const res = await call(server.base, 'POST', '/api/files', { token, form: fileForm(`base.${kind}`, bytes, kind === 'png' ? 'image/png' : 'application/pdf') });
    if (res.status !== 201) throw new Error(`a baseline upload failed: ${short(res)}`);
  }
  const before = await libraryState(server.base, token, db, dataDir);

  const filler = path.join(dataDir, 'filler');
  /** Fills the disk until `leaveBytes` are left. */
  const fill = async (leaveBytes: number) => {
    await rm(filler, { force: true });
    const fs = await statfs(dataDir);
    const free = fs.bavail * fs.bsize;
    await writeFile(filler, Buffer.alloc(Math.max(0, free - leaveBytes)));
    if (leaveBytes === 0) {
      // Top up whatever rounding left.
      await writeFile(filler, Buffer.alloc(64 * 1024), { flag: 'a' }).catch(() => {});
      await writeFile(filler, Buffer.alloc(4096), { flag: 'a' }).catch(() => {});
    }
  };

  const attempts: { label: string; leave: number; bytes: Buffer; name: string; type: string }[] = [
    { label: '1 MB PDF, 256 KB left', leave: 256 * 1024, bytes: uniquePdf('disk-full-1', 1024 * 1024), name: 'big.pdf', type: 'application/pdf' },
    { label: '1 MB PDF again, 256 KB left', leave: 256 * 1024, bytes: uniquePdf('disk-full-2', 1024 * 1024), name: 'big2.pdf', type: 'application/pdf' },
    { label: '3 MB PDF, 256 KB left', leave: 256 * 1024, bytes: uniquePdf('disk-full-3', 3 * 1024 * 1024), name: 'bigger.pdf', type: 'application/pdf' },
    { label: 'small PNG, disk completely full', leave: 0, bytes: uniquePng('disk-full-4'), name: 'small.png', type: 'image/png' },
  ];
  for (const attempt of attempts) {
    await fill(attempt.leave);
    const full = await libraryState(server.base, token, db, dataDir);
    const res = await call(server.base, 'POST', '/api/files', { token, form: fileForm(attempt.name, attempt.bytes, attempt.type), timeoutMs: 15_000 });
    const problem = errorProblem(res, 507, 'storage_full');
    const message = (res.json as { message?: string } | undefined)?.message ?? '';
    expect(!problem, `disk full (${attempt.label}): ${problem} — ${short(res)}`);
    expect(/stor|disk|space/i.test(message), `disk full (${attempt.label}): the message does not say storage is full: "${message}"`);
    expect((res.json as { success?: unknown } | undefined)?.success === false, `disk full (${attempt.label}): file routes answer success: false`);
    const after = await libraryState(server.base, token, db, dataDir);
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    expect(after.rows === before.rows, `disk full (${attempt.label}): files rows ${before.rows} → ${after.rows}`);
    expect(same(after.ids, before.ids) && after.total === before.total && same(after.summary, before.summary), `disk full (${attempt.label}): the library list changed`);
    expect(same(after.files, before.files) && same(after.thumbs, before.thumbs), `disk full (${attempt.label}): stored files changed`);
    expect(after.tmp.length === 0, `disk full (${attempt.label}): temp leftovers ${after.tmp.join(', ')}`);
    expect(after.freeBytes === full.freeBytes, `disk full (${attempt.label}): ${full.freeBytes - after.freeBytes} bytes of the disk stayed used after the refused upload`);
    const health = await call(server.base, 'GET', '/api/health');
    const storage = (health.json as { storage?: { percent?: number } } | undefined)?.storage;
    expect(health.status === 200 && (storage?.percent ?? 0) >= 90, `disk full (${attempt.label}): /api/health storage says ${JSON.stringify(storage)}`);
    outcomes.push(`${attempt.label}: ${res.status} ${(res.json as { code?: string } | undefined)?.code ?? ''} "${message}" in ${res.ms} ms`);
  }

  // Space freed: uploads work again, and the library has exactly one more file.
  await rm(filler, { force: true });
  const bytes = uniquePdf('disk-freed', 1024 * 1024);
  const res = await call(server.base, 'POST', '/api/files', { token, form: fileForm('after.pdf', bytes, 'application/pdf'), timeoutMs: 15_000 });
  const id = (res.json as { file?: { id?: string } } | undefined)?.file?.id;
  if (expect(res.status === 201 && !!id, `after freeing space the upload failed: ${short(res)}`) && id) {
    const read = await getBytes(server.base, `/api/files/${id}/content`, token);
    expect(read.status === 200 && sha256(read.bytes) === sha256(bytes), 'after freeing space the uploaded bytes do not read back');
    const after = await libraryState(server.base, token, db, dataDir);
    expect(after.rows === before.rows + 1 && after.total === before.total + 1, `after freeing space the library has ${after.total} files, expected ${before.total + 1}`);
  }
  outcomes.push(`space freed: ${res.status} ${res.status === 201 ? 'uploaded, bytes read back' : short(res)}`);
  expect(!server.exited, 'disk full: the server process exited');
  if (failures.length) console.log(`--- server log (disk) ---\n${server.logTail()}`);
  return outcomes;
}

// Main ---------------------------------------------------------------------------------------

async function main() {
  if (process.getuid?.() !== 0) throw new Error('the faults suite must run as root (it mounts a tmpfs and runs PostgreSQL as the postgres user)');
  const tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'faults-'));
  await chmod(tmpRoot, 0o755); // postgres must reach its cluster directory
  onCleanup('remove temp dir', () => rm(tmpRoot, { recursive: true, force: true }));
  const runId = randomBytes(4).toString('hex');

  log('creating a PostgreSQL cluster');
  const cluster = await createCluster(path.join(tmpRoot, 'pg'));
  log(`PostgreSQL on port ${cluster.port}`);
  const dataDir = path.join(tmpRoot, 'data');
  const server = await startServer('outage', { dataDir, databaseUrl: cluster.url() });
  const serverPid = server.child.pid;
  const token = await login(server.base);
  log(`server on ${server.base} (pid ${serverPid})`);

  const load = startLoad(server.base, token, runId);
  onCleanup('stop load', () => load.stop());
  const outages: OutageReport[] = [];
  for (const mode of ['fast', 'immediate'] as const) outages.push(await outageUnderLoad(cluster, load, mode));
  await load.stop();

  const outageResults = outages.map((r) => checkOutage(r, load.samples, load.health, !server.exited && server.child.pid === serverPid));
  // Any failure at all is a clean 503; and none outside the outages (from stop to recovery).
  const failed = load.samples.filter((s) => s.answer.status < 200 || s.answer.status >= 300);
  const unclean = failed.filter((s) => errorProblem(s.answer, 503, 'database_unavailable') !== undefined);
  expect(
    unclean.length === 0,
    `${unclean.length} failed answers were not a clean 503 database_unavailable: ${unclean
      .slice(0, 3)
      .map((s) => `${s.op} ${short(s.answer)}`)
      .join(' | ')}`,
  );
  const overlapsOutage = (s: Sample) => outages.some((r) => s.end >= r.stopIssued && s.start < (r.recovered ?? Infinity));
  const failedOutside = failed.filter((s) => !overlapsOutage(s));
  expect(
    failedOutside.length === 0,
    `${failedOutside.length} requests failed while PostgreSQL was up: ${failedOutside
      .slice(0, 3)
      .map((s) => `${s.op} ${short(s.answer)}`)
      .join(' | ')}`,
  );

  log(`checking ${load.acked.articles.length} articles and ${load.acked.files.length} files acknowledged under load`);
  const refusedUploads = load.samples.filter((s) => s.op === 'file.upload' && s.answer.status === 503).length;
  const failuresBefore = failures.length;
  const { orphans } = await checkAcknowledged(server.base, token, cluster.url(), dataDir, load.acked, refusedUploads);
  const ackedOk = failures.length === failuresBefore;
  if (failures.length) {
    console.log(`--- server log (outage) ---\n${server.logTail()}`);
    console.log(`--- PostgreSQL log ---\n${await cluster.logTail()}`);
  }
  await server.stop();

  log('disk full during uploads');
  const diskOutcomes = await diskFull(tmpRoot, cluster);

  const byOp = (op: Op) => load.samples.filter((s) => s.op === op).length;
  console.log('\n=== faults summary ===');
  console.log(
    `load: ${load.samples.length} requests (${byOp('article.create')} article creates, ${byOp('article.list')} article lists, ` +
      `${byOp('file.upload')} uploads, ${byOp('file.list')} file lists) + ${load.health.length} health checks, ${LOAD_WORKERS} clients`,
  );
  for (const [i, r] of outageResults.entries()) {
    const o = outages[i]!;
    console.log(`PostgreSQL stopped with pg_ctl stop -m ${o.mode}:`);
    console.log(
      `  outage ${r.outageMs} ms from stop to ready (pg_ctl stop ${r.stopMs} ms, fully down ${r.pgDownMs} ms, pg_ctl start ${o.startDone - o.startIssued} ms)`,
    );
    console.log(
      `  requests started during it: ${r.requests} by status ${JSON.stringify(r.byStatus)} ` +
        `(any 2xx: before the postmaster was gone or once it was back); slowest answer ${r.slowestMs} ms`,
    );
    console.log(`  while fully down: ${r.downRequests} by status ${JSON.stringify(r.downByStatus)}; /api/health ${r.healthDown}`);
    console.log(
      `  recovery: first write succeeded ${r.recoveryMs ?? 'never'} ms after PostgreSQL was back, the server not restarted`,
    );
  }
  console.log(
    `acknowledged writes checked: ${load.acked.articles.length} articles, ${load.acked.files.length} files ` +
      `(through the API, in the database, bytes on disk): ${ackedOk ? 'all there' : 'SOME MISSING (see failures)'}; ` +
      `${orphans} stored files without a row (uploads whose COMMIT was cut off, left for the start-up sweep)`,
  );
  console.log(`disk full (tmpfs 4 MB as DATA_DIR): ${diskOutcomes.length - 1} refused attempts, then one after freeing space`);
  for (const line of diskOutcomes) console.log(`  - ${line}`);
}

const code = await main()
  .then(() => 0)
  .catch((error: unknown) => {
    failures.push((error as Error).message);
    console.error(`[faults] aborted: ${(error as Error).stack ?? error}`);
    return 1;
  });
await cleanup();
console.log(`\nfaults suite ${failures.length ? 'FAILED' : 'passed'} in ${elapsed()}`);
if (failures.length) {
  for (const f of failures) console.error(`  ✗ ${f}`);
  process.exit(1);
}
process.exit(code);
