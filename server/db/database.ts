/**
 * The database behind a small interface, so the embedded PGlite and a PostgreSQL server run
 * the same SQL. Values that PostgreSQL returns as int8 come back as numbers from PGlite and as
 * strings from pg: callers convert with Number().
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { DatabaseUnavailableError } from '../errors.ts';
import { LATEST_VERSION } from './migrations.ts';

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Prepare the statement once per connection and reuse it: PostgreSQL then skips parsing and,
   * after five runs, planning (its plan cache keeps a generic plan). Only for statements whose
   * best plan does not depend on the values (keyset pages, lookups by key), never for searches:
   * a LIKE pattern's best plan does. PGlite ignores it.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any process on this
   * database. `onGap` is called when notices may have been missed (the listening connection
   * was lost; it reconnects by itself). Resolves, once listening, to a function that stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * PostgreSQL settings of the embedded database, chosen for a server process's memory: PGlite
 * keeps its WebAssembly memory once grown, so buffers are sized for a console's working set
 * (PostgreSQL's defaults, 128 MB of shared buffers, cost about 200 MB of resident memory).
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=4MB',
  'wal_buffers=1MB',
];

/** How the embedded database is opened, by the server and by pglite-prepare.ts alike. */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
};

/** Written into the data folder by pglite-prepare.ts: the schema version it left there. */
export const SCHEMA_MARKER = 'schema-version';

/**
 * Creates the folder's database if new and applies pending migrations, in a child process
 * (see pglite-prepare.ts); skipped when the folder already has the latest schema.
 */
async function prepareInChild(dir: string) {
  const marker = await readFile(path.join(dir, SCHEMA_MARKER), 'utf8').catch(() => '');
  if (existsSync(path.join(dir, 'PG_VERSION')) && Number(marker) >= LATEST_VERSION) return;
  const script = fileURLToPath(new URL('./pglite-prepare.ts', import.meta.url));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), script, dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Preparing the embedded database in ${dir} failed: ${stderr.trim()}`)),
    );
  });
}

/** The Database interface over an open PGlite (its `close` closes PGlite only). */
export function wrapPglite(db: PGlite): Database {
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<R>(sql: string, params?: unknown[]) {
      const result = await q.query<R>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  });
  const base = wrap(db);
  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    // One process, one database: notices never get lost, so there is no gap to report.
    listen: (channel, onMessage) => db.listen(channel, onMessage),
    close: () => db.close(),
  };
}

/** PGlite in `dir` (created if missing), or in memory when `dir` is undefined. */
export async function createPgliteDatabase(dir?: string): Promise<Database> {
  const lock = dir ? await lockDirectory(dir) : undefined;
  const open = async () => {
    if (dir) await prepareInChild(dir);
    return PGlite.create(dir, { ...PGLITE_OPTIONS, extensions: { pg_trgm } });
  };
  const db = await open().catch(async (error: unknown) => {
    await lock?.release();
    throw error;
  });
  const wrapped = wrapPglite(db);
  return {
    ...wrapped,
    async close() {
      await db.close();
      await lock?.release();
    },
  };
}

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt
 * it. A pid file refuses that clearly (several processes share a PostgreSQL via DATABASE_URL).
 */
async function lockDirectory(dir: string) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(await readFile(file, 'utf8').catch(() => ''));
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${pid}. Stop it, or set DATABASE_URL to share a PostgreSQL server between processes.`,
        );
      }
      await rm(file, { force: true }); // left by a process that is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server that cannot serve now: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg's own errors for a lost or unusable connection (they carry no code). */
const LOST_CONNECTION = /^Connection terminated|timeout exceeded when trying to connect|is not queryable/;

/** Whether an error of pg means the database is unreachable (rather than a bad query). */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  // Class 08 is the connection's, except a protocol violation: a malformed statement of ours (a
  // parameter count that does not match), which another try would not mend.
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || (code.startsWith('08') && code !== '08P01'))) {
    return true;
  }
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}

const classify = (error: unknown) =>
  error instanceof DatabaseUnavailableError || !isConnectionError(error) ? error : new DatabaseUnavailableError(error);

export interface PostgresOptions {
  connectionString: string;
  /** Schema to use (search_path); tests give each file its own. */
  schema?: string;
  max?: number;
  /** How long to wait for a connection (default CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
}

/**
 * A server that accepts connections but never answers (hung, or a half-open network path), or a
 * pool whose connections are all stuck, fails a request after this long (503) instead of holding it.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

export async function createPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // Dead peers are noticed by TCP keepalive rather than never.
    keepAlive: true,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const run = async <R>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[], options?: QueryOptions) => {
    try {
      const result = options?.prepare
        ? await client.query({ name: statementName(sql), text: sql, values: params ?? [] })
        : await client.query(sql, params);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    } catch (error) {
      throw classify(error);
    }
  };
  // Fail at start, not at the first request, when the server is unreachable.
  await run(pool, 'SELECT 1');
  return {
    kind: 'postgres',
    query: (sql, params, options) => run(pool, sql, params, options),
    async transaction(fn) {
      const client = await pool.connect().catch((error: unknown) => {
        throw classify(error);
      });
      // The pool watches only idle clients: a checked-out one whose connection dies (the server
      // stopped) emits 'error', which must fail this transaction, not crash the process.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost = error);
      client.on('error', onError);
      let committing = false;
      try {
        await run(client, 'BEGIN');
        const result = await fn({ query: (sql, params, options) => run(client, sql, params, options) });
        committing = true;
        await run(client, 'COMMIT');
        return result;
      } catch (error) {
        if (committing && error instanceof DatabaseUnavailableError) error.commitUnknown = true;
        else await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(lost); // a broken connection is discarded, not given to the next caller
      }
    },
    listen: (channel, onMessage, onGap) => listenOnPostgres(options, channel, onMessage, onGap),
    close: () => pool.end(),
  };
}

/** A prepared statement's name, from its text: the same text, the same statement. */
const statementName = (sql: string) => `q_${createHash('sha1').update(sql).digest('base64url')}`;

const RECONNECT_MS = 1_000;

/** LISTEN on a connection of its own (outside the pool), re-established when it is lost. */
async function listenOnPostgres(
  options: PostgresOptions,
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: options.connectionString });
    c.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    c.on('error', () => {}); // followed by 'end', handled there
    c.once('end', () => {
      if (stopped || client !== c) return;
      client = undefined;
      onGap?.();
      retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await c.end().catch(() => {});
      throw error;
    }
    if (stopped) await c.end();
    else client = c;
  };
  const retry = () => {
    timer = setTimeout(() => {
      if (!stopped) connect().catch(retry);
    }, RECONNECT_MS);
    timer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}

/** `DATABASE_URL` → that server; otherwise PGlite under `DATA_DIR/db`. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl
    ? createPostgresDatabase({ connectionString: options.databaseUrl })
    : createPgliteDatabase(path.join(options.dataDir, 'db'));
}

/** PostgreSQL's unique_violation, optionally on a given constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23505') return false;
  return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
}
