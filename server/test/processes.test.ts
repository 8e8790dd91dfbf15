/**
 * Several server processes on one database, as behind a load balancer: each "process" here is an
 * app built by the same factory on the same database and DATA_DIR (on PostgreSQL each has a pool
 * of its own connections). What one process does, the others see; shared start-up and periodic
 * work runs once at a time; the failed sign-in limit holds across them, per real client address
 * behind a proxy when TRUST_PROXY is on. The two real processes are in e2e/multi-process.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TRASH_RETENTION_DAYS, type Article } from '../../src/contract/index.ts';
import { buildApp } from '../app.ts';
import { LOGIN_MAX_FAILURES } from '../accounts/auth.ts';
import { createPostgresDatabase, type Database } from '../db/database.ts';
import { runIfFree, type LockName } from '../db/locks.ts';
import { migrations } from '../db/migrations/index.ts';
import { newId } from '../ids.ts';
import { addViews } from '../repositories/views.ts';
import { utcDay } from '../shared/days.ts';
import { ADMIN, auth, backends, TEST_HASHING, useHarness } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * A PostgreSQL database nobody has used yet, on TEST_DATABASE_URL's server (dropped by `close`),
 * and a handle on it per process, each a pool of its own connections.
 */
async function freshDatabase(): Promise<{ handles: [Database, Database]; close: () => Promise<void> }> {
  const name = `processes_${randomBytes(6).toString('hex')}`;
  const server = new pg.Client({ connectionString: pgUrl });
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl!);
  url.pathname = `/${name}`;
  const handles: [Database, Database] = [
    await createPostgresDatabase({ connectionString: url.href, max: 4 }),
    await createPostgresDatabase({ connectionString: url.href, max: 4 }),
  ];
  return {
    handles,
    async close() {
      for (const db of handles) await db.close();
      await server.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await server.end();
    },
  };
}

/** Holds `name`'s job open, as another process running it would, until `finish`. */
async function holdJob(db: Database, name: LockName) {
  let started!: () => void;
  let finish!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (finish = resolve));
  const run = runIfFree(db, name, async () => {
    started();
    await released;
  });
  await running;
  return {
    async finish() {
      finish();
      expect(await run).toEqual({ ran: true, value: undefined });
    },
  };
}

const LOGIN = '/api/auth/login';

