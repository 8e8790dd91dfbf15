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

type TaskName = 'scrapePage' | 'replaceImages' | 'inspectFile' | 'pdfThumbnail' | 'checkArticle' | 'checkAddresses' | 'textSignature' | 'readSource' | 'recheckPage' | 'wordDiff' | 'mergeSource' | 'checkSelectors' | 'imageDerivative';
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
  /** The threads' nice value on Linux (0: the process's priority); 10 by default. */
  nice?: number;
  /** Hears a worker that failed outside a job (e.g. out of memory while starting). */
  onError?: (error: Error) => void;
}

/**
 * How far the worker threads yield to the request thread and the database's (their nice value,
 * WORKER_NICE): when the heavy work takes every core, requests still get theirs first.
 */
const DEFAULT_NICE = 10;

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

/**
 * Jobs that mostly wait on the network (asking other sites' addresses): they run in a pool of
 * their own, one thread taking many at once, so a slow site never holds a thread the CPU work
 * (scrapes, images, PDFs) needs, nor makes the next such job wait for it.
 */
const WAITING_TASKS = new Set<TaskName>(['checkAddresses']);
/** How many waiting jobs its one thread takes at once. */
const WAITING_AT_ONCE = 16;

export class WorkerPool {
  private readonly pool: Piscina;
  private readonly waiting: Piscina;
  private readonly jobTimeoutMs: number;
  /** Jobs running or waiting at most; past it a job is refused at once (503). */
  private readonly capacity: number;
  private inFlight = 0;

  constructor(options: WorkerPoolOptions = {}) {
    this.jobTimeoutMs = options.jobTimeoutMs ?? Number.POSITIVE_INFINITY;
    const threads = options.threads ?? Math.max(2, os.availableParallelism() - 1);
    this.capacity = threads + (options.maxQueue ?? 64);
    const shared = {
      filename: new URL('./worker.mjs', import.meta.url).href,
      minThreads: 0,
      idleTimeout: options.idleTimeoutMs ?? 30_000,
      // Read by worker.mjs when the thread starts.
      workerData: { nice: options.nice ?? DEFAULT_NICE },
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxMemoryMb ?? 512,
        // 16 MB (32 before): 200 sources polled peaked at 481 MB against 521 (bench:source-polls), no slower.
        maxYoungGenerationSizeMb: 16,
        stackSizeMb: 4,
      },
    };
    this.pool = new Piscina({ ...shared, maxThreads: threads });
    // 'async': the thread waits for its next job without blocking its event loop, where the jobs it runs are waiting.
    this.waiting = new Piscina({ ...shared, maxThreads: 1, concurrentTasksPerWorker: WAITING_AT_ONCE, atomics: 'async' });
    // A worker that dies outside a job must not take the server with it (an unhandled
    // 'error' event would); its job, if any, fails on its own limits.
    for (const pool of [this.pool, this.waiting]) pool.on('error', (error: Error) => options.onError?.(error));
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
    // A waiting job counts against the capacity until it settles, even past its limit.
    let settlesLater = false;
    try {
      if (WAITING_TASKS.has(name)) {
        // Piscina never gives a thread's other jobs to an abortable one, so a waiting job goes
        // without the signal: past its limit it is answered as too slow here, and its thread
        // finishes it (each such job bounds its own time: see server/articles/checks.ts).
        const aborted = new Promise<never>((_, reject) =>
          controller.signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))),
        );
        const job = this.waiting.run({ ...input, started }, { name }) as Promise<Tasks.TaskResult<Value<K>>>;
        settlesLater = true;
        // Settled later when answered as too slow: nobody waits for it then.
        job.catch(() => {}).finally(() => this.inFlight--);
        result = await Promise.race([job, aborted]);
      } else {
        result = await this.pool.run({ ...input, started }, { name, signal: controller.signal });
      }
    } catch (error) {
      const e = error as Error & { code?: string };
      if (e.name === 'AbortError' || e.name === 'TimeoutError') throw limits.tooSlow();
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap/i.test(e.message)) throw limits.tooBig();
      throw error;
    } finally {
      if (!settlesLater) this.inFlight--;
      clearTimeout(deadline);
      clearInterval(watchdog);
    }
    if (!result.ok) throw new ApiError(result.statusCode, result.code, result.message);
    return result.value;
  }

  /** Threads alive now (for tests and health). */
  get threads(): number {
    return this.pool.threads.length + this.waiting.threads.length;
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.close({ force: true }), this.waiting.close({ force: true })]);
  }
}
