/**
 * Crash-loop suite: the real server (server/main.ts, its own process) takes concurrent writes
 * (article creates, blog HTML and slug edits, deletes, file uploads and file deletes) and is
 * SIGKILLed at a random moment, then restarted on the same data; after every kill the data is
 * checked against what the client was told:
 *
 * - every acknowledged write (a 2xx answer received) is there with the acknowledged content,
 *   and an acknowledged delete stays deleted;
 * - a write that was in flight at the kill is either absent or whole (an article's fields equal
 *   one of the values sent, a file row's bytes on disk match its size and sha256);
 * - no file row without its bytes (and thumbnail, for raster images) on disk;
 * - no bytes on disk without a row once the start-up sweep has run (see `backdate` below);
 * - the counters kept by triggers (article_counts, the list's kept counts per filter, file_stats)
 *   agree with the rows;
 * - every article is what its last revision says (version, status, slug, trash, texts by hash),
 *   and no revision records a version its article never reached;
 * - every acknowledged write's webhook event reaches a receiver that was down (answering 503)
 *   through the first kill and restart, signed: the outbox is written with the change, and a
 *   delivery a kill interrupted is sent again when its lease ends.
 *
 * On the embedded PGlite (a temp DATA_DIR) and on PostgreSQL (a fresh database crash_<random>
 * on 127.0.0.1:5432, dropped at the end). The database is read directly (PGlite: a copy of its
 * folder, opened with createPgliteDatabase, so the server still recovers the crashed original
 * itself; PostgreSQL: with pg) and again through the API after the restart.
 *
 *   npm run test:crash
 *   CRASH_SEED=1234 npm run test:crash            replay a run's choices (printed at the start)
 *   CRASH_BACKENDS=pglite CRASH_ROUNDS=3 npm run test:crash
 *
 * Other settings: CRASH_ROUNDS (kill rounds per backend, 6; at least 3 always run, the others
 * while they fit CRASH_BUDGET_MS, 140000, for the whole run: a loaded machine runs fewer),
 * CRASH_CONCURRENCY (writes in flight, 8), CRASH_PG_URL (the maintenance database,
 * postgres://postgres@127.0.0.1:5432/postgres), CRASH_TIMEOUT_MS (a hard stop that fails the
 * run, 260000), CRASH_KEEP=1 (keep the temp folders and the database, also on success).
 *
 * The seed fixes every choice made here (which write, which entity, sizes, contents, when to
 * kill); what the server has finished at the moment of the kill still depends on timing, so a
 * replay lands near, not exactly on, the same kill point.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { cp, mkdtemp, open, readdir, readFile, rm, utimes } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { createPgliteDatabase } from '../../db/database.ts';
import { KEPT_COUNTS_DRIFT_SQL } from '../../repositories/keptCounts.ts';
import { startReceiver, type Receiver } from '../webhook-receiver.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

const SEED = intEnv('CRASH_SEED', randomBytes(4).readUInt32LE(0));
const ROUNDS = Math.max(1, intEnv('CRASH_ROUNDS', 6));
/** Rounds always run; more only while they fit CRASH_BUDGET_MS (the whole run, both backends). */
const MIN_ROUNDS = Math.min(ROUNDS, 3);
const BUDGET_MS = intEnv('CRASH_BUDGET_MS', 140_000);
/** Kept for each backend still to run when deciding whether one more round fits. */
const RESERVE_PER_BACKEND_MS = 40_000;
const CONCURRENCY = Math.max(1, intEnv('CRASH_CONCURRENCY', 8));
const TIMEOUT_MS = intEnv('CRASH_TIMEOUT_MS', 260_000);
/** How long the acknowledged writes' webhook events may take to arrive after the last round (a lease of 30 s, a 30 s retry). */
const WEBHOOK_WAIT_MS = 90_000;
/** The events the suite's writes make: edits, deletes, uploads. */
const WEBHOOK_EVENTS = ['article.updated', 'article.deleted', 'file.uploaded', 'file.deleted'];
const KEEP = /^(1|true|yes)$/i.test(process.env.CRASH_KEEP ?? '');
const PG_URL = process.env.CRASH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const BACKENDS = (process.env.CRASH_BACKENDS || 'pglite,postgres').split(',').map((b) => b.trim());
for (const backend of BACKENDS) {
  if (backend !== 'pglite' && backend !== 'postgres') throw new Error(`CRASH_BACKENDS: unknown backend "${backend}"`);
}
type Backend = 'pglite' | 'postgres';

const ADMIN = { email: 'crash@example.com', password: 'crash-password-12345' };
/** The kill lands this long after the writes start (ms). */
const KILL_AFTER = { min: 200, max: 3_000 };
/** A kill during start-up (migrations check, sweep, PGlite recovery) now and then. */
const STARTUP_KILL_CHANCE = 0.4;
/** …at this fraction of the last restart's time to ready (which follows the machine's load). */
const STARTUP_KILL_AT = { min: 0.05, max: 1.1 };
const REQUEST_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 60_000;
/** The sweep's grace as main.ts sets it (app.ts default: one hour); see `backdate`. */
const SWEEP_GRACE_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Seeded randomness

function seedFrom(...parts: (string | number)[]): number {
  return createHash('sha256').update(`${SEED}:${parts.join(':')}`).digest().readUInt32LE(0);
}

