/**
 * The embedded database (PGlite) on a worker thread of its own (pglite-host.ts), behind the same
 * interface as a PostgreSQL server: the thread that answers HTTP never runs a statement, so a
 * search holds other statements (for a bounded time), not the health check's answer or the
 * server's timers. PGlite documents worker use for browsers only; this is the same idea with
 * node:worker_threads and a message per statement (see docs/architecture.md).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DatabaseBusyError } from '../errors.ts';
import { LATEST_VERSION, SCHEMA_MARKER } from './migrate.ts';
import { deserializeError, EXPIRED_CODE, type HostMessage, type HostRequest, type Lane, type QueueStats } from './pglite-protocol.ts';
import type { Database, QueryOptions, QueryResult, Queryable } from './types.ts';

/** How long a statement (or a transaction's start) may wait behind others before it is refused. */
export const PGLITE_WAIT_MS = 15_000;

export interface PgliteDatabase extends Database {
  /** The queue of the database's thread, now. */
  queue(): Promise<QueueStats>;
}

type Body = HostRequest extends infer R ? (R extends HostRequest ? Omit<R, 'id'> : never) : never;

/** How long background work (webhook deliveries) may be passed over before it goes first. */
export const PGLITE_BACKGROUND_AGE_MS = 250;

/** PGlite in `dir` (created if missing), or in memory when `dir` is undefined. */
export async function createPgliteDatabase(
  dir?: string,
  options: { waitMs?: number; backgroundAgeMs?: number } = {},
): Promise<PgliteDatabase> {
  const waitMs = options.waitMs ?? PGLITE_WAIT_MS;
  const lock = dir ? await lockDirectory(dir) : undefined;
  if (dir) {
    await preparePgliteDirectory(dir).catch(async (error: unknown) => {
      await lock?.release();
      throw error;
    });
  }
  // Node runs the host's TypeScript by stripping types; no loader (tsx) is inherited, so the
  // thread carries PGlite and little else.
  // Its young generation is kept small: every result is parsed and then copied to the server's
  // thread, all of it short-lived, and V8 would otherwise let the space grow to a hundred MB
  // that stays resident (measured: 145 MB of heap for 25 MB in use).
  const worker = new Worker(new URL('./pglite-host.ts', import.meta.url), {
    workerData: { dir, backgroundAgeMs: options.backgroundAgeMs ?? PGLITE_BACKGROUND_AGE_MS },
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; waitedFrom: number }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let gone: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: HostMessage) => {
      if ('type' in message) {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(deserializeError(message.error));
        else for (const listener of listeners.get(message.channel) ?? []) listener(message.payload);
        return;
      }
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      if (message.ok) return call.resolve(message.value);
      const error = deserializeError(message.error);
      call.reject((error as { code?: string }).code === EXPIRED_CODE ? new DatabaseBusyError(Date.now() - call.waitedFrom) : error);
    });
    // The thread ended (closed, or failed outside a statement): nothing more will be answered.
    const end = (error: Error) => {
      gone = error;
      reject(error);
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    worker.on('error', end);
    worker.on('exit', (code) => end(new Error(`the embedded database's thread ended (${code})`)));
  });

  const call = <T>(body: Body): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, waitedFrom: Date.now() });
      worker.postMessage({ ...body, id });
    });
  };
  const deadline = () => Date.now() + waitMs;
  const laneOf = (options?: QueryOptions): Lane => options?.lane ?? 'normal';

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    await lock?.release();
    throw error;
  }

  return {
    kind: 'pglite',
    query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
      call<QueryResult<R>>({ type: 'query', sql, params, prepare: options?.prepare, lane: laneOf(options), deadline: deadline() }),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, txOptions?: Pick<QueryOptions, 'lane'>): Promise<T> {
      const tx = await call<number>({ type: 'begin', lane: laneOf(txOptions), deadline: deadline() });
      const scoped: Queryable = {
        query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
          call<QueryResult<R>>({ type: 'query', sql, params, prepare: options?.prepare, tx, lane: 'normal', deadline: 0 }),
      };
      let result: T;
      try {
        result = await fn(scoped);
      } catch (error) {
        await call({ type: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ type: 'end', tx, commit: true });
      return result;
    },
    // One process, one database: notices never get lost, so there is no gap to report.
    async listen(channel, onMessage) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await call({ type: 'listen', channel });
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          await call({ type: 'unlisten', channel }).catch(() => {});
        }
      };
    },
    queue: () => call<QueueStats>({ type: 'stats' }),
    async close() {
      if (!gone) await call({ type: 'close' }).catch(() => {});
      await worker.terminate();
      await lock?.release();
    },
  };
}

/** tsx's loader for the child (resolved as a path: Vitest's module runner, which runs the test suites' global setup, has no import.meta.resolve). */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Creates the folder's database if new and applies pending migrations, in a child process
 * (see pglite-prepare.ts); skipped when the folder already has the latest schema.
 */
export async function preparePgliteDirectory(dir: string) {
  const marker = await readFile(path.join(dir, SCHEMA_MARKER), 'utf8').catch(() => '');
  if (existsSync(path.join(dir, 'PG_VERSION')) && Number(marker) >= LATEST_VERSION) return;
  const script = fileURLToPath(new URL('./pglite-prepare.ts', import.meta.url));
  await new Promise<void>((resolve, reject) => {
    // The server's WebAssembly compiler flags (scripts/server-flags.mjs) hold for the child too.
    const wasmFlags = process.execArgv.filter((flag) => flag.startsWith('--liftoff'));
    const child = spawn(process.execPath, [...wasmFlags, '--import', TSX_LOADER, script, dir], {
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
