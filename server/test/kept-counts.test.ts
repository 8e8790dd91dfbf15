/**
 * The list's kept counts (migration 036, server/repositories/keptCounts.ts): per status and per
 * filter, exact after every kind of write that moves them, read from the kept sums; and, on
 * PostgreSQL, two transactions adding articles at once do not wait on one counter row.
 */
import { describe, expect, it } from 'vitest';
import { articleListResultSchema } from '../../src/contract/index.ts';
import { LOCKS } from '../db/locks.ts';
import { keptCountsDrift, markCounts } from '../repositories/keptCounts.ts';
import { backends, useHarness, withoutHistory } from './helpers.ts';

describe.each(backends)('kept counts ($name)', (backend) => {
  const ctx = useHarness(backend);

  const insert = (id: string, status = 'draft') =>
    ctx.h.db.query(`INSERT INTO articles (id, status, slug, created_at, updated_at) VALUES ($1, $2, $1, now(), now())`, [id, status]);
  /** A change made by hand, outside the history (as an operator's fix would be). */
  const update = (id: string, set: string) => withoutHistory(ctx.h.db, `UPDATE articles SET ${set} WHERE id = $1`, [id]);
  const CHECK_SQL = `INSERT INTO article_checks (article_id, checked_at, article_updated_at, content_key, word_count, reading_minutes, items, failing)
      VALUES ($1, now(), now(), 'k', 1, 1, '[]', $2)
    ON CONFLICT (article_id) DO UPDATE SET failing = EXCLUDED.failing`;
  const check = (id: string, failing: number) => ctx.h.db.query(CHECK_SQL, [id, failing]);
  const list = async (query = '') => {
    const res = await ctx.api('GET', `/api/articles/admin/articles?limit=1${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return articleListResultSchema.parse(res.json());
  };

  it('keeps every mark and count exact through the writes that move them', async () => {
    for (const id of ['a1', 'a2', 'a3', 'a4']) await insert(id);
    await insert('p1', 'published');
    await check('a1', 2);
    await check('a2', 0);
    await ctx.h.db.query(`INSERT INTO article_copies (article_id, other_id) VALUES ('a3', 'a4'), ('a4', 'a3'), ('p1', 'a4')`);
    await update('a2', 'source_changed = true');
    await update('p1', `publish_at = now() + interval '1 day'`);
    expect(await keptCountsDrift(ctx.h.db)).toEqual([]);
    expect(await markCounts(ctx.h.db, 'copy')).toEqual({ published: 1, draft: 2 });
    expect(await markCounts(ctx.h.db, 'attention')).toEqual({ published: 0, draft: 1 });

    // A check fixed, another failing; a status changed; the original of two copies trashed
    // (they no longer look like a copy), then restored; a copy's pair gone.
    await check('a1', 0);
    await check('a2', 1);
    await update('a2', "status = 'published'");
    await update('a4', 'deleted_at = now()');
    expect(await markCounts(ctx.h.db, 'copy')).toEqual({ published: 0, draft: 0 });
    expect(await markCounts(ctx.h.db, 'attention')).toEqual({ published: 1, draft: 0 });
    expect(await keptCountsDrift(ctx.h.db)).toEqual([]);
    await update('a4', 'deleted_at = NULL');
    await ctx.h.db.query(`DELETE FROM article_copies WHERE article_id = 'a4'`);
    expect(await markCounts(ctx.h.db, 'copy')).toEqual({ published: 1, draft: 1 });
    // Several rows in one statement; an article deleted for good (its pairs and checks go with it).
    await withoutHistory(ctx.h.db, `UPDATE articles SET status = 'published' WHERE id IN ('a1', 'a3', 'a4')`);
    await ctx.h.db.query(`DELETE FROM articles WHERE id = 'a2'`);
    await update('p1', 'publish_at = NULL, source_changed = true');
    expect(await keptCountsDrift(ctx.h.db)).toEqual([]);
    expect(await markCounts(ctx.h.db, 'copy')).toEqual({ published: 2, draft: 0 });
    expect(await markCounts(ctx.h.db, 'scheduled')).toEqual({ published: 0, draft: 0 });
    expect(await markCounts(ctx.h.db, 'source_changed')).toEqual({ published: 1, draft: 0 });
  });

  it('answers the list with the kept counts: plain, and filtered to one mark', async () => {
    for (const id of ['b1', 'b2', 'b3']) await insert(id);
    await insert('q1', 'published');
    await check('b1', 1);
    await check('q1', 3);
    await ctx.h.db.query(`INSERT INTO article_copies (article_id, other_id) VALUES ('b2', 'b3'), ('q1', 'b3')`);
    await update('b3', 'source_changed = true');

    const plain = await list();
    expect(plain.counts).toMatchObject({ all: 4, published: 1, draft: 3, scheduled: 0 });
    expect(plain.attention).toBe(2);
    expect(plain.sourceChanged).toBe(1);
    expect((await list('&attention=true')).counts).toMatchObject({ published: 1, draft: 1 });
    expect((await list('&copies=true')).counts).toMatchObject({ published: 1, draft: 1 });
    expect((await list('&sourceChanged=true')).counts).toMatchObject({ published: 0, draft: 1 });
    // Through the API's own writes too: trashed, the article leaves every count.
    expect((await ctx.api('DELETE', '/api/articles/b1')).statusCode).toBe(204);
    expect((await list('&attention=true')).counts).toMatchObject({ published: 1, draft: 0 });
    expect(await keptCountsDrift(ctx.h.db)).toEqual([]);
  });

  it.runIf(backend.name === 'postgres')('lets two transactions add articles at once, each on a counter slot of its own', async () => {
    // A (an uncommitted draft) holds its slot's row; B, on a connection of another slot, adds
    // one and commits meanwhile. With one row per status B would wait for A: its lock_timeout
    // then fails the test instead of hanging it.
    const a = hold();
    const slotOf = async (t: Held) => Number((await t.query<{ slot: number }>('SELECT counter_slot() AS slot')).rows[0]!.slot);
    const slotA = await slotOf(a);
    // Connections of the pool until one stands on another slot (pids are given in turn).
    const others: Held[] = [];
    let b = hold();
    while ((await slotOf(b)) === slotA && others.length < 3) {
      others.push(b);
      b = hold();
    }
    await Promise.all(others.map((t) => t.commit()));
    expect(await slotOf(b)).not.toBe(slotA);

    await a.query(`INSERT INTO articles (id, status, slug, created_at, updated_at) VALUES ('held-a', 'draft', 'held-a', now(), now())`);
    await b.query(`SET LOCAL lock_timeout = '10s'`);
    await b.query(`INSERT INTO articles (id, status, slug, created_at, updated_at) VALUES ('held-b', 'draft', 'held-b', now(), now())`);
    await b.commit();
    expect((await statusCounts()).draft).toBe(1);
    await a.commit();
    expect((await statusCounts()).draft).toBe(2);
    expect(await keptCountsDrift(ctx.h.db)).toEqual([]);
  });

  it.runIf(backend.name === 'postgres')("keeps one article's marks right when two transactions change what they depend on at once", async () => {
    expect(LOCKS.articleMarks).toBe(10); // the number migration 36's triggers lock with
    // A publish (held open) while the article's check result is stored: the store's refresh waits
    // for the publish's, then reads it.
    await insert('x1');
    const publish = hold();
    const store = hold();
    await publish.query("SET LOCAL history.off = 'on'");
    await publish.query(`UPDATE articles SET status = 'published' WHERE id = 'x1'`);
    const storePid = await pidOf(store);
    const storing = store.query(CHECK_SQL, ['x1', 2]);
    await waitingOnALock(storePid);
    await publish.commit();
    await storing;
    await store.commit();
    expect(await markCounts(ctx.h.db, 'attention')).toEqual({ published: 1, draft: 0 });
    expect(await keptCountsDrift(ctx.h.db)).toEqual([]);

    // Both partners of a copy trashed at once: it no longer looks like a copy.
    for (const id of ['y1', 'a1', 'b1']) await insert(id);
    await ctx.h.db.query(`INSERT INTO article_copies (article_id, other_id) VALUES ('y1', 'a1'), ('a1', 'y1'), ('y1', 'b1'), ('b1', 'y1')`);
    expect(await markCounts(ctx.h.db, 'copy')).toEqual({ published: 0, draft: 3 });
    const first = hold();
    const second = hold();
    for (const t of [first, second]) await t.query("SET LOCAL history.off = 'on'");
    await first.query(`UPDATE articles SET deleted_at = now() WHERE id = 'a1'`);
    const secondPid = await pidOf(second);
    const trashing = second.query(`UPDATE articles SET deleted_at = now() WHERE id = 'b1'`);
    await waitingOnALock(secondPid);
    await first.commit();
    await trashing;
    await second.commit();
    expect(await markCounts(ctx.h.db, 'copy')).toEqual({ published: 0, draft: 0 });
    expect(await keptCountsDrift(ctx.h.db)).toEqual([]);
  });

  const pidOf = async (t: Held) => Number((await t.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
  /** Until the backend `pid` waits for a lock: its statement has reached the point the other transaction holds. */
  const waitingOnALock = async (pid: number) => {
    for (;;) {
      const { rows } = await ctx.h.db.query<{ wait_event_type: string | null }>('SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1', [pid]);
      if (rows[0]?.wait_event_type === 'Lock') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /** The kept counts per status, read outside the held transactions. */
  const statusCounts = async () => {
    const { rows } = await ctx.h.db.query<{ status: string; n: string }>('SELECT status, n FROM article_counts');
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  };

  interface Held {
    query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
    commit(): Promise<unknown>;
  }
  /** A transaction held open on a connection of its own, given its statements one at a time. */
  function hold(): Held {
    type Step = { sql: string; params: unknown[]; answer: (rows: { rows: unknown[] }) => void; fail: (error: unknown) => void } | 'end';
    const waiting: ((step: Step) => void)[] = [];
    const pending: Step[] = [];
    const take = () => new Promise<Step>((resolve) => (pending.length ? resolve(pending.shift()!) : waiting.push(resolve)));
    const give = (step: Step) => (waiting.length ? waiting.shift()!(step) : pending.push(step));
    const done = ctx.h.db.transaction(async (tx) => {
      for (let step = await take(); step !== 'end'; step = await take()) {
        try {
          step.answer(await tx.query(step.sql, step.params));
        } catch (error) {
          step.fail(error);
        }
      }
    });
    return {
      query: <R,>(sql: string, params: unknown[] = []) =>
        new Promise<{ rows: R[] }>((answer, fail) => give({ sql, params, answer: answer as (rows: { rows: unknown[] }) => void, fail })),
      commit: () => {
        give('end');
        return done;
      },
    };
  }
});