class Rng {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  /** mulberry32: [0, 1). */
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T | undefined {
    return items.length ? items[Math.floor(this.next() * items.length)] : undefined;
  }
  /** A size between min and max, log-uniform (many small, some large). */
  size(min: number, max: number): number {
    return Math.round(Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min))));
  }
  bytes(n: number): Buffer {
    const words = new Uint32Array(Math.ceil(n / 4));
    // xorshift32 from one draw: fast enough for megabytes.
    let x = (this.next() * 4294967296) >>> 0 || 1;
    for (let i = 0; i < words.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      words[i] = x >>> 0;
    }
    return Buffer.from(words.buffer, 0, n);
  }
  text(n: number): string {
    return this.bytes(Math.ceil((n * 3) / 4)).toString('base64url').slice(0, n);
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// Failures

class CrashFailure extends Error {}

/** What a check found wrong; thrown together at the end of the check. */
class Problems {
  readonly list: string[] = [];
  add(message: string) {
    this.list.push(message);
  }
  throwIfAny(where: string) {
    if (!this.list.length) return;
    const shown = this.list.slice(0, 40).map((p) => `  - ${p}`);
    if (this.list.length > 40) shown.push(`  … and ${this.list.length - 40} more`);
    const problems = this.list.splice(0);
    throw new CrashFailure(`${where}: ${problems.length} problem(s):\n${shown.join('\n')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The server process

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const liveChildren = new Set<ChildProcess>();

class ServerProcess {
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private killedByUs = false;
  /** main.ts printed its "API on http://…" line: start-up is over, it listens. */
  listening = false;

  private constructor(
    readonly child: ChildProcess,
    readonly base: string,
    log: WriteStream,
  ) {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (/ on http:\/\//.test(chunk.toString())) this.listening = true;
      log.write(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => log.write(chunk));
    liveChildren.add(child);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        liveChildren.delete(child);
        resolve({ code, signal });
      }),
    );
  }

  /** `node --import tsx server/main.ts`: one process (worker threads inside), so SIGKILL stops it all. */
  static async start(env: Record<string, string>, log: WriteStream): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        // The suite's webhook receiver listens on the loopback.
        WEBHOOK_ALLOW_CIDRS: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ServerProcess(child, `http://127.0.0.1:${port}/api`, log);
  }

  get alive() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Whether the process ended by anything else than our SIGKILL (or SIGTERM at the end). */
  get diedByItself() {
    return !this.alive && !this.killedByUs;
  }

  async kill() {
    this.killedByUs = true;
    if (this.alive) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** A graceful stop (SIGTERM): main.ts closes the app and the database and exits 0. */
  async stop(): Promise<number | null> {
    this.killedByUs = true;
    if (this.alive) this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    const { code } = await this.exited;
    clearTimeout(timer);
    return code;
  }

  async waitReady(logFile: string): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < READY_TIMEOUT_MS) {
      if (!this.alive) {
        throw new CrashFailure(`the server exited during start-up (${this.child.exitCode ?? this.child.signalCode}):\n${await tail(logFile)}`);
      }
      const health = await fetch(`${this.base}/health`, { signal: AbortSignal.timeout(2_000) })
        .then(async (res) => (res.ok ? ((await res.json()) as { database?: string }) : undefined))
        .catch(() => undefined);
      if (health?.database === 'connected') return Date.now() - started;
      await sleep(50);
    }
    throw new CrashFailure(`the server did not answer /api/health within ${READY_TIMEOUT_MS} ms:\n${await tail(logFile)}`);
  }
}

async function tail(file: string, lines = 30) {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').slice(-lines).join('\n');
}

// ---------------------------------------------------------------------------------------------
// HTTP

type Answer =
  | { ok: true; status: number; body: unknown }
  | { ok: false; status: number; body: string }
  | { ok: false; status: 0; error: string; refused: boolean };

function describeError(error: unknown): string {
  const e = error as { message?: string; cause?: { code?: string; message?: string } };
  return [e.message, e.cause?.code ?? e.cause?.message].filter(Boolean).join(': ');
}

async function send(url: string, init: RequestInit): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    // Refused at connect: the request never reached a server (sent after the kill).
    const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
    return { ok: false, status: 0, error: describeError(error), refused };
  }
  let text = '';
  try {
    text = await res.text();
  } catch {
    // The body was cut (the kill): the status line was received all the same.
  }
  if (!res.ok) return { ok: false, status: res.status, body: text.slice(0, 300) };
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { ok: true, status: res.status, body };
}

class Client {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  static async login(base: string): Promise<Client> {
    const answer = await send(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = answer.ok ? (answer.body as { accessToken?: string } | undefined)?.accessToken : undefined;
    if (!token) throw new CrashFailure(`login failed: ${JSON.stringify(answer)}`);
    return new Client(base, token);
  }

  request(method: string, url: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    return send(`${this.base}${url}`, { method, headers, body: payload });
  }

  /** A read during checks: the server is up, so anything but 2xx is a failure. */
  async get<T>(url: string): Promise<T> {
    const answer = await this.request('GET', url);
    if (!answer.ok) throw new CrashFailure(`GET ${url} failed: ${JSON.stringify(answer)}`);
    return answer.body as T;
  }

