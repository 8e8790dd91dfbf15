/**
 * Versioned migrations (migrations/, one file per version), applied in order at start inside one
 * transaction that holds an advisory lock, so several processes starting against one PostgreSQL
 * apply each exactly once. Never edit a shipped migration: add the next version.
 */
import type { Database, Queryable } from './types.ts';
import { waitForLock } from './locks.ts';
import { migrations } from './migrations/index.ts';

/** The schema version the migrations lead to. */
export const LATEST_VERSION = Math.max(...migrations.map((m) => m.version));

/** Written into an embedded database's folder by pglite-prepare.ts: the schema version it left there. */
export const SCHEMA_MARKER = 'schema-version';

/**
 * Applies the missing migrations; returns the versions it applied. Processes starting together
 * take turns on the lock: the first applies them, the others then find nothing to do.
 */
export async function migrate(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    await waitForLock(tx, 'migrations');
    return applyMigrations(tx);
  });
}

/** The missing migrations applied in the caller's transaction (also by the move to PostgreSQL: ./move.ts). */
export async function applyMigrations(tx: Queryable): Promise<number[]> {
  await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version int PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
  const done = new Set(rows.map((r) => Number(r.version)));
  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    for (const statement of migration.statements) await tx.query(statement);
    await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    applied.push(migration.version);
  }
  return applied;
}
