// The Node flags the server process runs with, wherever it is started (npm start, the
// benchmarks). A small young generation: the server's garbage is short-lived (requests,
// results), and V8 on a machine with much memory lets the space grow to about 100 MB that
// stays resident; 8 MB semi-spaces cost no measurable speed (bench:memory).
import { readFileSync } from 'node:fs';
import os from 'node:os';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

// With the embedded database in low-memory mode: V8's baseline compiler alone. Its optimising
// compiler, at work on PGlite's WebAssembly (PostgreSQL compiled: very large functions), lifted
// the server to about 800 MB for a second after start on Node 24 and to about 290 MB on Node 26;
// without it the server peaks near 240 MB and its statements run 0 to 65% slower (bench:memory,
// docs/performance.md). V8 flags are the process's, so this is a command-line flag of the server, not of the
// database's thread.
export const LOW_MEMORY_NODE_FLAGS = ['--liftoff-only'];

/**
 * glibc's malloc thresholds the server runs with: a block of 128 KB or more is mapped on its own
 * and given back when freed, and the top of a heap past 128 KB is trimmed. These are glibc's
 * starting values; setting them keeps them there (glibc otherwise raises both as large blocks are
 * freed, up to 32 and 64 MB per arena, and keeps that much of what libvips and the workers freed).
 */
export const MALLOC_THRESHOLD_BYTES = '131072';

/**
 * The server's environment beside `env`, each value kept where `env` sets it: glibc's malloc
 * arenas capped at two, and its thresholds fixed (MALLOC_THRESHOLD_BYTES). Every thread that
 * allocates (the database's, the workers', libvips' own) otherwise gets an arena of its own, up
 * to eight per core, and freed memory stays in each: with two, the embedded server rests 40 to
 * 60 MB lower after uploads and peaks lower too; the thresholds took another 20 to 50 MB off the
 * peaks and the rest (bench:memory, bench:upload, docs/performance.md). Read by glibc when the process starts,
 * so they are set where the server is spawned.
 */
export function serverEnvironment(env) {
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? MALLOC_THRESHOLD_BYTES,
    MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ ?? MALLOC_THRESHOLD_BYTES,
  };
}

/** Below this much memory for the process, `LOW_MEMORY=auto` (the default) turns it on. */
export const LOW_MEMORY_BELOW_BYTES = 2 * 1024 ** 3;

/** The memory this process may use: its cgroup's limit where one is set, else the machine's. */
export function availableMemoryBytes() {
  const limits = ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes'].map((file) => {
    try {
      return Number(readFileSync(file, 'utf8').trim());
    } catch {
      return Number.NaN;
    }
  });
  // 'max' (no limit) reads as NaN; cgroup v1 says "no limit" with a huge number.
  return Math.min(os.totalmem(), ...limits.filter((n) => Number.isFinite(n) && n > 0));
}

/**
 * LOW_MEMORY's value read (`auto`, or a flag's value: the server's configuration reads it with
 * this, server/config.ts): `{ ok }` or `{ problem }`.
 */
export function readLowMemory(value) {
  if (value === undefined || /^auto$/i.test(value)) return { ok: 'auto' };
  if (/^(1|true|yes|on)$/i.test(value)) return { ok: true };
  if (/^(0|false|no|off)$/i.test(value)) return { ok: false };
  return { problem: `must be true, false or auto, got "${value}"` };
}

/**
 * Whether the server runs in low-memory mode: `LOW_MEMORY=true` or `false`, or (unset or
 * `auto`) when the embedded database is used with less than 2 GiB available. Throws on any
 * other value, with the server's configuration's message.
 */
export function lowMemory(env, available = availableMemoryBytes) {
  const value = (env.LOW_MEMORY ?? '').trim();
  const read = readLowMemory(value === '' ? undefined : value);
  if ('problem' in read) throw new Error(`LOW_MEMORY ${read.problem}`);
  return read.ok === 'auto' ? !env.DATABASE_URL && available() < LOW_MEMORY_BELOW_BYTES : read.ok;
}

/** The server's flags for `env`: low-memory mode's only with the embedded database. */
export function serverNodeFlags(env, available = availableMemoryBytes) {
  const low = lowMemory(env, available);
  return [...SERVER_NODE_FLAGS, ...(low && !env.DATABASE_URL ? LOW_MEMORY_NODE_FLAGS : [])];
}
