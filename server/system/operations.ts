/** What the dashboard reads of the system: its health, and the activity log. */
import { statfs } from 'node:fs/promises';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { ping } from '../db/sql.ts';
import { listActivity } from '../repositories/activity.ts';

const CHECK_TIMEOUT_MS = 2000;

/** The check's answer, or `otherwise` when it fails or takes longer than CHECK_TIMEOUT_MS. */
async function withinCheckTime<T>(check: Promise<T>, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(otherwise), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, late])
    .catch(() => otherwise)
    .finally(() => clearTimeout(timer));
}

/** GET /health: the API, the database, the storage (real figures of the disk that holds DATA_DIR) and the embedded database's queue. */
export async function health(ctx: Pick<AppContext, 'db' | 'storage' | 'dataDir'>) {
  const { db } = ctx;
  const [database, store, queue] = await Promise.all([
    withinCheckTime(ping(db).then(() => 'connected' as const), 'down' as const),
    withinCheckTime(ctx.storage.health(), { backend: ctx.storage.kind, ok: false }),
    db.queue ? withinCheckTime(db.queue(), undefined) : undefined,
  ]);
  const fs = await statfs(ctx.dataDir);
  const totalBytes = fs.blocks * fs.bsize;
  const usedBytes = (fs.blocks - fs.bfree) * fs.bsize;
  const percent = totalBytes > 0 ? Math.min(100, Math.round((usedBytes / totalBytes) * 100)) : 0;
  return {
    api: 'online' as const,
    database,
    storage: { usedBytes, totalBytes, percent, backend: store.backend, reachable: store.ok },
    ...(queue ? { databaseQueue: { waiting: queue.waiting.quick + queue.waiting.normal + queue.waiting.background, runningMs: queue.runningMs } } : {}),
  };
}

/** GET /activity: the newest entries of the activity log. */
export async function readActivity(db: Queryable, limit: number) {
  return { data: await listActivity(db, limit) };
}
