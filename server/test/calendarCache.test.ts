/**
 * The calendar's kept answers (server/articles/calendarCache.ts), on a database that only
 * listens: kept until a notice, never kept from a read a notice overtook, neither kept nor served
 * while the listening connection is lost, the oldest dropped past the budget; and which requests
 * drop them.
 */
import { describe, expect, it } from 'vitest';
import { CalendarCache, mayChangeCalendar } from '../articles/calendarCache.ts';
import type { Database } from '../db/database.ts';

/** A database that only listens: the test sends its notices and gaps. */
function listeningDb() {
  const heard: { notice?: () => void; gap?: (state: 'lost' | 'back') => void } = {};
  const db = {
    listen: async (channel: string, onMessage: (payload: string) => void, onGap?: (state: 'lost' | 'back') => void) => {
      expect(channel).toBe('calendar');
      heard.notice = () => onMessage('');
      heard.gap = onGap;
      return async () => {};
    },
  } as unknown as Database;
  return { db, notice: () => heard.notice!(), gap: (state: 'lost' | 'back') => heard.gap!(state) };
}

/** A read that counts how often it ran and answers `json`. */
function reader(json: string) {
  const read = Object.assign(async () => {
    read.runs++;
    return json;
  }, { runs: 0 });
  return read;
}

describe('the calendar cache', () => {
  it('keeps an answer until a notice, then reads again', async () => {
    const { db, notice } = listeningDb();
    const cache = new CalendarCache(db);
    await cache.start();
    const read = reader('{"data":[],"truncated":false}');
    expect(await cache.answer('k', read)).toBe('{"data":[],"truncated":false}');
    expect(await cache.answer('k', read)).toBe('{"data":[],"truncated":false}');
    expect(read.runs).toBe(1);
    notice();
    await cache.answer('k', read);
    expect(read.runs).toBe(2);
    cache.forget();
    await cache.answer('k', read);
    expect(read.runs).toBe(3);
    expect(cache.counts).toEqual({ kept: 1, read: 3 });
  });

  it('sends but does not keep an answer read while a notice came in', async () => {
    const { db, notice } = listeningDb();
    const cache = new CalendarCache(db);
    await cache.start();
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'before the change';
    };
    const answered = cache.answer('k', slow);
    notice(); // the change commits while the read is under way
    release();
    expect(await answered).toBe('before the change');
    const read = reader('after the change');
    expect(await cache.answer('k', read)).toBe('after the change');
    expect(read.runs).toBe(1);
  });

  it('neither keeps nor serves answers while the listening connection is lost', async () => {
    const { db, gap } = listeningDb();
    const cache = new CalendarCache(db);
    await cache.start();
    const read = reader('x');
    await cache.answer('k', read);
    gap('lost');
    await cache.answer('k', read);
    await cache.answer('k', read);
    expect(read.runs).toBe(3);
    gap('back');
    await cache.answer('k', read);
    await cache.answer('k', read);
    expect(read.runs).toBe(4);
  });

  it('drops the least recently read answers past its budget, and keeps none larger than it', async () => {
    const { db } = listeningDb();
    const cache = new CalendarCache(db, 10);
    await cache.start();
    const a = reader('aaaa');
    const b = reader('bbbb');
    const c = reader('cccc');
    await cache.answer('a', a);
    await cache.answer('b', b);
    await cache.answer('a', a); // a read again: b is now the oldest
    await cache.answer('c', c); // 12 characters: b goes
    await cache.answer('a', a);
    await cache.answer('b', b);
    expect([a.runs, b.runs, c.runs]).toEqual([1, 2, 1]);
    const big = reader('x'.repeat(11));
    await cache.answer('big', big);
    await cache.answer('big', big);
    expect(big.runs).toBe(2);
  });

  it('is dropped by the writes of articles, sources and accounts, not by reads, presence or comments', () => {
    for (const [method, url] of [
      ['PATCH', '/api/articles/a1'],
      ['POST', '/api/articles/bulk'],
      ['POST', '/api/articles/a1/review'],
      ['DELETE', '/api/articles/a1'],
      ['POST', '/api/sources/s1/poll'],
      ['PATCH', '/api/users/u1'],
      ['PATCH', '/api/articles?x=1'],
    ] as const) {
      expect(mayChangeCalendar(method, url), `${method} ${url}`).toBe(true);
    }
    for (const [method, url] of [
      ['GET', '/api/articles/a1'],
      ['GET', '/api/calendar?from=2026-12-01&to=2026-12-31'],
      ['PUT', '/api/articles/a1/presence'],
      ['POST', '/api/articles/a1/comments'],
      ['PATCH', '/api/comments/c1'],
      ['POST', '/api/files'],
      ['POST', '/api/notifications/read'],
      ['POST', '/api/articlesque'],
    ] as const) {
      expect(mayChangeCalendar(method, url), `${method} ${url}`).toBe(false);
    }
  });
});
