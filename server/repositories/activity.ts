/** The activity log's SQL: what happened, when and who did it. */
import type { Activity, ActivityKind } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { newId } from '../ids.ts';

/**
 * Records what happened and who did it (their email; null for the operator's commands), in the
 * caller's transaction so it is written with the change.
 */
export async function recordActivity(
  tx: Queryable,
  kind: ActivityKind,
  message: string,
  at = new Date(),
  actor: string | null = null,
) {
  await tx.query('INSERT INTO activity (id, kind, message, at, actor) VALUES ($1, $2, $3, $4, $5)', [
    newId(at.getTime()),
    kind,
    message,
    at,
    actor,
  ]);
}

/** Records several entries at once (one statement), in the caller's transaction. */
export async function recordActivities(
  tx: Queryable,
  entries: readonly { kind: ActivityKind; message: string }[],
  at = new Date(),
  actor: string | null = null,
) {
  if (entries.length === 0) return;
  await tx.query(
    `INSERT INTO activity (id, kind, message, at, actor)
     SELECT id, kind, message, $4, $5 FROM unnest($1::text[], $2::text[], $3::text[]) AS e(id, kind, message)`,
    [entries.map(() => newId(at.getTime())), entries.map((e) => e.kind), entries.map((e) => e.message), at, actor],
  );
}

export async function listActivity(db: Queryable, limit: number): Promise<Activity[]> {
  const { rows } = await db.query<{ id: string; kind: ActivityKind; message: string; at: Date; actor: string | null }>(
    'SELECT id, kind, message, at, actor FROM activity ORDER BY at DESC, id DESC LIMIT $1',
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    message: r.message,
    at: new Date(r.at).toISOString(),
    actor: r.actor,
  }));
}
