import { statfs } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityListSchema, healthSchema } from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { listActivity } from '../repositories/activity.ts';
import { ping } from '../db/sql.ts';

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

export const systemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx;

  app.get('/health', {
    config: { public: true },
    schema: { response: { 200: healthSchema, ...errorResponses } },
    handler: async () => {
      const [database, store, queue] = await Promise.all([
        withinCheckTime(ping(db).then(() => 'connected' as const), 'down' as const),
        withinCheckTime(ctx.storage.health(), { backend: ctx.storage.kind, ok: false }),
        db.queue ? withinCheckTime(db.queue(), undefined) : undefined,
      ]);
      // Real figures of the disk that holds DATA_DIR.
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
    },
  });

  app.get('/activity', {
    schema: {
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
      response: { 200: activityListSchema, ...errorResponses },
    },
    handler: async (request) => ({ data: await listActivity(db, request.query.limit) }),
  });
};