  async getBytes(url: string): Promise<{ status: number; bytes: Buffer }> {
    const res = await fetch(`${this.base}${url}`, {
      headers: { authorization: `Bearer ${this.token}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  }
}

// ---------------------------------------------------------------------------------------------
// The model of what the client was told

/** An article's mutable fields as the client knows them (blogData by its sha256). */
interface ArticleValue {
  blog: string;
  slug: string;
}

type Ack = (op: string) => void;
type Unanswered = (what: string, answer: Answer) => boolean;
type ArticleOp = 'create' | 'edit-blog' | 'edit-slug' | 'delete';
type FileOp = 'upload' | 'delete';

interface ArticleEntity {
  key: string;
  /** scrapedUrl: finds the row of a create whose answer never came. */
  marker: string;
  dataHash: string;
  id?: string;
  /** The acknowledged state (null: absent). */
  known: ArticleValue | null;
  /** A write sent without a 2xx answer: its outcome is learned at the next check. */
  pending?: { op: ArticleOp; next: ArticleValue | null; refused?: boolean };
  busy: boolean;
  touched: boolean;
  edits: number;
}

interface FileEntity {
  key: string;
  name: string;
  sha256: string;
  size: number;
  kind: 'pdf' | 'png';
  id?: string;
  known: boolean;
  pending?: { op: FileOp; next: boolean; refused?: boolean };
  busy: boolean;
  touched: boolean;
}

const sameValue = (a: ArticleValue | null, b: ArticleValue | null) =>
  a === null || b === null ? a === b : a.blog === b.blog && a.slug === b.slug;

interface Stats {
  rounds: number;
  writeKills: number;
  startupKills: number;
  idleKills: number;
  unanswered: number;
  refused: number;
  acked: Record<string, number>;
  ackedChecks: number;
  stateChecks: number;
  unackedApplied: number;
  unackedNotApplied: number;
  swept: { files: number; thumbs: number; tmp: number };
  millis: number;
  cutShort: boolean;
  /** Webhook events owed for acknowledged writes, deliveries received (retries and repeats included), and the wait after the last round. */
  webhooks?: { owed: number; received: number; waitedMs: number };
}

const newStats = (): Stats => ({
  rounds: 0,
  writeKills: 0,
  startupKills: 0,
  idleKills: 0,
  unanswered: 0,
  refused: 0,
  acked: {},
  ackedChecks: 0,
  stateChecks: 0,
  unackedApplied: 0,
  unackedNotApplied: 0,
  swept: { files: 0, thumbs: 0, tmp: 0 },
  millis: 0,
  cutShort: false,
});

// ---------------------------------------------------------------------------------------------
// Test data

const PDF_HEAD =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n';
const PDF_TAIL = 'trailer<</Root 1 0 R>>\n%%EOF\n';

/** A valid one-page PDF of about `size` bytes, unique by its comment lines. */
function makePdf(rng: Rng, key: string, size: number): Buffer {
  const filler = rng.text(Math.max(0, size - PDF_HEAD.length - PDF_TAIL.length - 40));
  const lines = filler.match(/.{1,76}/g) ?? [];
  return Buffer.from(`${PDF_HEAD}% ${key}\n${lines.map((l) => `%${l}\n`).join('')}${PDF_TAIL}`);
}

/** A PNG of random pixels (incompressible: about 3 × side² bytes). */
function makePng(rng: Rng, side: number): Promise<Buffer> {
  return sharp(rng.bytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------
// One backend's run

interface DbRow {
  id: string;
  [column: string]: unknown;
}

interface DiskState {
  files: Map<string, { size: number; sha256: string }>;
  thumbs: Map<string, boolean>;
  tmp: string[];
}

interface DbState {
  articles: DbRow[];
  files: DbRow[];
  /** Files in the trash: their rows and bytes stay (a delete moves a file there). */
  trashedFiles: DbRow[];
  counts: Record<string, number>;
  actualCounts: Record<string, number>;
  /** Where the list's kept counts differ from the rows (none when they agree). */
  keptDrift: DbRow[];
  fileStats: { files: number; images: number; pdfs: number; total_bytes: number };
  actualFileStats: { files: number; images: number; pdfs: number; total_bytes: number };
  /** Articles whose last revision is not the article as it is (or that have none). */
  historyMismatches: DbRow[];
  /** Revisions of a version the article never reached: a revision without its change. */
  revisionsAhead: DbRow[];
}

const STATE_QUERIES = {
  // A deleted article is in the trash: the live ones are what the API shows.
  articles: 'SELECT id, status, slug, blog_data, scraped_url, scrapped_data FROM articles WHERE deleted_at IS NULL',
  // A deleted file is in the trash, its bytes kept: the live ones are what the API shows.
  files: 'SELECT id, name, size, type, mime_type, has_thumbnail, sha256 FROM files WHERE deleted_at IS NULL',
  trashedFiles: 'SELECT id, has_thumbnail FROM files WHERE deleted_at IS NOT NULL',
  counts: 'SELECT status, n FROM article_counts',
  actualCounts: 'SELECT status, count(*) AS n FROM articles WHERE deleted_at IS NULL GROUP BY status',
  // The list's kept counts (per status, per filter) against the rows: one line per difference.
  keptDrift: KEPT_COUNTS_DRIFT_SQL,
  fileStats: 'SELECT files, images, pdfs, total_bytes FROM file_stats WHERE id = 1',
  // Every article is what its last revision says: the same version, scalar fields and texts
  // (the texts by their SHA-256, as stored beside them).
  historyMismatches: `SELECT a.id, a.version, r.article_version FROM articles a
      LEFT JOIN LATERAL (SELECT * FROM article_revisions WHERE article_id = a.id ORDER BY number DESC LIMIT 1) r ON true
      LEFT JOIN article_revision_texts b ON b.id = r.blog_text_id
      LEFT JOIN article_revision_texts t ON t.id = r.raw_text_id
     WHERE r.number IS NULL OR r.article_version <> a.version OR r.status <> a.status OR r.slug IS DISTINCT FROM a.slug
        OR r.in_trash <> (a.deleted_at IS NOT NULL)
        OR b.sha256 IS DISTINCT FROM (CASE WHEN a.blog_data IS NULL THEN NULL ELSE sha256(convert_to(a.blog_data, 'UTF8')) END)
        OR t.sha256 IS DISTINCT FROM sha256(convert_to(a.scrapped_data, 'UTF8'))`,
  revisionsAhead: `SELECT r.article_id, r.number, r.article_version, a.version FROM article_revisions r
      JOIN articles a ON a.id = r.article_id WHERE r.article_version > a.version`,
  actualFileStats: `SELECT count(*) AS files, count(*) FILTER (WHERE type = 'image') AS images,
      count(*) FILTER (WHERE type = 'pdf') AS pdfs, coalesce(sum(size), 0) AS total_bytes FROM files WHERE deleted_at IS NULL`,
};

async function readState(query: (sql: string) => Promise<DbRow[]>): Promise<DbState> {
  const byStatus = (rows: DbRow[]) => Object.fromEntries(rows.map((r) => [String(r.status), Number(r.n)]));
  const stats = (rows: DbRow[]) => {
    const r = rows[0] ?? ({} as DbRow);
    return { files: Number(r.files), images: Number(r.images), pdfs: Number(r.pdfs), total_bytes: Number(r.total_bytes) };
  };
  return {
    articles: await query(STATE_QUERIES.articles),
    files: await query(STATE_QUERIES.files),
    trashedFiles: await query(STATE_QUERIES.trashedFiles),
    counts: byStatus(await query(STATE_QUERIES.counts)),
    actualCounts: byStatus(await query(STATE_QUERIES.actualCounts)),
    keptDrift: await query(STATE_QUERIES.keptDrift),
    fileStats: stats(await query(STATE_QUERIES.fileStats)),
    actualFileStats: stats(await query(STATE_QUERIES.actualFileStats)),
    historyMismatches: await query(STATE_QUERIES.historyMismatches),
    revisionsAhead: await query(STATE_QUERIES.revisionsAhead),
  };
}

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

async function readIfExists(file: string): Promise<Buffer | undefined> {
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

async function isWebp(file: string): Promise<boolean> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return false;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(12), 0, 12, 0);
    return bytesRead === 12 && buffer.toString('latin1', 0, 4) === 'RIFF' && buffer.toString('latin1', 8, 12) === 'WEBP';
  } finally {
    await handle.close();
  }
}

class BackendRun {
  readonly stats = newStats();
  readonly problems = new Problems();
  readonly articles: ArticleEntity[] = [];
  readonly files: FileEntity[] = [];
  private counter = 0;
  private server?: ServerProcess;
  private log!: WriteStream;
  private logFile = '';
  private workDir = '';
  private dataDir = '';
  private databaseUrl = '';
  private databaseName = '';
  private round = 0;
  /** Row ids (and those with a thumbnail) as last read from the database. */
  private rowIds = new Set<string>();
  private thumbIds = new Set<string>();
  private orphansBefore = { files: 0, thumbs: 0, tmp: 0 };
  /** Spawn to ready of the last restart (first guess: 2 s). */
  private lastRestartMs = 2_000;
  /** What the last check found of the writes left unanswered by the kill. */
  private lastCheck = { applied: 0, notApplied: 0, refused: 0 };
  /** The webhook receiver, and the events owed for acknowledged writes: `type id` → how many. */
  private receiver?: Receiver;
  private readonly owed = new Map<string, number>();

  constructor(
    readonly backend: Backend,
    /** How many backends run after this one (their share of the time budget is kept). */
    readonly backendsAfter: number,
  ) {}

  private get where() {
    return `${this.backend}, round ${this.round}/${ROUNDS} (CRASH_SEED=${SEED})`;
  }

  async run(deadline: number) {
    const started = Date.now();
    this.workDir = await mkdtemp(path.join(os.tmpdir(), `crash-${this.backend}-`));
    this.dataDir = path.join(this.workDir, 'data');
    this.logFile = path.join(this.workDir, 'server.log');
    this.log = createWriteStream(this.logFile, { flags: 'a' });
    let ok = false;
    try {
      if (this.backend === 'postgres') await this.createDatabase();
      let client = await this.startServer(false);
      await this.registerReceiver(client);
      const firstStartMs = Date.now() - started;
      for (this.round = 1; this.round <= ROUNDS; this.round++) {
        // Past MIN_ROUNDS, a round runs only if it fits the time budget (a loaded machine).
        const elapsed = Date.now() - started;
        const perRound = (elapsed - firstStartMs) / (this.round - 1 || 1);
        const reserve = RESERVE_PER_BACKEND_MS * this.backendsAfter;
        if (this.round > MIN_ROUNDS && Date.now() + perRound + reserve > deadline) {
          console.log(`  ${this.backend}: stopping after ${this.round - 1} rounds to stay within the time budget (CRASH_BUDGET_MS)`);
          this.stats.cutShort = true;
          break;
        }
        const t0 = Date.now();
        const round = await this.writeAndKill(client);
        const t1 = Date.now();
        // What the kill left, read before anything starts again: the disk, and the database
        // (PostgreSQL: read now; PGlite: its folder copied now, read while the server restarts
        // on the original and recovers it by itself).
        const disk = await this.snapshotDisk();
        const readDatabase = await this.snapshotDatabase();
        const stateNow = this.backend === 'postgres' ? await readDatabase() : undefined;
        await this.backdate();
        const t2 = Date.now();
        const before = client;
        let startupKilled: string | undefined;
        const restarted = (async () => {
          startupKilled = await this.maybeKillDuringStartup();
          client = await this.startServer(true);
          return Date.now();
        })();
        restarted.catch(() => {}); // awaited below; a failure is thrown there
        const state = stateNow ?? (await readDatabase());
        const t3 = await restarted;
        this.checkStopped(state, disk);
        await this.checkRunning(client, before);
        // The receiver was down through the first kill and restart: up from now on.
        this.receiver!.fallback = { status: 200, body: 'ok' };
        const t4 = Date.now();
        this.stats.rounds++;
        console.log(
          `  ${this.backend} round ${this.round}/${ROUNDS}: killed ${round.killAfter} ms into the writes (${round.acked} acked); ` +
            `unanswered: ${this.lastCheck.applied} applied, ${this.lastCheck.notApplied} not${this.lastCheck.refused ? ` (+${this.lastCheck.refused} refused after the kill)` : ''}; ` +
            `orphans to sweep: ${this.orphansBefore.files} files, ${this.orphansBefore.thumbs} thumbs, ${this.orphansBefore.tmp} tmp` +
            `${startupKilled ? `; killed a start-up at ${startupKilled}` : ''}` +
            ` [writes ${seconds(t1 - t0)}, snapshot ${seconds(t2 - t1)}, restart ${seconds(t3 - t2)}, checks ${seconds(t4 - t3)}]`,
        );
        for (const entity of [...this.articles, ...this.files]) entity.touched = false;
      }
      // Everything once more through the API: every live article's fields, every file's bytes.
      this.round = this.stats.rounds;
      await this.checkApi(client, true);
      this.problems.throwIfAny(`${this.backend}, final check through the API (CRASH_SEED=${SEED})`);
      await this.checkWebhooks();
      this.problems.throwIfAny(`${this.backend}, webhook events of the acknowledged writes (CRASH_SEED=${SEED})`);
      const code = await this.server!.stop();
      if (code !== 0) this.problems.add(`the graceful stop (SIGTERM) exited with ${code}, expected 0`);
      this.problems.throwIfAny(`${this.backend}, final stop (CRASH_SEED=${SEED})`);
      ok = true;
    } finally {
      this.stats.millis = Date.now() - started;
      await this.server?.kill();
      await this.receiver?.close();
      this.log.end();
      if (!ok) {
        console.error(`\n${this.backend}: files kept for inspection in ${this.workDir} (server log: ${this.logFile})`);
        console.error(`last lines of the server log:\n${await tail(this.logFile)}`);
      }
      if (KEEP) {
        console.log(`${this.backend}: CRASH_KEEP: kept ${this.workDir}${this.databaseName ? ` and database ${this.databaseName}` : ''}`);
      } else {
        if (ok) await rm(this.workDir, { recursive: true, force: true });
        await this.dropDatabase().catch((error: unknown) =>
          console.error(`${this.backend}: could not drop database ${this.databaseName}: ${describeError(error)}`),
        );
      }
    }
  }

  // --- Webhooks ----------------------------------------------------------------------------------

  /** A receiver on the loopback, registered for the writes' events; down (503) until the first restart. */
  private async registerReceiver(client: Client) {
    this.receiver = await startReceiver('/crash-hooks');
    this.receiver.fallback = { status: 503, body: 'down for the first kill' };
    const answer = await client.request('POST', '/webhooks', { url: this.receiver.url, events: WEBHOOK_EVENTS });
    const secret = answer.ok ? (answer.body as { secret?: string } | undefined)?.secret : undefined;
    if (!secret) throw new CrashFailure(`registering the webhook receiver failed: ${JSON.stringify(answer)}`);
    this.receiver.secret = secret;
  }

  /** An acknowledged write owes its event. */
  private owe(type: string, id: string | undefined) {
    if (!id) return;
    const key = `${type} ${id}`;
    this.owed.set(key, (this.owed.get(key) ?? 0) + 1);
  }

  /**
   * Every acknowledged write's event arrives (at least as many of each type for each article or
   * file as were acknowledged), each signed as the specification says.
   */
  private async checkWebhooks() {
    const receiver = this.receiver!;
    const missing = () => {
      const got = new Map<string, number>();
      for (const r of receiver.received) {
        if (r.status < 200 || r.status >= 300) continue;
        const key = `${r.type} ${String(r.data.id)}`;
        got.set(key, (got.get(key) ?? 0) + 1);
      }
      return [...this.owed].filter(([key, n]) => (got.get(key) ?? 0) < n).map(([key, n]) => `${key} (${got.get(key) ?? 0} of ${n})`);
    };
    const started = Date.now();
    while (missing().length && Date.now() - started < WEBHOOK_WAIT_MS) await sleep(500);
    const lost = missing();
    for (const key of lost.slice(0, 10)) this.problems.add(`LOST EVENT: ${key} acknowledged, not delivered within ${WEBHOOK_WAIT_MS / 1000} s`);
    if (lost.length > 10) this.problems.add(`LOST EVENT: ${lost.length - 10} more`);
    const unsigned = receiver.received.filter((r) => !r.verified);
    if (unsigned.length) this.problems.add(`${unsigned.length} deliveries failed the receiver's signature check`);
    const owed = [...this.owed.values()].reduce((a, b) => a + b, 0);
    this.stats.webhooks = { owed, received: receiver.received.length, waitedMs: Date.now() - started };
  }

  // --- PostgreSQL database ---------------------------------------------------------------------

  private async createDatabase() {
    this.databaseName = `crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${this.databaseName}`);
    } catch (error) {
      this.databaseName = '';
      throw new CrashFailure(`cannot create a test database on ${PG_URL} (CRASH_PG_URL): ${describeError(error)}`);
    } finally {
      await admin.end().catch(() => {});
    }
    const url = new URL(PG_URL);
    url.pathname = `/${this.databaseName}`;
    this.databaseUrl = url.toString();
  }

  async dropDatabase() {
    if (!this.databaseName) return;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${this.databaseName} WITH (FORCE)`);
      this.databaseName = '';
    } finally {
      await admin.end();
    }
  }

  // --- Server lifecycle ------------------------------------------------------------------------

  private spawnServer() {
    this.log.write(`\n===== crash suite: start, round ${this.round} =====\n`);
    return ServerProcess.start({ DATA_DIR: this.dataDir, DATABASE_URL: this.databaseUrl }, this.log);
  }

  private async startServer(restart: boolean): Promise<Client> {
    this.server = await this.spawnServer();
    const readyMs = await this.server.waitReady(this.logFile);
    if (restart) this.lastRestartMs = readyMs;
    else console.log(`  ${this.backend}: server ready (first start, ${seconds(readyMs)})`);
    return Client.login(this.server.base);
  }

  /** Sometimes kill a start-up too (PGlite recovering, migrations check, sweep under way). */
  private async maybeKillDuringStartup(): Promise<string | undefined> {
    const rng = new Rng(seedFrom(this.backend, this.round, 'startup'));
    if (!rng.chance(STARTUP_KILL_CHANCE)) return undefined;
    const fraction = STARTUP_KILL_AT.min + rng.next() * (STARTUP_KILL_AT.max - STARTUP_KILL_AT.min);
    const delay = Math.round(fraction * this.lastRestartMs);
    const server = await this.spawnServer();
    await sleep(delay);
    if (!server.alive) {
      await server.exited;
      throw new CrashFailure(`${this.where}: the server exited by itself during start-up:\n${await tail(this.logFile)}`);
    }
    const listening = server.listening;
    await server.kill();
    if (listening) this.stats.idleKills++;
    else this.stats.startupKills++;
    return `${delay} ms (${listening ? 'after it listened, idle' : 'before it listened'})`;
  }

  // --- Writes ----------------------------------------------------------------------------------

  private async writeAndKill(client: Client) {
    const server = this.server!;
    const rng = new Rng(seedFrom(this.backend, this.round, 'kill'));
    const killAfter = rng.int(KILL_AFTER.min, KILL_AFTER.max);
    let killed = false;
    let acked = 0;
    const ack: Ack = (op) => {
      acked++;
      this.stats.acked[op] = (this.stats.acked[op] ?? 0) + 1;
    };
    // An answer that is not 2xx: expected only as a network error once we killed the server.
    // Returns whether the request was refused at connect (never reached the server).
    const unanswered: Unanswered = (what, answer) => {
      if ('error' in answer) {
        if (killed) return answer.refused;
        this.problems.add(
          `${what}: request failed before the kill (${answer.error})` + (server.diedByItself ? ' — the server died by itself' : ''),
        );
      } else if (!answer.ok) {
        this.problems.add(`${what}: unexpected answer ${answer.status} ${answer.body}`);
      }
      return false;
    };

    const worker = async (index: number) => {
      const wr = new Rng(seedFrom(this.backend, this.round, 'worker', index));
      while (!killed) await this.oneWrite(client, wr, ack, unanswered);
    };

    // One upload first, alone: it pays for the worker thread's start (piscina starts threads on
    // demand), so that the concurrent phase has uploads finishing as well as in flight.
    await this.uploadFile(client, new Rng(seedFrom(this.backend, this.round, 'warm-up')), ack, unanswered);
    const workers = Array.from({ length: CONCURRENCY }, (_, i) => worker(i));
    await sleep(killAfter);
    killed = true;
    await server.kill();
    await Promise.all(workers);
    if (server.diedByItself) this.problems.add('the server exited by itself during the writes');
    this.stats.writeKills++;
    this.problems.throwIfAny(`${this.where}, during the writes`);
    return { killAfter, acked };
  }

  private async oneWrite(
    client: Client,
    rng: Rng,
    ack: Ack,
    unanswered: Unanswered,
  ) {
    const present = <T extends { busy: boolean; pending?: unknown }>(list: T[], isPresent: (e: T) => boolean) =>
      list.filter((e) => !e.busy && !e.pending && isPresent(e));
    const roll = rng.int(1, 100);
    if (roll <= 64) {
      const target = rng.pick(present(this.articles, (a) => a.known !== null && a.id !== undefined));
      if (roll <= 26 || !target) return this.createArticle(client, rng, ack, unanswered);
      if (roll <= 50) return this.editArticle(client, rng, target, 'edit-blog', ack, unanswered);
      if (roll <= 56) return this.editArticle(client, rng, target, 'edit-slug', ack, unanswered);
      return this.deleteArticle(client, target, ack, unanswered);
    }
    const target = rng.pick(present(this.files, (f) => f.known && f.id !== undefined));
    if (roll <= 90 || !target) return this.uploadFile(client, rng, ack, unanswered);
    return this.deleteFile(client, target, ack, unanswered);
  }

  private async createArticle(
    client: Client,
    rng: Rng,
    ack: Ack,
    unanswered: Unanswered,
  ) {
    const key = `a${++this.counter}`;
    const scrappedData = `${key} ${rng.text(rng.size(100, 200_000))}`;
    const blogData = `<p>${key} v0 ${rng.text(rng.size(50, 150_000))}</p>`;
    const slug = `crash-${key}-s0`;
    const entity: ArticleEntity = {
      key,
      marker: `https://crash.test/${this.backend}/${key}`,
      dataHash: sha256(scrappedData),
      known: null,
      pending: { op: 'create', next: { blog: sha256(blogData), slug } },
      busy: true,
      touched: true,
      edits: 0,
    };
    this.articles.push(entity);
    const answer = await client.request('POST', '/articles', { scrapedUrl: entity.marker, scrappedData, blogData, slug });
    if (answer.ok) {
      const data = (answer.body as { data?: { id?: string; slug?: string; blogData?: string } } | undefined)?.data;
      if (answer.status !== 201) this.problems.add(`create of article ${key}: status ${answer.status}, expected 201`);
      if (data && (data.slug !== slug || data.blogData !== blogData)) {
        this.problems.add(`create of article ${key}: the answer does not carry the values sent`);
      }
      entity.id = data?.id; // without a body (cut by the kill) the row is found by its marker
      entity.known = entity.pending!.next;
      entity.pending = undefined;
      ack('article create');
    } else {
      entity.pending!.refused = unanswered(`create of article ${key}`, answer);
    }
    entity.busy = false;
  }

