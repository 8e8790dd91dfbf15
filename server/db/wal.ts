/**
 * The embedded database's write-ahead log. PGlite runs PostgreSQL as one backend, without the
 * checkpointer process, so nothing ever checkpoints on its own: every write's WAL stayed in
 * `pg_wal` until the process closed (11 GB after seeding 100,000 articles). The server asks for a
 * checkpoint once the log has grown CHECKPOINT_AFTER_BYTES past the last one; PostgreSQL then
 * removes or recycles the segments before it, keeping about max_wal_size (PGLITE_SETTINGS).
 * A PostgreSQL server checkpoints by itself.
 */
import type { Queryable } from './types.ts';

/** How much WAL may be written before the embedded database is checkpointed. */
export const CHECKPOINT_AFTER_BYTES = 32 * 1024 * 1024;

/** How often the embedded database's WAL is looked at. */
export const CHECKPOINT_CHECK_MS = 30_000;

/** Bytes of WAL written since the last checkpoint. */
export async function walSinceCheckpoint(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ bytes: string | number }>(
    'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), checkpoint_lsn) AS bytes FROM pg_control_checkpoint()',
    [],
    { lane: 'background' },
  );
  return Number(rows[0]?.bytes ?? 0);
}

/** Checkpoints when at least `after` bytes of WAL were written since the last one; says whether it did. */
export async function checkpointIfDue(db: Queryable, after = CHECKPOINT_AFTER_BYTES): Promise<boolean> {
  if ((await walSinceCheckpoint(db)) < after) return false;
  await db.query('CHECKPOINT', [], { lane: 'background' });
  return true;
}
