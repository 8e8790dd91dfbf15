/**
 * The server under faults of what it stands on, in process (server/test/reliability/faults.ts does it
 * for real: a stopped PostgreSQL, a full tmpfs): an unreachable database answers 503
 * `database_unavailable` with Retry-After, a lost connection inside a transaction fails that
 * transaction instead of the process, and a full disk answers 507 `storage_full` with nothing
 * stored, read to the end so the client gets the answer.
 */
import { open, readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../src/contract/index.ts';
import { createPostgresDatabase, isConnectionError, type Database } from '../db/database.ts';
import { DatabaseUnavailableError, toApiError } from '../errors.ts';
import { FileStorage } from '../files/storage.ts';
import { auth, backends, fixtures, multipartBody, storedEntries, uploadRequest, useHarness } from './helpers.ts';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });
const refused = () => new DatabaseUnavailableError(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'));

describe('error mapping', () => {
  it('tells connection failures from query errors', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isConnectionError(error), error.message).toBe(true);
    }
    for (const error of [
      withCode('23505', 'duplicate key'),
      withCode('42601', 'syntax error'),
      withCode('08P01', 'bind message supplies 2 parameters, but prepared statement "" requires 0'),
      new Error('boom'),
      undefined,
      'x',
    ]) {
      expect(isConnectionError(error)).toBe(false);
    }
  });

  it('answers an unreachable database with 503 database_unavailable and Retry-After', () => {
    const apiError = toApiError(refused());
    expect(apiError).toMatchObject({ statusCode: 503, code: 'database_unavailable', message: serverMessages.databaseUnavailable });
    expect(apiError.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('answers a full disk with 507 storage_full', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      expect(toApiError(withCode(code))).toMatchObject({ statusCode: 507, code: 'storage_full', message: serverMessages.storageFull });
    }
    expect(toApiError(withCode('EACCES')).statusCode).toBe(500);
  });

  it('refuses to start on a PostgreSQL that is not there, saying so', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    await expect(createPostgresDatabase({ connectionString: `postgres://postgres@127.0.0.1:${port}/x` })).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
  });

  it('gives up on a PostgreSQL that accepts connections but never answers, instead of waiting forever', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket)); // accepts, reads, never answers
    const port = await new Promise<number>((resolve) => silent.listen(0, '127.0.0.1', () => resolve((silent.address() as net.AddressInfo).port)));
    try {
      // Refused once the connection's time is up (the test's own timeout stands for "forever").
      await expect(
        createPostgresDatabase({ connectionString: `postgres://postgres@127.0.0.1:${port}/x`, connectTimeoutMs: 300 }),
      ).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe.each(backends)('faults ($name)', (backend) => {
  const ctx = useHarness(backend);

  const fileRows = async () => (await ctx.h.db.query<{ id: string }>('SELECT id FROM files')).rows;

  describe('database unavailable', () => {
    /** The harness database, failing on demand like an unreachable PostgreSQL. */
    const faulty = (fail: { queries?: boolean; transactions?: boolean }): Database => ({
      ...ctx.h.db,
      query: (sql, params, options) => (fail.queries ? Promise.reject(refused()) : ctx.h.db.query(sql, params, options)),
      transaction: (fn) => (fail.transactions ? Promise.reject(refused()) : ctx.h.db.transaction(fn)),
    });

    it('answers reads and writes with a clean 503, and health says the database is down', async () => {
      const fail = { queries: false, transactions: false };
      const app = await ctx.h.buildApp({ db: faulty(fail) });
      fail.queries = fail.transactions = true;
      for (const request of [
        { method: 'GET' as const, url: '/api/articles/admin/articles' },
        { method: 'POST' as const, url: '/api/articles', payload: { slug: 'during-outage' } },
        { method: 'GET' as const, url: '/api/files' },
      ]) {
        const res = await app.inject({ ...request, headers: auth(ctx.token) });
        expect(res.statusCode, request.url).toBe(503);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.json()).toMatchObject({ message: serverMessages.databaseUnavailable, code: 'database_unavailable' });
      }
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ api: 'online', database: 'down' });
      fail.queries = fail.transactions = false;
      expect((await app.inject({ url: '/api/articles/admin/articles', headers: auth(ctx.token) })).statusCode).toBe(200);
    });

    it('refuses an upload whose row cannot be written, leaving nothing behind', async () => {
      const fail = { transactions: false };
      const app = await ctx.h.buildApp({ db: faulty(fail) });
      fail.transactions = true;
      const res = await app.inject(uploadRequest(ctx.token, 'photo.png', await fixtures.png(), 'image/png'));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'database_unavailable' });
      expect(await fileRows()).toEqual([]);
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [], thumbs: [], tmp: [] });
    });

    /**
     * An app whose database, once the app is built, has every COMMIT cut off: `committed` says
     * whether it took effect anyway.
     */
    const cutAtCommit = async (committed: boolean) => {
      let armed = false;
      const app = await ctx.h.buildApp({ db: cutAtCommitDb(committed, () => armed) });
      armed = true;
      return app;
    };
    const cutAtCommitDb = (committed: boolean, armed: () => boolean): Database => ({
      ...ctx.h.db,
      async transaction(fn) {
        if (!armed()) return ctx.h.db.transaction(fn);
        const lost = refused();
        lost.commitUnknown = true;
        if (committed) {
          await ctx.h.db.transaction(fn);
          throw lost;
        }
        return ctx.h.db.transaction(async (tx) => {
          await fn(tx);
          throw lost; // rolled back
        });
      },
    });

    it('keeps the bytes of an upload whose commit was cut off and did happen: no row without its file', async () => {
      const app = await cutAtCommit(true);
      const res = await app.inject(uploadRequest(ctx.token, 'photo.png', await fixtures.png(), 'image/png'));
      expect(res.statusCode).toBe(503);
      const rows = await fileRows();
      expect(rows).toHaveLength(1);
      const stored = await storedEntries(ctx.h.dataDir);
      expect(stored).toEqual({ files: [rows[0]!.id], thumbs: [`${rows[0]!.id}.webp`], tmp: [] });
    });

    it('leaves the bytes of a cut-off commit that did not happen to the start-up sweep', async () => {
      const app = await cutAtCommit(false);
      const res = await app.inject(uploadRequest(ctx.token, 'photo.png', await fixtures.png(), 'image/png'));
      expect(res.statusCode).toBe(503);
      expect(await fileRows()).toEqual([]);
      expect((await storedEntries(ctx.h.dataDir)).files).toHaveLength(1);
      expect(await new FileStorage(ctx.h.dataDir).sweep(ctx.h.db, 0)).toEqual({ tmp: 0, orphans: 2 });
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [], thumbs: [], tmp: [] });
    });
  });

  describe('disk full', () => {
    /** Every FileHandle write fails with ENOSPC while `full.on` (the upload's temp file is written so). */
    async function fullDisk() {
      const probe = await open(path.join(ctx.h.dataDir, 'probe'), 'w');
      const proto = Object.getPrototypeOf(probe) as { write: (...args: unknown[]) => Promise<unknown> };
      await probe.close();
      const full = { on: true };
      const write = proto.write;
      vi.spyOn(proto, 'write').mockImplementation(function (this: unknown, ...args: unknown[]) {
        if (full.on) return Promise.reject(withCode('ENOSPC', 'ENOSPC: no space left on device, write'));
        return write.apply(this, args);
      });
      return full;
    }

    it('answers 507 storage_full and stores nothing; uploads work again once there is space', async () => {
      const full = await fullDisk();
      const res = await ctx.h.app.inject(uploadRequest(ctx.token, 'photo.png', await fixtures.png(), 'image/png'));
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ success: false, message: serverMessages.storageFull, code: 'storage_full' });
      expect(res.headers.connection).not.toBe('close');
      expect(await fileRows()).toEqual([]);
      expect(await readdir(path.join(ctx.h.dataDir, 'tmp'))).toEqual([]);
      expect(await readdir(path.join(ctx.h.dataDir, 'files'))).toEqual([]);

      full.on = false;
      expect((await ctx.h.app.inject(uploadRequest(ctx.token, 'photo.png', await fixtures.png(), 'image/png'))).statusCode).toBe(201);
    });

    it('reads a large upload to its end, so a real client gets the 507 rather than a cut connection', async () => {
      const app = await ctx.h.buildApp();
      await app.listen({ port: 0, host: '127.0.0.1' });
      await fullDisk();
      const { port } = app.server.address() as net.AddressInfo;
      const body = multipartBody([{ name: 'file', filename: 'big.pdf', contentType: 'application/pdf', data: fixtures.pdf(3 * 1024 * 1024) }]);
      const res = await fetch(`http://127.0.0.1:${port}/api/files`, {
        method: 'POST',
        headers: { ...body.headers, ...auth(ctx.token) },
        body: new Uint8Array(body.payload),
      });
      expect(res.status).toBe(507);
      expect(await res.json()).toMatchObject({ success: false, code: 'storage_full' });
      expect(await fileRows()).toEqual([]);
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [], thumbs: [], tmp: [] });
    });
  });
});

describe('a PostgreSQL connection lost inside a transaction', () => {
  it('fails that transaction with DatabaseUnavailableError instead of crashing the process', async () => {
    const backend = backends.find((b) => b.name === 'postgres')!;
    const { db, drop } = await backend.open('');
    try {
      const attempt = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // Another connection ends this one between two statements (as a stopping server does).
        await db.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200)); // the 'error' event arrives
        await tx.query('SELECT 1');
      });
      await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1); // the pool goes on
    } finally {
      await db.close();
      await drop();
    }
  });
});
