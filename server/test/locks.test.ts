/**
 * The advisory locks several server processes on one PostgreSQL take turns with (server/db/locks.ts):
 * a periodic job runs in one process at a time and the others skip it; on PGlite (one process)
 * the same calls take turns in memory and ask nothing of the database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { LOCKS, runIfFree, waitForLock } from '../db/locks.ts';
import { backends } from './helpers.ts';

/** A promise and the function that settles it, to hold a job open until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe.each(backends)('advisory locks ($name)', (backend) => {
  let db: Database;
  let dataDir: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `locks-test-${backend.name}-`));
    ({ db, drop } = await backend.open(dataDir));
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Starts `name`'s job and resolves once it runs; `finish` lets it end with `value`. */
  async function holdJob<T>(name: keyof typeof LOCKS, value: T) {
    const started = gate();
    const release = gate();
    const run = runIfFree(db, name, async () => {
      started.open();
      await release.opened;
      return value;
    });
    await started.opened;
    return { run, finish: release.open };
  }

  it('runs the job and answers its value', async () => {
    expect(await runIfFree(db, 'trashSweep', async () => 42)).toEqual({ ran: true, value: 42 });
  });

  it('skips a job at once while another holder runs it, other jobs are not held up, and it runs again once done', async () => {
    const first = await holdJob('trashSweep', 'first');
    let secondRan = false;
    expect(
      await runIfFree(db, 'trashSweep', async () => {
        secondRan = true;
      }),
    ).toEqual({ ran: false });
    expect(secondRan).toBe(false);
    expect(await runIfFree(db, 'storageSweep', async () => 'other job')).toEqual({ ran: true, value: 'other job' });
    first.finish();
    expect(await first.run).toEqual({ ran: true, value: 'first' });
    expect(await runIfFree(db, 'trashSweep', async () => 'again')).toEqual({ ran: true, value: 'again' });
  });

  it('lets the lock go when the job throws, and throws its error on', async () => {
    await expect(
      runIfFree(db, 'statistics', async () => {
        throw new Error('sweep failed');
      }),
    ).rejects.toThrow('sweep failed');
    expect(await runIfFree(db, 'statistics', async () => 'next')).toEqual({ ran: true, value: 'next' });
  });

  it('waits for a start-up lock inside a transaction, and lets it go when the transaction ends', async () => {
    const underLock = (label: string) =>
      db.transaction(async (tx) => {
        await waitForLock(tx, 'migrations');
        return label;
      });
    expect(await underLock('first')).toBe('first');
    expect(await underLock('second')).toBe('second');
  });

  describe.runIf(backend.name === 'postgres')('on PostgreSQL, between processes', () => {
    const url = process.env.TEST_DATABASE_URL!;
    /** A connection of its own, as another server process has, in `schema`. */
    const otherProcess = async (schema: string) => {
      const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
      await client.connect();
      return client;
    };
    const currentSchema = async () => (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;

    it("skips while another process holds the job's lock, and runs once that process's transaction ends", async () => {
      const other = await otherProcess(await currentSchema());
      try {
        await other.query('BEGIN');
        await other.query('SELECT pg_advisory_xact_lock(hashtext(current_schema()), $1)', [LOCKS.trashSweep]);
        expect(await runIfFree(db, 'trashSweep', async () => 'ran')).toEqual({ ran: false });
        await other.query('COMMIT');
        expect(await runIfFree(db, 'trashSweep', async () => 'ran')).toEqual({ ran: true, value: 'ran' });
      } finally {
        await other.end();
      }
    });

    it('holds up a process waiting for a start-up lock until the holder commits', async () => {
      const other = await otherProcess(await currentSchema());
      try {
        await other.query('BEGIN');
        await other.query('SELECT pg_advisory_xact_lock(hashtext(current_schema()), $1)', [LOCKS.migrations]);
        const steps: string[] = [];
        const waiting = db.transaction(async (tx) => {
          await waitForLock(tx, 'migrations');
          steps.push('got the lock');
        });
        // Seen from the database: our transaction waits for the advisory lock.
        await expect
          .poll(
            async () =>
              (
                await other.query(
                  `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                     AND classid = hashtext(current_schema())::oid AND objid = $1 AND objsubid = 2`,
                  [LOCKS.migrations],
                )
              ).rows[0].n,
            { timeout: 5_000, interval: 20 },
          )
          .toBe(1);
        expect(steps).toEqual([]);
        await other.query('COMMIT');
        await waiting;
        expect(steps).toEqual(['got the lock']);
      } finally {
        await other.end();
      }
    });

    it('names locks within the schema: a holder in another schema does not hold this one up', async () => {
      const other = await otherProcess('public');
      try {
        await other.query('BEGIN');
        await other.query('SELECT pg_advisory_xact_lock(hashtext(current_schema()), $1)', [LOCKS.trashSweep]);
        expect(await runIfFree(db, 'trashSweep', async () => 'ran')).toEqual({ ran: true, value: 'ran' });
        await other.query('COMMIT');
      } finally {
        await other.end();
      }
    });
  });
});