describe.each(backends)('several processes on one database ($name)', (backend) => {
  // PGlite is one process's: its folder is locked to one server, which prepares its schema in a
  // child process before any app starts; processes that start together share a PostgreSQL.
  it.runIf(backend.name === 'postgres')(
    'starts two processes at the same moment on a fresh database: both come up, the schema and the first admin are made once',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'processes-test-'));
      const { handles, close } = await freshDatabase();
      const created: string[] = [];
      const apps: FastifyInstance[] = [];
      try {
        const started = await Promise.allSettled(
          handles.map((db) =>
            buildApp({
              db,
              dataDir,
              logger: false,
              passwordHashing: TEST_HASHING,
              admin: ADMIN,
              onAdminCreated: (admin) => created.push(admin.email),
            }),
          ),
        );
        for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
        expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
        const [a, b] = apps as [FastifyInstance, FastifyInstance];

        expect(created).toEqual([ADMIN.email]);
        const { rows: versions } = await handles[0].query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
        expect(versions.map((row) => Number(row.version))).toEqual(migrations.map((m) => m.version));
        expect((await handles[1].query('SELECT email FROM users')).rows).toEqual([{ email: ADMIN.email }]);
        for (const app of [a, b]) expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ database: 'connected' });
        // Signed in on one, known on the other.
        const signedIn = await a.inject({ method: 'POST', url: LOGIN, payload: ADMIN });
        expect(signedIn.statusCode).toBe(200);
        const me = await b.inject({ url: '/api/auth/me', headers: auth(signedIn.json<{ accessToken: string }>().accessToken) });
        expect(me.json()).toMatchObject({ user: { email: ADMIN.email } });
      } finally {
        for (const app of apps) await app.close();
        await close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  describe('sharing one database and DATA_DIR', () => {
    const ctx = useHarness(backend);

    const api = (app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: auth(ctx.token), ...(payload ? { payload } : {}) });
    const publish = async (slug: string) => {
      const created = await api(ctx.h.app, 'POST', '/api/articles', { slug });
      expect(created.statusCode, created.body).toBe(201);
      const article = created.json<{ data: Article }>().data;
      expect((await api(ctx.h.app, 'PATCH', `/api/articles/${article.id}/publish`)).statusCode).toBe(200);
      return article;
    };

    it('leaves the start-up sweeps to the process already running them, and does them at the next start', async () => {
      // An article past its time in the trash, and stored bytes without a row.
      const created = await api(ctx.h.app, 'POST', '/api/articles', { slug: 'long-gone' });
      const old = created.json<{ data: Article }>().data;
      expect((await api(ctx.h.app, 'DELETE', `/api/articles/${old.id}`)).statusCode).toBe(204);
      await ctx.h.db.query('UPDATE articles SET deleted_at = $2 WHERE id = $1', [
        old.id,
        new Date(Date.now() - (TRASH_RETENTION_DAYS + 1) * DAY),
      ]);
      const orphan = path.join(ctx.h.dataDir, 'files', newId());
      await writeFile(orphan, 'bytes of an upload whose row was never committed');
      const exists = async () => ({
        article: (await ctx.h.db.query('SELECT 1 FROM articles WHERE id = $1', [old.id])).rows.length === 1,
        orphan: await access(orphan).then(
          () => true,
          () => false,
        ),
      });

      const trash = await holdJob(ctx.h.db, 'trashSweep');
      const storage = await holdJob(ctx.h.db, 'storageSweep');
      await ctx.h.buildApp({ sweepGraceMs: 0 }); // another process starting while the sweeps run elsewhere
      expect(await exists()).toEqual({ article: true, orphan: true });
      await trash.finish();
      await storage.finish();

      await ctx.h.buildApp({ sweepGraceMs: 0 });
      expect(await exists()).toEqual({ article: false, orphan: false });
    });

    it('sees at once what another process wrote: an article made on one is edited on the other and read back', async () => {
      const other = await ctx.h.buildApp();
      const created = await api(ctx.h.app, 'POST', '/api/articles', { slug: 'written-on-a' });
      const article = created.json<{ data: Article }>().data;
      const onB = await api(other, 'PATCH', `/api/articles/${article.id}`, { slug: 'edited-on-b' });
      expect(onB.statusCode, onB.body).toBe(200);
      expect((await api(ctx.h.app, 'GET', `/api/articles/${article.id}`)).json()).toMatchObject({ data: { slug: 'edited-on-b' } });
    });

    it('adds up the views each process counted (each writes its own batch)', async () => {
      const article = await publish('read-everywhere');
      const other = await ctx.h.buildApp();
      const read = (app: FastifyInstance) => app.inject({ url: '/api/public/articles/read-everywhere' });
      for (let i = 0; i < 3; i++) expect((await read(ctx.h.app)).statusCode).toBe(200);
      for (let i = 0; i < 2; i++) expect((await read(other)).statusCode).toBe(200);
      await Promise.all([ctx.h.app.flushViews(), other.flushViews()]);
      const views = await api(other, 'GET', `/api/articles/${article.id}/views`);
      expect(views.json<{ total: number }>().total).toBe(5);
    });

    it.runIf(backend.name === 'postgres')(
      'writes the same view rows from two processes at once without a deadlock',
      async () => {
        const [first, second] = [(await publish('views-a')).id, (await publish('views-b')).id].sort();
        // The first article's row now comes last in the table too, so no plan reads them in key order by chance.
        await ctx.h.db.query('UPDATE articles SET updated_at = now() WHERE id = $1', [first]);
        const day = utcDay(new Date());
        const views = (...ids: string[]) => ids.map((articleId) => ({ articleId, day, n: 1 }));
        let otherWrite: Promise<void> | undefined;
        await ctx.h.db.transaction(async (tx) => {
          await addViews(tx, views(first!)); // this process holds the first row…
          // …while another writes both, listed the other way round.
          otherWrite = addViews(ctx.h.db, views(second!, first!));
          otherWrite.catch(() => {}); // awaited below, once this transaction is over
          await expect
            .poll(
              async () =>
                (
                  await ctx.h.db.query<{ n: number }>(
                    `SELECT count(*)::int AS n FROM pg_stat_activity
                      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO article_views%'`,
                  )
                ).rows[0]!.n,
              { timeout: 5_000, interval: 20 },
            )
            .toBe(1);
          // Had the other write taken the second row first, this would be a deadlock.
          await addViews(tx, views(second!));
        });
        await otherWrite;
        const { rows } = await ctx.h.db.query<{ article_id: string; n: string }>(
          'SELECT article_id, n FROM article_views ORDER BY article_id',
        );
        expect(rows.map((row) => [row.article_id, Number(row.n)])).toEqual([
          [first, 2],
          [second, 2],
        ]);
      },
    );

    const login = (app: FastifyInstance, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: LOGIN, payload: { email: ADMIN.email, password }, remoteAddress, headers });
    const attemptAddresses = async () =>
      (await ctx.h.db.query<{ ip: string }>('SELECT DISTINCT ip FROM login_attempts ORDER BY ip')).rows.map((row) => row.ip);

    it('counts failed sign-ins tried at the same moment in two processes: the limit holds exactly', async () => {
      const other = await ctx.h.buildApp();
      const address = '203.0.113.9';
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login(i % 2 ? other : ctx.h.app, `wrong-${i}`, address)),
      );
      const statuses = burst.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([...Array<number>(LOGIN_MAX_FAILURES).fill(401), ...Array<number>(12 - LOGIN_MAX_FAILURES).fill(429)]);
      expect((await ctx.h.db.query('SELECT 1 FROM login_attempts')).rows).toHaveLength(LOGIN_MAX_FAILURES);
      // Even the right password now waits, in either process.
      expect((await login(ctx.h.app, ADMIN.password, address)).statusCode).toBe(429);
      expect((await login(other, ADMIN.password, address)).statusCode).toBe(429);
    });

    it('with TRUST_PROXY, counts failed sign-ins per client address the proxies forward, in every process', async () => {
      const [a, b] = [await ctx.h.buildApp({ trustProxy: true }), await ctx.h.buildApp({ trustProxy: true })];
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
        const res = await login(i % 2 ? b : a, `wrong-${i}`, '10.0.0.2', { 'x-forwarded-for': '198.51.100.1' });
        expect(res.statusCode).toBe(401);
      }
      expect(await attemptAddresses()).toEqual(['198.51.100.1']);
      // The client is refused through either process, and through another proxy.
      expect((await login(a, ADMIN.password, '10.0.0.2', { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
      expect((await login(b, ADMIN.password, '10.0.0.3', { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
      // Another client behind the same proxy is not.
      expect((await login(a, ADMIN.password, '10.0.0.2', { 'x-forwarded-for': '198.51.100.2' })).statusCode).toBe(200);
    });

    it('without TRUST_PROXY, ignores X-Forwarded-For: made-up addresses do not escape the limit', async () => {
      const other = await ctx.h.buildApp();
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
        const res = await login(i % 2 ? other : ctx.h.app, `wrong-${i}`, '203.0.113.50', { 'x-forwarded-for': `198.51.100.${i + 1}` });
        expect(res.statusCode).toBe(401);
      }
      expect(await attemptAddresses()).toEqual(['203.0.113.50']);
      const res = await login(ctx.h.app, ADMIN.password, '203.0.113.50', { 'x-forwarded-for': '198.51.100.99' });
      expect(res.statusCode).toBe(429);
    });
  });
});
