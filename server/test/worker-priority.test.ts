/**
 * The worker threads yield to the rest (server/workers/worker.mjs): each runs at the pool's nice
 * value (WORKER_NICE), while the thread that started the pool keeps its own. Linux only: there a
 * thread's nice value is its own, read from /proc/self/task/<thread id>/stat.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiError } from '../errors.ts';
import { WorkerPool } from '../workers/pool.ts';

/** Each thread of this process and its nice value (field 19 of its stat line, counted after the name's closing parenthesis). */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      nices.set(Number(tid), Number(fields[16]));
    } catch {
      /* the thread ended meanwhile */
    }
  }
  return nices;
}

/** This thread's own id. */
const ownThreadId = () => Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);

const limits = { timeoutMs: 30_000, tooSlow: () => apiError('page_too_slow'), tooBig: () => apiError('page_too_complex') };

describe.runIf(existsSync('/proc/thread-self'))('the worker threads priority', () => {
  it('runs each worker thread at the nice value given, and leaves the thread that started the pool as it was', async () => {
    const own = ownThreadId();
    const before = threadNices();
    const pool = new WorkerPool({ threads: 1, nice: 7 });
    try {
      expect(await pool.run('wordDiff', { left: 'the ferry returns', right: 'the ferry left' }, limits)).toBeTruthy();
      const after = threadNices();
      const started = [...after].filter(([tid]) => !before.has(tid));
      expect(started.map(([, nice]) => nice)).toContain(7);
      expect(after.get(own)).toBe(before.get(own));
    } finally {
      await pool.close();
    }
  });

  it('leaves the worker threads at the process priority with nice 0', async () => {
    const before = threadNices();
    const pool = new WorkerPool({ threads: 1, nice: 0 });
    try {
      await pool.run('wordDiff', { left: 'a b', right: 'a c' }, limits);
      const started = [...threadNices()].filter(([tid]) => !before.has(tid));
      expect(started.length).toBeGreaterThan(0);
      expect(started.every(([, nice]) => nice === before.get(ownThreadId()))).toBe(true);
    } finally {
      await pool.close();
    }
  });
});
