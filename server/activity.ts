import type { Activity, ActivityKind } from '../src/contract/index.ts';
import type { Queryable } from './db/database.ts';
import { newId } from './ids.ts';

/** Records what happened, in the caller's transaction so it is written with the change. */
export async function recordActivity(tx: Queryable, kind: ActivityKind, message: string, at = new Date()) {
  await tx.query('INSERT INTO activity (id, kind, message, at) VALUES ($1, $2, $3, $4)', [
    newId(at.getTime()),
    kind,
    message,
    at,
  ]);
}

export async function listActivity(db: Queryable, limit: number): Promise<Activity[]> {
  const { rows } = await db.query<{ id: string; kind: ActivityKind; message: string; at: Date }>(
    'SELECT id, kind, message, at FROM activity ORDER BY at DESC, id DESC LIMIT $1',
    [limit],
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, message: r.message, at: new Date(r.at).toISOString() }));
}
