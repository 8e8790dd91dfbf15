/**
 * The database behind a small interface, so the embedded PGlite and a PostgreSQL server run
 * the same SQL. Values that PostgreSQL returns as int8 come back as numbers from PGlite and as
 * strings from pg: callers convert with Number().
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite in `dir` (created if missing), or in memory when `dir` is undefined. */
export async function createPgliteDatabase(dir?: string): Promise<Database> {
  const lock = dir ? await lockDirectory(dir) : undefined;
  const db = await PGlite.create(dir, { extensions: { pg_trgm } }).catch(async (error: unknown) => {
    await lock?.release();
    throw error;
  });
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

export interface PostgresOptions {
  connectionString: string;
  /** Schema to use (search_path); tests give each file its own. */
  schema?: string;
  max?: number;
}

export async function createPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const run = async <R>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) => {
    const result = await client.query(sql, params);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
  };
  // Fail at start, not at the first request, when the server is unreachable.
  await run(pool, 'SELECT 1');
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
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
