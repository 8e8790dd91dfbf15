/**
 * The embedded database on its own thread: the server's thread goes on while a statement runs,
 * quick statements go before the queued ones, a statement that waited past its limit is refused
 * without running, and errors and transactions behave as PostgreSQL's do.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../db/database.ts';
import { createPgliteDatabase, type PgliteDatabase } from '../db/pglite-thread.ts';
import { checkpointIfDue, walSinceCheckpoint } from '../db/wal.ts';
import { DatabaseBusyError, toApiError } from '../errors.ts';

/** A statement that keeps the database's thread busy for a good part of a second. */
const SLOW = `SELECT count(*) AS n FROM generate_series(1, 2000000)`;

let db: PgliteDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('the embedded database on its own thread', { timeout: 60_000 }, () => {
  it('leaves the server thread free while a statement runs', async () => {
    db = await createPgliteDatabase();
    const order: string[] = [];
    const slow = db.query(SLOW).then(() => order.push('statement'));
    // Timers of the calling thread fire while the statement runs (in-thread, they could not).
    await new Promise((resolve) => setTimeout(resolve, 20));
    order.push('timer');
    await slow;
    expect(order).toEqual(['timer', 'statement']);
  });

  it('checkpoints its WAL once it has grown, which nothing else does', async () => {
    db = await createPgliteDatabase(await mkdtemp(path.join(os.tmpdir(), 'pglite-wal-')));
    await db.query('CREATE TABLE w (body text)');
    // About 8 MB of text that does not compress, in several statements.
    for (let i = 0; i < 5; i++) {
      await db.query(
        `INSERT INTO w SELECT (SELECT string_agg(md5(random()::text || k || g), '') FROM generate_series(1, 50) k) FROM generate_series(1, 1000) g`,
      );
    }
    const grown = await walSinceCheckpoint(db);
    expect(grown).toBeGreaterThan(5 * 1024 * 1024);
    expect(await checkpointIfDue(db, grown + 1024 * 1024)).toBe(false);
    expect(await walSinceCheckpoint(db)).toBeGreaterThanOrEqual(grown);
    expect(await checkpointIfDue(db, 1024 * 1024)).toBe(true);
    expect(await walSinceCheckpoint(db)).toBeLessThan(1024 * 1024);
  });

  it('runs quick statements before the ones queued earlier', async () => {
    db = await createPgliteDatabase();
    const order: string[] = [];
    const running = db.query(SLOW).then(() => order.push('running'));
    const queued = [1, 2].map((n) => db!.query(SLOW).then(() => order.push(`queued ${n}`)));
    const quick = db.query('SELECT 1', [], { lane: 'quick' }).then(() => order.push('quick'));
    await Promise.all([running, ...queued, quick]);
    expect(order).toEqual(['running', 'quick', 'queued 1', 'queued 2']);
  });

  it('runs background work after what admins wait on, unless it has waited its time', async () => {
    const run = async () => {
      const order: string[] = [];
      const running = db!.query(SLOW).then(() => order.push('running'));
      const background = db!.transaction(async (tx) => tx.query('SELECT 1'), { lane: 'background' }).then(() => order.push('background'));
      const normal = db!.query('SELECT 1').then(() => order.push('normal'));
      await Promise.all([running, background, normal]);
      return order;
    };
    db = await createPgliteDatabase(undefined, { backgroundAgeMs: 600_000 });
    expect(await run()).toEqual(['running', 'normal', 'background']);
    await db.close();
    // Waited its time (none, here): it goes before the normal queue.
    db = await createPgliteDatabase(undefined, { backgroundAgeMs: 0 });
    expect(await run()).toEqual(['running', 'background', 'normal']);
  });

  it('refuses a statement that waited past its limit, without running it, with a 503 database_busy', async () => {
    db = await createPgliteDatabase(undefined, { waitMs: 50 });
    await db.query('CREATE TABLE t (id int PRIMARY KEY)');
    const slow = db.query(SLOW);
    const late = db.query('INSERT INTO t VALUES (1)').catch((error: unknown) => error);
    await slow;
    const error = await late;
    expect(error).toBeInstanceOf(DatabaseBusyError);
    const answer = toApiError(error as Error);
    expect(answer.statusCode).toBe(503);
    expect(answer.code).toBe('database_busy');
    expect(answer.message).toBe('The database is busy with other requests. Nothing was changed; try again in a moment.');
    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 0 }]);
  });

  it('keeps PostgreSQL error fields, commits and rolls back transactions, and carries notices', async () => {
    db = await createPgliteDatabase();
    await db.query('CREATE TABLE t (id int CONSTRAINT t_pkey PRIMARY KEY)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)');
    });
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (2)');
        await tx.query('INSERT INTO t VALUES (1)');
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failed, 't_pkey')).toBe(true);
    expect((await db.query<{ id: number }>('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }]);

    const heard: string[] = [];
    const stop = await db.listen('news', (payload) => heard.push(payload));
    await db.query(`SELECT pg_notify('news', 'hello')`);
    await stop();
    await db.query(`SELECT pg_notify('news', 'unheard')`);
    expect(heard).toEqual(['hello']);
  });
});