  private async editArticle(
    client: Client,
    rng: Rng,
    entity: ArticleEntity,
    op: 'edit-blog' | 'edit-slug',
    ack: Ack,
    unanswered: Unanswered,
  ) {
    const known = entity.known!;
    const n = ++entity.edits;
    let body: { blogData: string } | { slug: string };
    let next: ArticleValue;
    if (op === 'edit-blog') {
      const blogData = `<p>${entity.key} v${n} ${rng.text(rng.size(50, 150_000))}</p>`;
      body = { blogData };
      next = { blog: sha256(blogData), slug: known.slug };
    } else {
      const slug = `crash-${entity.key}-s${n}`;
      body = { slug };
      next = { blog: known.blog, slug };
    }
    entity.busy = true;
    entity.touched = true;
    entity.pending = { op, next };
    const answer = await client.request('PATCH', `/articles/${entity.id}`, body);
    if (answer.ok) {
      const data = (answer.body as { data?: { slug?: string; blogData?: string } } | undefined)?.data;
      if (data && (data.slug !== next.slug || sha256(data.blogData ?? '') !== next.blog)) {
        this.problems.add(`${op} of article ${entity.key} (${entity.id}): the answer does not carry the values sent`);
      }
      entity.known = next;
      entity.pending = undefined;
      ack(`article ${op}`);
      this.owe('article.updated', entity.id);
    } else {
      entity.pending!.refused = unanswered(`${op} of article ${entity.key} (${entity.id})`, answer);
    }
    entity.busy = false;
  }

