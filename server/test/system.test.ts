import { mkdir, mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityListSchema, healthSchema } from '../../src/contract/index.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations/index.ts';
import { auth, backends, useHarness } from './helpers.ts';

describe.each(backends)('health, activity, routing ($name)', (backend) => {
  const ctx = useHarness(backend);

  it('reports the API, the database and the real disk figures of DATA_DIR, without a session', async () => {
    const res = await ctx.h.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const health = healthSchema.parse(res.json());
    expect(health.api).toBe('online');
    expect(health.database).toBe('connected');
    const fs = await statfs(ctx.h.dataDir);
    expect(health.storage.totalBytes).toBe(fs.blocks * fs.bsize);
    expect(health.storage.usedBytes).toBeGreaterThan(0);
    expect(health.storage.usedBytes).toBeLessThanOrEqual(health.storage.totalBytes);
    expect(health.storage.percent).toBe(Math.round((health.storage.usedBytes / health.storage.totalBytes) * 100));
    // The embedded database tells its queue; PostgreSQL has none. (What waits depends on the
    // server's own timers of the moment: a checkpoint, a renewal of presence.)
    if (ctx.h.db.kind === 'pglite') {
      expect(health.databaseQueue).toEqual({ waiting: expect.any(Number), runningMs: expect.any(Number) });
      expect(Number.isInteger(health.databaseQueue!.waiting) && health.databaseQueue!.waiting >= 0).toBe(true);
    }
    else expect(health.databaseQueue).toBeUndefined();
  });

  it('reports the database as down when it does not answer', async () => {
    let failing = false;
    const flaky: Database = {
      ...ctx.h.db,
      query: (sql, params) => (failing ? Promise.reject(new Error('connection lost')) : ctx.h.db.query(sql, params)),
    };
    const app = await ctx.h.buildApp({ db: flaky });
    failing = true;
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().database).toBe('down');
    expect(res.json().api).toBe('online');
  });

  it('lists activity newest first, honouring limit', async () => {
    for (const slug of ['one', 'two', 'three']) {
      await ctx.h.app.inject({ method: 'POST', url: '/api/articles', headers: auth(ctx.token), payload: { slug } });
    }
    const res = await ctx.h.app.inject({ url: '/api/activity?limit=2', headers: auth(ctx.token) });
    expect(res.statusCode).toBe(200);
    const { data } = activityListSchema.parse(res.json());
    expect(data.map((a) => a.message)).toEqual(['Article "three" created', 'Article "two" created']);
    expect(data[0]!.at >= data[1]!.at).toBe(true);
    expect((await ctx.h.app.inject({ url: '/api/activity?limit=101', headers: auth(ctx.token) })).statusCode).toBe(400);
  });

  it('answers unknown /api paths with a JSON 404 and a request id', async () => {
    const res = await ctx.h.app.inject({ url: '/api/articles/a/b/c', headers: auth(ctx.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const wrongMethod = await ctx.h.app.inject({ method: 'PUT', url: '/api/articles', headers: auth(ctx.token) });
    expect(wrongMethod.statusCode).toBe(404);
    const signedOut = await ctx.h.app.inject({ url: '/api/no-such-route' });
    expect(signedOut.statusCode).toBe(404);
    expect(signedOut.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('logs one line per request, when it completes, with method, URL, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await ctx.h.buildApp({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    lines.length = 0;
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/files', headers: auth(ctx.token) });
    const requests = lines.filter((line) => 'reqId' in line);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
    expect(requests[1]).toMatchObject({ req: { url: '/api/files' }, res: { statusCode: 200 } });
    expect(typeof requests[0]!.responseTime).toBe('number');
  });

  it('applies each migration once', async () => {
    expect(await migrate(ctx.h.db)).toEqual([]);
    const { rows } = await ctx.h.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => Number(r.version))).toEqual(migrations.map((m) => m.version));
  });

  describe('serving the console', () => {
    let dist: string;
    let app: FastifyInstance;
    beforeAll(async () => {
      dist = await mkdtemp(path.join(os.tmpdir(), 'dist-'));
      await mkdir(path.join(dist, 'assets'));
      await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
      await writeFile(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
      app = await ctx.h.buildApp({ staticDir: dist });
    });
    afterAll(() => rm(dist, { recursive: true, force: true }));

    it('serves index.html for client routes and assets with long caching', async () => {
      for (const url of ['/', '/articles/01abc', '/file-manager?x=1']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<title>console</title>');
      }
      const asset = await app.inject({ url: '/assets/app-123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    });

    it('answers missing assets with 404 and keeps /api JSON', async () => {
      expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
      const res = await app.inject({ url: '/api/nothing-here', headers: auth(ctx.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    });
  });
});
