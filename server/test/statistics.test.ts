/**
 * The embedded database's planner statistics are refreshed when due, as PostgreSQL's autovacuum
 * decides (server/db/statistics.ts, refreshStatistics): more than 50 rows plus a tenth of the
 * articles written since the last refresh. Run on both backends (the same statements).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { refreshStatistics, STATISTICS_SETTING } from '../db/statistics.ts';
import { backends } from './helpers.ts';

describe.each(backends)('planner statistics refreshed when due ($name)', (backend) => {
  let db: Database;
  let dataDir: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `statistics-test-${backend.name}-`));
    ({ db, drop } = await backend.open(dataDir));
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  let next = 0;
  /** `n` new articles (a word of their own in their text), written now. */
  const insert = (n: number) =>
    db.query(
      `INSERT INTO articles (id, status, slug, scrapped_data, created_at, updated_at)
       SELECT 'stat' || lpad((${next} + i)::text, 6, '0'), 'draft', 'stat-' || (${next} + i), 'Text with gazpacho number ' || i, now(), now()
         FROM generate_series(1, ${n}) i`,
    ).then(() => (next += n));
  const mark = async () =>
    (await db.query<{ value: { at: string; articles: number } }>('SELECT value FROM settings WHERE key = $1', [STATISTICS_SETTING])).rows[0]?.value;
  const knowsWord = async (word: string) => {
    const { rows } = await db.query<{ elems: string[] | null }>(
      `SELECT most_common_elems::text::text[] AS elems FROM pg_stats
        WHERE schemaname = current_schema() AND tablename = 'articles' AND attname = 'search_vector'`,
    );
    return (rows[0]?.elems ?? []).includes(word);
  };

  it('refreshes a library never marked, then only once enough was written', async () => {
    expect(await mark()).toBeUndefined();
    // No statistics yet: due.
    expect(await refreshStatistics(db)).toBe(true);
    expect(await mark()).toMatchObject({ articles: 0 });
    expect(await refreshStatistics(db)).toBe(false);

    // 50 written: not more than 50 + 10% of 0.
    await insert(50);
    expect(await refreshStatistics(db)).toBe(false);
    expect(await knowsWord('gazpacho')).toBe(false);
    await insert(1);
    expect(await refreshStatistics(db)).toBe(true);
    expect(await knowsWord('gazpacho')).toBe(true);
    expect(await mark()).toMatchObject({ articles: 51 });
  });

  it('counts edits as writes, beyond 50 plus a tenth of the articles marked', async () => {
    await insert(449);
    expect(await refreshStatistics(db)).toBe(true);
    expect(await mark()).toMatchObject({ articles: 500 });
    // 500 marked: due past 100 written.
    const edit = (n: number) =>
      db.query(`UPDATE articles SET updated_at = now() WHERE id IN (SELECT id FROM articles ORDER BY id LIMIT ${n})`);
    await edit(100);
    expect(await refreshStatistics(db)).toBe(false);
    await edit(101);
    expect(await refreshStatistics(db)).toBe(true);
    expect(await refreshStatistics(db)).toBe(false);
  });

  it('counts removed articles', async () => {
    const remove = (n: number) => db.query(`DELETE FROM articles WHERE id IN (SELECT id FROM articles ORDER BY id LIMIT ${n})`);
    await remove(100);
    expect(await refreshStatistics(db)).toBe(false);
    await remove(1);
    expect(await refreshStatistics(db)).toBe(true);
    expect(await mark()).toMatchObject({ articles: 399 });
  });

  it('marks a library analysed before marks were, without reading it again', async () => {
    await db.query('DELETE FROM settings WHERE key = $1', [STATISTICS_SETTING]);
    await db.query('ANALYZE articles');
    expect(await refreshStatistics(db)).toBe(false);
    expect(await mark()).toMatchObject({ articles: 399 });
    // The mark counts writes from then on: due past 89.
    await insert(89);
    expect(await refreshStatistics(db)).toBe(false);
    await insert(1);
    expect(await refreshStatistics(db)).toBe(true);
  });
});
