/**
 * What a PDF thumbnail costs: page 1 of a 1-page text PDF and of a 50-page PDF drawn by the
 * pdfThumbnail task (pdf.js + @napi-rs/canvas in a worker, then sharp to WebP), through the same
 * WorkerPool the server uses. Beside them, two floors through the same pool: the round trip with
 * next to no work (inspecting the same PDF: a signature check), and sharp thumbnailing a PNG of
 * the size the page is drawn at (495 × 640), which is what an image upload pays.
 *
 * Each case runs in a Node process of its own, on a pool of one thread: its first job (a worker
 * starts and loads what the task needs) is reported apart from the warm jobs after it (median
 * and slowest). Memory: the process's peak RSS over its level before the pool started (the
 * worker is a thread of it: its heap, pdf.js, Skia's canvas, libvips), and the worker's V8 heap
 * at its peak (sampled every 5 ms; this is what the worker's memory limit counts).
 *
 *   npx tsx bench/pdf-thumbnail.ts
 *   BENCH_RUNS=50 npx tsx bench/pdf-thumbnail.ts
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { ApiError } from '../server/errors.ts';
import { DEFAULT_MAX_IMAGE_PIXELS, FILE_JOB_MS } from '../server/files/limits.ts';
import { pdfThumbnailInWorker } from '../server/files/pdfThumbnail.ts';
import { manyPages, pdfDocument, textPage } from '../server/test/pdf-fixtures.ts';
import { WorkerPool } from '../server/workers/pool.ts';
import { fmt, onCleanup, root, runMain } from './http/process.ts';

const run = promisify(execFile);

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const MB = 1024 * 1024;

async function rssNow(): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
}

/** The pool's worker threads (piscina's), read for their heap only: the pool does not expose them. */
const threadsOf = (workers: WorkerPool) => (workers as unknown as { pool: { threads: Worker[] } }).pool.threads;

const delay = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms));

/** Samples this process's RSS and the workers' V8 heap every 5 ms until stopped; answers the peaks. */
function sampleMemory(workers: WorkerPool) {
  let rss = 0;
  let heap = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      rss = Math.max(rss, await rssNow());
      for (const thread of threadsOf(workers)) {
        // A worker still starting never answers: give up on it for this sample.
        const stats = await Promise.race([thread.getHeapStatistics().catch(() => undefined), delay(50)]);
        if (stats) heap = Math.max(heap, stats.used_heap_size);
      }
      await delay(5);
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { rss, heap };
  };
}

interface Case {
  label: string;
  /** One job; answers whether it did what it should (a thumbnail, or the type, came back). */
  job: (workers: WorkerPool) => Promise<boolean>;
}

interface Result {
  label: string;
  coldMs: number;
  medianMs: number;
  slowestMs: number;
  rssPeakMb: number;
  heapPeakMb: number;
}

async function measure({ label, job }: Case): Promise<Result> {
  const before = await rssNow();
  const workers = new WorkerPool({ threads: 1 });
  try {
    const stop = sampleMemory(workers);
    const timeOf = async () => {
      const started = performance.now();
      if (!(await job(workers))) throw new Error(`${label}: the job gave no result`);
      return performance.now() - started;
    };
    const coldMs = await timeOf();
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) warm.push(await timeOf());
    const peaks = await stop();
    warm.sort((a, b) => a - b);
    return {
      label,
      coldMs,
      medianMs: warm[Math.floor(warm.length / 2)]!,
      slowestMs: warm[warm.length - 1]!,
      rssPeakMb: (peaks.rss - before) / MB,
      heapPeakMb: peaks.heap / MB,
    };
  } finally {
    await workers.close();
  }
}

/** The files and jobs of the cases, by name (each case is run by a child process of this script). */
async function makeCases(dir: string): Promise<Record<string, Case>> {
  const write = async (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    return { file, kb: bytes.length / 1024 };
  };
  const onePage = await write('one-page.pdf', pdfDocument([textPage()]));
  const fiftyPages = await write('fifty-pages.pdf', manyPages(50));
  // The canvas a US Letter page is drawn on: 2 × 320 on its longest side.
  const png = await write(
    'page-sized.png',
    await sharp({ create: { width: 495, height: 640, channels: 3, background: '#f4f4f4' } })
      .composite([{ input: { create: { width: 300, height: 40, channels: 3, background: '#202020' } }, top: 60, left: 60 }])
      .png()
      .toBuffer(),
  );
  const inspect = (file: string) => (workers: WorkerPool) =>
    workers
      .run('inspectFile', { path: file, maxPixels: DEFAULT_MAX_IMAGE_PIXELS, markup: false }, {
        timeoutMs: FILE_JOB_MS,
        tooSlow: () => new ApiError(422, 'image_undecodable', 'inspection over its time'),
        tooBig: () => new ApiError(422, 'image_undecodable', 'inspection over its memory'),
      })
      .then((found) => found.type === 'pdf' || Boolean(found.thumbnail));
  const thumbnail = (file: string) => async (workers: WorkerPool) => Boolean(await pdfThumbnailInWorker(workers, file));
  return {
    roundTrip: { label: `floor: round trip (inspect the 1-page PDF, ${fmt(onePage.kb)} KB: signature only)`, job: inspect(onePage.file) },
    sharpPng: { label: `floor: sharp thumbnail of a 495 × 640 PNG (${fmt(png.kb)} KB)`, job: inspect(png.file) },
    onePage: { label: `PDF thumbnail, 1-page text PDF (${fmt(onePage.kb)} KB)`, job: thumbnail(onePage.file) },
    fiftyPages: { label: `PDF thumbnail, 50-page text PDF (${fmt(fiftyPages.kb)} KB)`, job: thumbnail(fiftyPages.file) },
  };
}

const ONE_CASE = process.env.BENCH_PDF_CASE;

runMain(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-pdf-thumbnail-'));
  onCleanup(() => rm(dir, { recursive: true, force: true }));
  const cases = await makeCases(dir);
  if (ONE_CASE) {
    // A child: one case, its result as JSON on the last line.
    console.log(JSON.stringify(await measure(cases[ONE_CASE]!)));
    return;
  }

  console.log(`Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${RUNS} warm runs a case\n`);
  const rows: Result[] = [];
  for (const name of Object.keys(cases)) {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      cwd: root,
      env: { ...process.env, BENCH_PDF_CASE: name },
    });
    rows.push(JSON.parse(stdout.trim().split('\n').pop()!) as Result);
  }

  const width = Math.max(...rows.map((r) => r.label.length));
  const cells = ['first job', 'median', 'slowest', 'RSS peak +', 'heap peak'];
  console.log(`${'case'.padEnd(width)}  ${cells.map((c) => c.padStart(10)).join('  ')}`);
  for (const r of rows) {
    const values = [`${fmt(r.coldMs, 0)} ms`, `${fmt(r.medianMs)} ms`, `${fmt(r.slowestMs)} ms`, `${fmt(r.rssPeakMb, 0)} MB`, `${fmt(r.heapPeakMb, 0)} MB`];
    console.log(`${r.label.padEnd(width)}  ${values.map((v) => v.padStart(10)).join('  ')}`);
  }
  console.log(
    "\nfirst job: a new worker starts and loads what its task needs (pdf.js for a PDF thumbnail), outside the job's time limit." +
      '\nRSS peak +: the process over its level before the pool started; heap peak: the worker\'s V8 heap (what maxMemoryMb limits).',
  );
});
