/**
 * PostgreSQL advisory locks: which of several server processes on one database does a piece of
 * shared work. Start-up steps that must happen once wait for their lock (`waitForLock`, held until
 * the transaction ends); periodic jobs try theirs and skip when another process holds it
 * (`runIfFree`). A lock is named within the database's current schema, so databases that share a
 * server by schema (the server tests do) do not hold each other up.
 *
 * PGlite is one process's database (its folder is locked to one process), so there the skip lock
 * is kept in memory, per database: apps built on one PGlite in one process (the tests do) still
 * take turns, and nothing is asked of the database.
 */
import type { Database, Queryable } from './types.ts';

/** Every advisory lock of the server, by name; the number is the lock's id within the schema. */
export const LOCKS = {
  /** Applying migrations at start (server/db/migrate.ts). */
  migrations: 1,
  /** Creating the first admin at start (server/accounts/auth.ts). */
  firstAdmin: 2,
  /** Removing upload leftovers and orphan files (FileStorage.sweep). */
  storageSweep: 3,
  /** Deleting articles and files past their time in the trash (sweepTrash, sweepFileTrash). */
  trashSweep: 4,
  /** Refreshing the planner's statistics (refreshStatistics). */
  statistics: 5,
  /** Counting and recording one sign-in attempt of an email and address (server/accounts/auth.ts), per pair. */
  loginAttempts: 6,
  /** Checkpointing the embedded database's WAL (server/db/wal.ts). */
  checkpoint: 7,
  /** Changing who is an admin (a role change, a removal): never none left (server/accounts/operations.ts). */
  admins: 8,
  /**
   * Keeping which articles look like copies of which (server/articles/duplicates.ts): one
   * signing's lookup and pairs at a time, so of two alike signed at once the later sees the other.
   */
  copies: 9,
  /**
   * Making one article's kept marks what they must be (article_marks_refresh, migration 36),
   * per article: taken in SQL by the triggers, with the key SUBJECT_KEY_SQL makes.
   */
  articleMarks: 10,
} as const;

export type LockName = keyof typeof LOCKS;

/** The lock's two keys: the current schema's hash, and the lock's id. */
const KEYS_SQL = "hashtext(coalesce(current_schema(), '')), $1::int";
/** The key of a lock of one thing: one bigint, hashed from the schema, the lock's id and the thing. */
const SUBJECT_KEY_SQL = "hashtextextended(coalesce(current_schema(), '') || '/' || $1::int || '/' || $2::text, 0)";

/**
 * Waits for the lock, held until `tx` ends (commit or rollback): what runs under it runs once at a
 * time. With `subject`, the lock is that thing's alone (one email and address's sign-ins), so
 * other things are not held up.
 */
export async function waitForLock(tx: Queryable, name: LockName, subject?: string): Promise<void> {
  if (subject === undefined) await tx.query(`SELECT pg_advisory_xact_lock(${KEYS_SQL})`, [LOCKS[name]]);
  else await tx.query(`SELECT pg_advisory_xact_lock(${SUBJECT_KEY_SQL})`, [LOCKS[name], subject]);
}

export type LockedRun<T> = { ran: true; value: T } | { ran: false };

/** The embedded database's skip locks, per database (one process: see above). */
const heldInProcess = new WeakMap<Database, Set<LockName>>();

/**
 * Runs `work` unless another process (or, on PGlite, another app of this process) holds the lock
 * now; then it skips at once: `{ ran: false }`. The lock is released when `work` settles, whether
 * it resolved or threw (its error is thrown on). On PostgreSQL the lock is a transaction's, held
 * on a connection of the pool while `work` runs on others (the pool needs two connections or
 * more); a connection lost meanwhile releases it, so a crashed process never keeps it.
 */
export async function runIfFree<T>(db: Database, name: LockName, work: () => Promise<T>): Promise<LockedRun<T>> {
  if (db.kind === 'pglite') {
    let held = heldInProcess.get(db);
    if (!held) heldInProcess.set(db, (held = new Set()));
    if (held.has(name)) return { ran: false };
    held.add(name);
    try {
      return { ran: true, value: await work() };
    } finally {
      held.delete(name);
    }
  }
  return db.transaction(async (tx): Promise<LockedRun<T>> => {
    const { rows } = await tx.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(${KEYS_SQL}) AS locked`, [
      LOCKS[name],
    ]);
    if (!rows[0]?.locked) return { ran: false };
    return { ran: true, value: await work() };
  });
}
