/**
 * The embedded database in the thread that calls it: opened by the database's own thread
 * (pglite-host.ts) and by pglite-prepare.ts. The server reaches it through pglite-thread.ts.
 * Plain TypeScript that Node runs by stripping types (the database's thread loads no tsx).
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable } from './types.ts';

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
  // What a checkpoint leaves of the WAL (server/db/wal.ts asks for them: PGlite has no checkpointer).
  'max_wal_size=64MB',
  'min_wal_size=32MB',
];

/** How the embedded database is opened, by the server and by pglite-prepare.ts alike. */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
};

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

/** Opens PGlite in `dir` (prepared by pglite-prepare.ts), or in memory when `dir` is undefined. */
export function openPglite(dir: string | undefined): Promise<PGlite> {
  return PGlite.create(dir, { ...PGLITE_OPTIONS, extensions: { btree_gin, pg_trgm } });
}
