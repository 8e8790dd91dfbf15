/**
 * Opening the database: a PostgreSQL server (DATABASE_URL), or the embedded PGlite on a thread
 * of its own (pglite-thread.ts). The interface both answer is in types.ts.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { DatabaseUnavailableError } from '../errors.ts';
import { createPgliteDatabase } from './pglite-thread.ts';
import type { Database, QueryOptions, Queryable } from './types.ts';

export type { Database, QueryOptions, QueryResult, Queryable } from './types.ts';
export { createPgliteDatabase } from './pglite-thread.ts';

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
  onGap?: (state: 'lost' | 'back') => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let lost = false;
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
      lost = true;
      onGap?.('lost');
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
    else {
      client = c;
      if (lost) {
        lost = false;
        onGap?.('back');
      }
    }
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

/**
 * The same database for work no request waits on (the sources' poller, the checks after a
 * change): its statements and transactions in the `background` lane unless they name one, so
 * that on the embedded database the requests queued meanwhile (lists, searches) go first; it
 * still runs once it has waited 250 ms. PostgreSQL ignores lanes.
 */
export function inBackground(db: Database): Database {
  return {
    ...db,
    query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => db.query<R>(sql, params, { ...options, lane: options?.lane ?? 'background' }),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>, options?: Pick<QueryOptions, 'lane'>) => db.transaction(fn, { lane: options?.lane ?? 'background' }),
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