  private async deleteArticle(
    client: Client,
    entity: ArticleEntity,
    ack: Ack,
    unanswered: Unanswered,
  ) {
    entity.busy = true;
    entity.touched = true;
    entity.pending = { op: 'delete', next: null };
    const answer = await client.request('DELETE', `/articles/${entity.id}`);
    if (answer.ok) {
      entity.known = null;
      entity.pending = undefined;
      ack('article delete');
      this.owe('article.deleted', entity.id);
    } else {
      entity.pending!.refused = unanswered(`delete of article ${entity.key} (${entity.id})`, answer);
    }
    entity.busy = false;
  }

  private async uploadFile(
    client: Client,
    rng: Rng,
    ack: Ack,
    unanswered: Unanswered,
  ) {
    const key = `f${++this.counter}`;
    const kind = rng.chance(0.6) ? ('pdf' as const) : ('png' as const);
    const bytes = kind === 'pdf' ? makePdf(rng, key, rng.size(2_000, 1_500_000)) : await makePng(rng, rng.size(8, 400));
    const entity: FileEntity = {
      key,
      name: `crash-${key}.${kind}`,
      sha256: sha256(bytes),
      size: bytes.length,
      kind,
      known: false,
      pending: { op: 'upload', next: true },
      busy: true,
      touched: true,
    };
    this.files.push(entity);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: kind === 'pdf' ? 'application/pdf' : 'image/png' }), entity.name);
    const answer = await client.request('POST', '/files', form);
    if (answer.ok) {
      const file = (answer.body as { file?: { id?: string; size?: number } } | undefined)?.file;
      if (answer.status !== 201) this.problems.add(`upload of ${entity.name}: status ${answer.status}, expected 201`);
      if (file && file.size !== entity.size) {
        this.problems.add(`upload of ${entity.name}: answered size ${file.size}, sent ${entity.size}`);
      }
      entity.id = file?.id;
      entity.known = true;
      entity.pending = undefined;
      ack('file upload');
      this.owe('file.uploaded', entity.id);
    } else {
      entity.pending!.refused = unanswered(`upload of ${entity.name} (${entity.size} bytes)`, answer);
    }
    entity.busy = false;
  }

  private async deleteFile(
    client: Client,
    entity: FileEntity,
    ack: Ack,
    unanswered: Unanswered,
  ) {
    entity.busy = true;
    entity.touched = true;
    entity.pending = { op: 'delete', next: false };
    const answer = await client.request('DELETE', `/files/${entity.id}`);
    if (answer.ok) {
      entity.known = false;
      entity.pending = undefined;
      ack('file delete');
      this.owe('file.deleted', entity.id);
    } else {
      entity.pending!.refused = unanswered(`delete of ${entity.name} (${entity.id})`, answer);
    }
    entity.busy = false;
  }

  // --- Checks with the server down --------------------------------------------------------------

  /**
   * Returns how to read the database as the kill left it. PostgreSQL: directly. PGlite: a copy
   * of its folder, made now (the server is down), opened with createPgliteDatabase: that
   * process recovers the copy, while the restarted server recovers the original by itself.
   */
  private async snapshotDatabase(): Promise<() => Promise<DbState>> {
    if (this.backend === 'postgres') {
      return async () => {
        const client = new pg.Client({ connectionString: this.databaseUrl });
        await client.connect();
        try {
          return await readState(async (sql) => (await client.query(sql)).rows as DbRow[]);
        } finally {
          await client.end();
        }
      };
    }
    const copy = path.join(this.workDir, 'db-copy');
    await rm(copy, { recursive: true, force: true });
    await cp(path.join(this.dataDir, 'db'), copy, { recursive: true });
    // The killed server's pid file: gone with it, and its pid may already be someone else's.
    await rm(path.join(copy, 'server.lock'), { force: true });
    return async () => {
      const db = await createPgliteDatabase(copy);
      try {
        return await readState(async (sql) => (await db.query<DbRow>(sql)).rows);
      } finally {
        await db.close();
        await rm(copy, { recursive: true, force: true });
      }
    };
  }

  /** files/ (each file's size and sha256), thumbs/ (which are WebP) and tmp/, as the kill left them. */
  private async snapshotDisk(): Promise<DiskState> {
    const files = new Map<string, { size: number; sha256: string }>();
    for (const name of await listDir(path.join(this.dataDir, 'files'))) {
      const bytes = await readIfExists(path.join(this.dataDir, 'files', name));
      if (bytes) files.set(name, { size: bytes.length, sha256: sha256(bytes) });
    }
    const thumbs = new Map<string, boolean>();
    for (const name of await listDir(path.join(this.dataDir, 'thumbs'))) {
      thumbs.set(name, await isWebp(path.join(this.dataDir, 'thumbs', name)));
    }
    return { files, thumbs, tmp: await listDir(path.join(this.dataDir, 'tmp')) };
  }

  /**
   * The database and the disk as the kill left them, against the model: every acknowledged
   * write there, every unanswered one absent or whole, every row with its bytes, the counters
   * equal to the rows; bytes without a row are counted (the next start's sweep must remove them).
   */
  private checkStopped(state: DbState, disk: DiskState) {
    const p = this.problems;

    // Counters maintained by triggers in the writing transaction.
    for (const status of ['draft', 'published']) {
      const kept = state.counts[status] ?? 0;
      const actual = state.actualCounts[status] ?? 0;
      if (kept !== actual) p.add(`article_counts says ${kept} ${status} articles, the table has ${actual}`);
    }
    for (const row of state.keptDrift) p.add(`kept counts: ${String(row.what)}`);
    for (const key of ['files', 'images', 'pdfs', 'total_bytes'] as const) {
      if (state.fileStats[key] !== state.actualFileStats[key]) {
        p.add(`file_stats.${key} is ${state.fileStats[key]}, the files table says ${state.actualFileStats[key]}`);
      }
    }

    // History: no change without its revision, no revision without its change.
    for (const row of state.historyMismatches) {
      p.add(`HISTORY: article ${String(row.id)} (version ${String(row.version)}) is not what its last revision (version ${String(row.article_version)}) says`);
    }
    for (const row of state.revisionsAhead) {
      p.add(`HISTORY: revision ${String(row.number)} of article ${String(row.article_id)} records version ${String(row.article_version)}, the article is at ${String(row.version)}`);
    }

    // Articles.
    const rowsByMarker = new Map<string, DbRow[]>();
    for (const row of state.articles) {
      const marker = String(row.scraped_url ?? '');
      rowsByMarker.set(marker, [...(rowsByMarker.get(marker) ?? []), row]);
    }
    const entityMarkers = new Set(this.articles.map((a) => a.marker));
    for (const [marker, rows] of rowsByMarker) {
      if (!entityMarkers.has(marker)) p.add(`article row(s) ${rows.map((r) => r.id).join(', ')} match no create sent (scrapedUrl ${marker})`);
    }
    let applied = 0;
    let notApplied = 0;
    let refused = 0;
    for (const entity of this.articles) {
      const rows = rowsByMarker.get(entity.marker) ?? [];
      const label = `article ${entity.key}${entity.id ? ` (${entity.id})` : ''}`;
      if (rows.length > 1) p.add(`${label}: ${rows.length} rows for one create`);
      const row = rows[0];
      const observed: ArticleValue | null = row ? { blog: sha256(String(row.blog_data ?? '')), slug: String(row.slug) } : null;
      if (row) {
        if (entity.id && row.id !== entity.id) p.add(`${label}: row id is ${row.id}, the create answered ${entity.id}`);
        if (sha256(String(row.scrapped_data)) !== entity.dataHash) p.add(`${label}: scrappedData differs from the value sent`);
        if (row.status !== 'draft') p.add(`${label}: status ${String(row.status)}, expected draft`);
      }
      const pending = entity.pending;
      this.stats.stateChecks++;
      if (!pending) {
        this.stats.ackedChecks++;
        if (!sameValue(observed, entity.known)) {
          if (entity.known && !observed) p.add(`LOST: acknowledged ${label} is gone (no row)`);
          else if (!entity.known && observed) p.add(`UNDONE: acknowledged delete of ${label} — the row is back`);
          else p.add(`LOST: acknowledged ${label} has other content than acknowledged (blogData or slug)`);
        }
      } else if (pending.refused) {
        refused++;
        if (!sameValue(observed, entity.known)) p.add(`${label}: a ${pending.op} refused at connect (never sent) shows as applied`);
      } else if (sameValue(observed, pending.next)) {
        applied++;
      } else if (sameValue(observed, entity.known)) {
        notApplied++;
      } else {
        p.add(`HALF-APPLIED: ${label} after an unanswered ${pending.op} matches neither the acknowledged state nor the one sent`);
      }
      entity.known = observed;
      entity.id = row?.id ?? entity.id;
      entity.pending = undefined;
    }

    // Files: every row against the model and its bytes on disk.
    const bySha = new Map(this.files.map((f) => [f.sha256, f]));
    const rowsByEntity = new Map<FileEntity, DbRow[]>();
    this.rowIds = new Set();
    this.thumbIds = new Set();
    // Files in the trash keep their bytes (no sweep may take them), though the model counts them deleted.
    for (const row of state.trashedFiles) {
      this.rowIds.add(String(row.id));
      if (row.has_thumbnail) this.thumbIds.add(String(row.id));
    }
    for (const row of state.files) {
      this.rowIds.add(row.id);
      if (row.has_thumbnail) this.thumbIds.add(row.id);
      const entity = bySha.get(String(row.sha256));
      const label = `file row ${row.id} (${String(row.name)})`;
      if (!entity) {
        p.add(`${label} matches no upload sent (sha256 ${String(row.sha256)})`);
        continue;
      }
      rowsByEntity.set(entity, [...(rowsByEntity.get(entity) ?? []), row]);
      if (row.name !== entity.name) p.add(`${label}: name differs from ${entity.name}`);
      if (Number(row.size) !== entity.size) p.add(`${label}: size ${String(row.size)}, sent ${entity.size}`);
      const mime = entity.kind === 'pdf' ? 'application/pdf' : 'image/png';
      if (row.mime_type !== mime) p.add(`${label}: mime type ${String(row.mime_type)}, expected ${mime}`);
      const stored = disk.files.get(row.id);
      if (!stored) p.add(`HALF-STORED: ${label} has no bytes on disk (files/${row.id})`);
      else if (stored.size !== entity.size || stored.sha256 !== entity.sha256) {
        p.add(`HALF-STORED: ${label}: the bytes on disk (${stored.size}) do not match the size and sha256 of the row`);
      }
      if (entity.kind === 'png' && !row.has_thumbnail) p.add(`${label}: a PNG without a thumbnail`);
      if (row.has_thumbnail && !disk.thumbs.get(`${row.id}.webp`)) {
        p.add(`HALF-STORED: ${label} says it has a thumbnail; thumbs/${row.id}.webp is missing or not WebP`);
      }
    }
    for (const entity of this.files) {
      const rows = rowsByEntity.get(entity) ?? [];
      const label = `file ${entity.name}${entity.id ? ` (${entity.id})` : ''}`;
      if (rows.length > 1) p.add(`${label}: ${rows.length} rows for one upload`);
      const row = rows[0];
      const observed = Boolean(row);
      if (row && entity.id && row.id !== entity.id) p.add(`${label}: row id is ${row.id}, the upload answered ${entity.id}`);
      const pending = entity.pending;
      this.stats.stateChecks++;
      if (!pending) {
        this.stats.ackedChecks++;
        if (observed !== entity.known) {
          p.add(entity.known ? `LOST: acknowledged ${label} has no row` : `UNDONE: acknowledged delete of ${label} — the row is back`);
        }
      } else if (pending.refused) {
        refused++;
        if (observed !== entity.known) p.add(`${label}: a ${pending.op} refused at connect (never sent) shows as applied`);
      } else if (observed === pending.next) applied++;
      else notApplied++;
      entity.known = observed;
      entity.id = row?.id ?? entity.id;
      entity.pending = undefined;
    }
    this.stats.unanswered += applied + notApplied;
    this.stats.unackedApplied += applied;
    this.stats.unackedNotApplied += notApplied;
    this.stats.refused += refused;
    this.lastCheck = { applied, notApplied, refused };

    // Bytes without a row: allowed now (a kill between move and commit, or between a delete's
    // commit and its unlink), to be swept by the next start.
    this.orphansBefore = {
      files: [...disk.files.keys()].filter((n) => !this.rowIds.has(n)).length,
      thumbs: [...disk.thumbs.keys()].filter((n) => !this.thumbIds.has(n.replace(/\.webp$/, ''))).length,
      tmp: disk.tmp.length,
    };
    p.throwIfAny(`${this.where}, checking the data after the kill`);
  }


  /**
   * The start-up sweep removes tmp leftovers and bytes without a row only when older than its
   * grace (one hour, set by app.ts; main.ts gives no way to change it). To check the sweep as
   * it runs in production, without waiting an hour or changing the server, the clock is moved
   * instead: every entry under files/, thumbs/ and tmp/ gets an mtime two grace periods ago
   * (the sweep looks at nothing else), as if the server had stayed down that long. The files
   * with a row are backdated too, so a sweep that removed a file with a row would be caught.
   */
  private async backdate() {
    const past = new Date(Date.now() - 2 * SWEEP_GRACE_MS);
    for (const dir of ['files', 'thumbs', 'tmp']) {
      const full = path.join(this.dataDir, dir);
      for (const name of await listDir(full)) await utimes(path.join(full, name), past, past).catch(() => {});
    }
  }

  // --- Checks with the server up again ----------------------------------------------------------

  private async checkRunning(client: Client, before: Client) {
    const p = this.problems;

    // The sweep ran before the server listened: the disk now holds exactly the rows' bytes.
    const fileNames = new Set(await listDir(path.join(this.dataDir, 'files')));
    const thumbNames = new Set((await listDir(path.join(this.dataDir, 'thumbs'))).map((n) => n.replace(/\.webp$/, '')));
    const tmpNames = await listDir(path.join(this.dataDir, 'tmp'));
    for (const name of fileNames) if (!this.rowIds.has(name)) p.add(`ORPHAN: files/${name} has no row and survived the start-up sweep`);
    for (const name of thumbNames) if (!this.thumbIds.has(name)) p.add(`ORPHAN: thumbs/${name}.webp has no row and survived the start-up sweep`);
    for (const id of this.rowIds) if (!fileNames.has(id)) p.add(`SWEPT TOO MUCH: files/${id} has a row but is gone after the start-up`);
    for (const id of this.thumbIds) if (!thumbNames.has(id)) p.add(`SWEPT TOO MUCH: thumbs/${id}.webp has a row but is gone after the start-up`);
    if (tmpNames.length) p.add(`tmp/ still holds ${tmpNames.length} leftover(s) after the start-up sweep: ${tmpNames.slice(0, 5).join(', ')}`);
    this.stats.swept.files += this.orphansBefore.files;
    this.stats.swept.thumbs += this.orphansBefore.thumbs;
    this.stats.swept.tmp += this.orphansBefore.tmp;

    // The session of the previous start was acknowledged (login answered 200): it survives.
    const me = await send(`${client.base}/auth/me`, { headers: { authorization: `Bearer ${before.token}` } });
    if (!me.ok) p.add(`LOST: the acknowledged login session of the previous start is refused (${me.status})`);

    await this.checkApi(client, false);
    p.throwIfAny(`${this.where}, checking after the restart`);
  }

  /**
   * Through the API of the restarted server (which recovered the database itself): the same
   * articles and files as the model, counts and summary included; the whole content of what
   * this round touched, or of everything (`full`, at the end).
   */
  private async checkApi(client: Client, full: boolean) {
    const p = this.problems;
    // Through the API: the same articles and files as the model.
    const liveArticles = this.articles.filter((a) => a.known);
    const apiArticleIds = new Set<string>();
    let cursor: string | null = null;
    let counts: { all?: number } = {};
    do {
      const page: { data: { id: string }[]; counts: { all: number }; nextCursor: string | null } = await client.get(
        `/articles/admin/articles?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      for (const card of page.data) apiArticleIds.add(card.id);
      counts = page.counts;
      cursor = page.nextCursor;
    } while (cursor);
    if (counts.all !== liveArticles.length) p.add(`API: counts.all is ${counts.all}, ${liveArticles.length} articles expected`);
    for (const entity of liveArticles) if (!apiArticleIds.has(entity.id!)) p.add(`API: article ${entity.key} (${entity.id}) missing from the list`);
    if (apiArticleIds.size !== liveArticles.length) p.add(`API: the list has ${apiArticleIds.size} articles, ${liveArticles.length} expected`);
    for (const entity of liveArticles.filter((a) => full || a.touched)) {
      const { data } = await client.get<{ data: { slug: string | null; blogData: string | null; scrappedData: string } }>(
        `/articles/${entity.id}`,
      );
      if (data.slug !== entity.known!.slug || sha256(data.blogData ?? '') !== entity.known!.blog || sha256(data.scrappedData) !== entity.dataHash) {
        p.add(`API: GET /articles/${entity.id} (${entity.key}) differs from the state checked in the database`);
      }
    }

    const liveFiles = this.files.filter((f) => f.known);
    const apiFileIds = new Set<string>();
    let summary: { images?: number; pdfs?: number; totalBytes?: number } = {};
    for (let page = 1; ; page++) {
      const result: { data: { id: string }[]; summary: typeof summary } = await client.get(`/files?limit=200&page=${page}`);
      for (const file of result.data) apiFileIds.add(file.id);
      summary = result.summary;
      if (result.data.length < 200) break;
    }
    const expected = {
      images: liveFiles.filter((f) => f.kind === 'png').length,
      pdfs: liveFiles.filter((f) => f.kind === 'pdf').length,
      totalBytes: liveFiles.reduce((sum, f) => sum + f.size, 0),
    };
    if (summary.images !== expected.images || summary.pdfs !== expected.pdfs || summary.totalBytes !== expected.totalBytes) {
      p.add(`API: files summary ${JSON.stringify(summary)}, expected ${JSON.stringify(expected)}`);
    }
    if (apiFileIds.size !== liveFiles.length) p.add(`API: the file list has ${apiFileIds.size} files, ${liveFiles.length} expected`);
    for (const entity of liveFiles) {
      if (!apiFileIds.has(entity.id!)) p.add(`API: file ${entity.name} (${entity.id}) missing from the list`);
      if (!full && !entity.touched) continue;
      const content = await client.getBytes(`/files/${entity.id}/content`);
      if (content.status !== 200 || content.bytes.length !== entity.size || sha256(content.bytes) !== entity.sha256) {
        p.add(`API: /files/${entity.id}/content (${entity.name}) answers ${content.status} with other bytes than uploaded`);
      }
      if (entity.kind === 'png') {
        const thumb = await client.getBytes(`/files/${entity.id}/thumbnail`);
        if (thumb.status !== 200 || thumb.bytes.toString('latin1', 8, 12) !== 'WEBP') {
          p.add(`API: /files/${entity.id}/thumbnail (${entity.name}) answers ${thumb.status} without a WebP`);
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Main

function printSummary(runs: BackendRun[], totalMs: number) {
  console.log(`\nCrash-loop summary (CRASH_SEED=${SEED}, ${CONCURRENCY} writes in flight):`);
  for (const { backend, stats: s } of runs) {
    const acked = Object.values(s.acked).reduce((a, b) => a + b, 0);
    const byKind = Object.entries(s.acked)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    console.log(`  ${backend}  (${seconds(s.millis)})`);
    console.log(
      `    rounds: ${s.rounds}${s.cutShort ? ` of ${ROUNDS} (cut short by the time budget)` : ''}; kill points survived: ${s.writeKills + s.startupKills + s.idleKills} ` +
        `(${s.writeKills} during writes, ${s.startupKills} during start-up, ${s.idleKills} just after start-up, idle)`,
    );
    console.log(`    acknowledged writes: ${acked} (${byKind}), each checked after the next kill`);
    console.log(`    entity states checked against the database: ${s.stateChecks} (${s.ackedChecks} settled: acknowledged, or learned at an earlier check)`);
    console.log(
      `    unacknowledged writes (in flight at a kill, no answer): ${s.unanswered}; found applied and whole: ${s.unackedApplied}, ` +
        `found absent / not applied: ${s.unackedNotApplied}; refused at connect after the kill (must be absent): ${s.refused}`,
    );
    console.log(`    orphans swept at start-up: ${s.swept.files} files, ${s.swept.thumbs} thumbnails, ${s.swept.tmp} tmp leftovers`);
    if (s.webhooks) {
      console.log(
        `    webhook events owed for acknowledged writes: ${s.webhooks.owed}, all delivered and signed ` +
          `(${s.webhooks.received} deliveries received, failed ones and repeats included; ${seconds(s.webhooks.waitedMs)} after the last round)`,
      );
    }
  }
  console.log(`  total ${seconds(totalMs)}`);
}

async function main() {
  const started = Date.now();
  console.log(
    `crash-loop suite: CRASH_SEED=${SEED}, ${ROUNDS} kill rounds per backend (${BACKENDS.join(', ')}), ${CONCURRENCY} writes in flight`,
  );
  const runs: BackendRun[] = [];
  let current: BackendRun | undefined;

  const watchdog = setTimeout(() => {
    console.error(`\nFAIL: the crash suite took longer than ${TIMEOUT_MS} ms (CRASH_SEED=${SEED}); stopping.`);
    for (const child of liveChildren) child.kill('SIGKILL');
    void (current?.dropDatabase() ?? Promise.resolve()).catch(() => {}).finally(() => process.exit(1));
  }, TIMEOUT_MS);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const child of liveChildren) child.kill('SIGKILL');
      void (current?.dropDatabase() ?? Promise.resolve()).catch(() => {}).finally(() => process.exit(130));
    });
  }

  try {
    for (const backend of BACKENDS as Backend[]) {
      current = new BackendRun(backend, BACKENDS.length - runs.length - 1);
      runs.push(current);
      console.log(`\n${backend}:`);
      await current.run(started + BUDGET_MS);
    }
  } catch (error) {
    clearTimeout(watchdog);
    for (const child of liveChildren) child.kill('SIGKILL');
    if (runs.length) printSummary(runs, Date.now() - started);
    if (error instanceof CrashFailure) {
      console.error(`\nFAIL: ${error.message}\n\nReplay: CRASH_SEED=${SEED} CRASH_BACKENDS=${current?.backend} npm run test:crash`);
    } else {
      console.error(`\nFAIL (CRASH_SEED=${SEED}):`, error);
    }
    process.exit(1);
  }
  clearTimeout(watchdog);
  printSummary(runs, Date.now() - started);
  console.log('\nPASS');
}

await main();
