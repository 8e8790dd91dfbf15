/**
 * The embedded database on its own thread: the server's thread goes on while a statement runs,
 * quick statements go before the queued ones, a statement that waited past its limit is refused
 * without running, and errors and transactions behave as PostgreSQL's do.
 */
import { mkdtemp, rm } from 'node:fs/promises';
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
/** Folders a test made for its database, removed once it is closed. */
const folders: string[] = [];
afterEach(async () => {
  await db?.close();
  db = undefined;
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
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
    const folder = await mkdtemp(path.join(os.tmpdir(), 'pglite-wal-'));
    folders.push(folder);
    db = await createPgliteDatabase(folder);
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
    // A limit far above what a loaded machine takes to start a statement: the transaction's own
    // BEGIN waits under the same limit, and must not be the one refused.
    const waitMs = 1_000;
    db = await createPgliteDatabase(undefined, { waitMs });
    const database = db;
    await database.query('CREATE TABLE t (id int PRIMARY KEY)');
    let late: Promise<unknown> | undefined;
    // A transaction holds the thread: the insert waits behind it until its limit has passed.
    await database.transaction(async (tx) => {
      await tx.query('SELECT 1');
      late = database.query('INSERT INTO t VALUES (1)').catch((error: unknown) => error);
      const posted = Date.now();
      while ((await database.queue()).waiting.normal === 0) await new Promise((resolve) => setImmediate(resolve));
      // The limit is a time: what is awaited here is that time, on the clock the thread reads.
      while (Date.now() <= posted + waitMs) await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const error = await late;
    expect(error).toBeInstanceOf(DatabaseBusyError);
    const answer = toApiError(error as Error);
    expect(answer.statusCode).toBe(503);
    expect(answer.code).toBe('database_busy');
    expect(answer.message).toBe('The database is busy with other requests. Nothing was changed; try again in a moment.');
    expect((await database.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 0 }]);
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

  it('prepares what the server prepares: once, with the same answers, types and errors as any statement', async () => {
    db = await createPgliteDatabase();
    await db.query('CREATE TABLE p (id int CONSTRAINT p_pkey PRIMARY KEY, at timestamptz, tags text[], note text)');
    const insert = 'INSERT INTO p VALUES ($1, $2, $3, $4) RETURNING id, at, tags, note';
    const at = new Date('2026-06-15T10:00:00.000Z');
    const first = await db.query(insert, [1, at, ['a', 'b'], null], { prepare: true });
    expect(first.rows).toEqual([{ id: 1, at, tags: ['a', 'b'], note: null }]);
    expect(first.rowCount).toBe(1);
    const select = 'SELECT id, at, tags, note FROM p WHERE id = ANY($1::int[]) ORDER BY id';
    for (let i = 2; i <= 8; i++) await db.query(insert, [i, at, [], `note ${i}`], { prepare: true });
    const prepared = await db.query(select, [[1, 5, 9]], { prepare: true });
    expect(prepared.rows).toEqual((await db.query(select, [[1, 5, 9]])).rows);
    expect(prepared.rows.map((row) => (row as { id: number }).id)).toEqual([1, 5]);
    // Each text prepared once; after five runs, the plan for any parameters is used.
    const { rows } = await db.query<{ statement: string; generic_plans: number; custom_plans: number }>(
      'SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements ORDER BY statement',
    );
    expect(rows.map((row) => row.statement)).toEqual([insert, select]);
    expect(rows[0]!.generic_plans + rows[0]!.custom_plans).toBe(8);
    // An error keeps its fields, and the database (and the statement) go on.
    const duplicate = await db.query(insert, [1, at, [], null], { prepare: true }).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate, 'p_pkey')).toBe(true);
    expect((await db.query(insert, [9, null, null, 'x'], { prepare: true })).rows).toEqual([{ id: 9, at: null, tags: null, note: 'x' }]);
    // A text that does not parse is not kept.
    await expect(db.query('SELEC 1', [], { prepare: true })).rejects.toThrow(/syntax error/);
    expect(await db.query('SELECT 1 AS one', [], { prepare: true })).toMatchObject({ rows: [{ one: 1 }] });
    // Inside a transaction too, rolled back as any statement.
    await db.transaction(async (tx) => {
      await tx.query(insert, [10, at, [], null], { prepare: true });
    });
    await db
      .transaction(async (tx) => {
        await tx.query(insert, [11, at, [], null], { prepare: true });
        throw new Error('changed my mind');
      })
      .catch(() => {});
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM p')).rows[0]!.n).toBe(10);
  });
});
