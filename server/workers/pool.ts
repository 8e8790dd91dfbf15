/**
 * One pool of worker threads (piscina) for the heavy work: scraping (fetch + jsdom +
 * Readability) today. Every job runs with a wall-clock limit (the worker is terminated when it
 * is over) and a heap limit (`resourceLimits`; a worker over it dies, not the server), so one
 * hostile page cannot stall or exhaust the server. Idle workers exit, so the pool costs no
 * memory at rest.
 */
import os from 'node:os';
import Piscina from 'piscina';
import sharp from 'sharp';
import { ApiError, apiError } from '../errors.ts';
import type * as Tasks from './tasks.ts';

type TaskName = 'scrapePage' | 'replaceImages' | 'inspectFile' | 'pdfThumbnail' | 'checkArticle' | 'checkAddresses';
type Input<K extends TaskName> = Omit<Parameters<(typeof Tasks)[K]>[0], 'started'>;
type Value<K extends TaskName> = Awaited<ReturnType<(typeof Tasks)[K]>> extends Tasks.TaskResult<infer V> ? V : never;

export interface WorkerPoolOptions {
  /** Worker threads at most (default: cores − 1, at least 2). */
  threads?: number;
  /** Heap limit of one worker in MB. */
  maxMemoryMb?: number;
  /** Jobs waiting beyond this are refused with 503 and Retry-After. */
  maxQueue?: number;
  /** How long an idle worker stays (ms). */
  idleTimeoutMs?: number;
  /** An upper bound on every job's time (ms), below the jobs' own limits (tests, small hosts). */
  jobTimeoutMs?: number;
  /** Hears a worker that failed outside a job (e.g. out of memory while starting). */
  onError?: (error: Error) => void;
}

/** How long a job may wait for a thread before it is refused as too slow. */
const MAX_WAIT_MS = 60_000;

export interface JobLimits {
  /** Counted from when the job starts running in a worker (not while it waits for one). */
  timeoutMs: number;
  /** What the client is told when the job is over its time. */
  tooSlow: () => ApiError;
  /** What the client is told when the job is over its memory. */
  tooBig: () => ApiError;
}

// libvips is loaded by the main thread before any worker uses it (as sharp asks for worker use).
sharp.cache(false);

export class WorkerPool {
  private readonly pool: Piscina;
  private readonly jobTimeoutMs: number;
  /** Jobs running or waiting at most; past it a job is refused at once (503). */
  private readonly capacity: number;
  private inFlight = 0;

  constructor(options: WorkerPoolOptions = {}) {
    this.jobTimeoutMs = options.jobTimeoutMs ?? Number.POSITIVE_INFINITY;
    const threads = options.threads ?? Math.max(2, os.availableParallelism() - 1);
    this.capacity = threads + (options.maxQueue ?? 64);
    this.pool = new Piscina({
      filename: new URL('./worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: options.idleTimeoutMs ?? 30_000,
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxMemoryMb ?? 512,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
    });
    // A worker that dies outside a job must not take the server with it (an unhandled
    // 'error' event would); its job, if any, fails on its own limits.
    this.pool.on('error', (error: Error) => options.onError?.(error));
  }

  async run<K extends TaskName>(name: K, input: Input<K>, limits: JobLimits): Promise<Value<K>> {
    if (this.inFlight >= this.capacity) {
      throw apiError('busy', { headers: { 'retry-after': '5' } });
    }
    let result: Tasks.TaskResult<Value<K>>;
    const limit = Math.min(limits.timeoutMs, this.jobTimeoutMs);
    // The worker writes the time the job started; a watchdog aborts it (terminating the
    // worker) once it has run longer than its limit.
    const started = new BigInt64Array(new SharedArrayBuffer(8));
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(), limit + MAX_WAIT_MS);
    const watchdog = setInterval(() => {
      const at = Number(Atomics.load(started, 0));
      if (at !== 0 && Date.now() - at > limit) controller.abort();
    }, Math.min(50, limit));
    this.inFlight++;
    try {
      result = await this.pool.run({ ...input, started }, { name, signal: controller.signal });
    } catch (error) {
      const e = error as Error & { code?: string };
      if (e.name === 'AbortError' || e.name === 'TimeoutError') throw limits.tooSlow();
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap/i.test(e.message)) throw limits.tooBig();
      throw error;
    } finally {
      this.inFlight--;
      clearTimeout(deadline);
      clearInterval(watchdog);
    }
    if (!result.ok) throw new ApiError(result.statusCode, result.code, result.message);
    return result.value;
  }

  /** Threads alive now (for tests and health). */
  get threads(): number {
    return this.pool.threads.length;
  }

  close(): Promise<void> {
    return this.pool.close({ force: true });
  }
}
