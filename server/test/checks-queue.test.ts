import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { ChecksQueue } from '../articles/runChecks.ts';

const silent = { warn: () => {} } as unknown as FastifyBaseLogger;

describe('ChecksQueue', () => {
  it('runs one article at a time, in order; one queued twice while it waits runs once; one changed while it runs, again', async () => {
    const ran: string[] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const queue = new ChecksQueue(async (id) => {
      ran.push(id);
      if (id === 'a' && ran.length === 1) await first;
    }, silent);
    queue.add('a');
    queue.add('b');
    queue.add('b');
    queue.add('a');
    // Under way, waiting, or neither: what GET /articles/:id/checks says as `stale`.
    expect([queue.has('a'), queue.has('b'), queue.has('c')]).toEqual([true, true, false]);
    release();
    await queue.idle();
    expect(ran).toEqual(['a', 'b', 'a']);
    expect(queue.has('a')).toBe(false);
  });

  it('goes on after a run that failed, and takes an article added as the last run ends', async () => {
    const ran: string[] = [];
    const queue = new ChecksQueue(async (id) => {
      ran.push(id);
      if (id === 'bad') throw new Error('no');
    }, silent);
    queue.add('bad');
    queue.add('good');
    await queue.idle();
    // Added in the microtask after the drain's end: still run.
    queue.add('late');
    await queue.idle();
    expect(ran).toEqual(['bad', 'good', 'late']);
  });

  it('runs nothing when turned off, and nothing more once stopped', async () => {
    const ran: string[] = [];
    const off = new ChecksQueue(async (id) => void ran.push(id), silent, false);
    off.add('a');
    await off.idle();
    const on = new ChecksQueue(async (id) => void ran.push(id), silent);
    await on.stop();
    on.add('b');
    await on.idle();
    expect(ran).toEqual([]);
  });
});
