/**
 * Uploads to S3 stream: the server's memory while it stores a large file in a bucket does not
 * grow with the file. Starts s3rver (in this process, as server/test/s3.ts does: a free port,
 * bucket `test-media`, credentials S3RVER/S3RVER), generates one-page PDFs of 8, 64 and 200 MB
 * (a small valid page, padded with an unreferenced stream object of random bytes), and runs the
 * real server (server/main.ts, its own process, PGlite on a fresh temp DATA_DIR,
 * MAX_UPLOAD_BYTES 256 MB) twice: with local storage (the floor: the same upload path, the
 * checked file renamed into DATA_DIR/files) and with STORAGE=s3 against the bucket (multipart
 * upload of 8 MB parts, 2 in flight). Per size it POSTs the file 3 times (a few bytes changed
 * each time, so every upload is new bytes) and downloads one of them once
 * (GET /api/files/:id/content, passed through the server).
 *
 * Memory, per request: the server's VmRSS just before it (the idle baseline, after 300 ms of
 * quiet), then its peak during the request: VmHWM reset beforehand through /proc/<pid>/clear_refs
 * (and VmRSS sampled every 20 ms, in case the reset is refused). Worker threads are in the same
 * process, so their memory counts: PDFs up to 32 MB have their first page rendered in a worker
 * (pdf.js holds the whole document), larger ones keep their icon and are not rendered.
 *
 *   npm run bench:s3
 *   BENCH_SIZES_MB=8,64 BENCH_REPEATS=2 npm run bench:s3
 */
import { randomBytes, randomFillSync } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalS3, S3RVER_CREDENTIALS, TEST_BUCKET } from '../server/test/s3.ts';
import { fmt, freePort, memoryOf, onCleanup, runMain, signIn, startServer } from './http/process.ts';

const MB = 1024 * 1024;
const SIZES_MB = (process.env.BENCH_SIZES_MB ?? '8,64,200').split(',').map(Number);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const MAX_UPLOAD_BYTES = 256 * MB;
/** PDFs up to this size get a rendered thumbnail (server/files/limits.ts PDF_THUMBNAIL_MAX_BYTES). */
const PDF_THUMBNAIL_MAX_BYTES = 32 * MB;
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

type Storage = 'local' | 's3';

interface Sample {
  file: string;
  bytes: number;
  /** Where the random padding starts: bytes changed there keep the PDF valid. */
  paddingAt: number;
  paddingLength: number;
}

/**
 * A valid one-page PDF of exactly `target` bytes: a page with a line of text, and an
 * unreferenced stream object of random bytes that makes up the size. Written in 1 MB chunks.
 */
async function writePdf(file: string, target: number): Promise<Sample> {
  const text = 'BT /F1 24 Tf 72 720 Td (Benchmark document) Tj ET\n';
  const head = (padding: number) => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${text.length} >>\nstream\n${text}endstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ];
    let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(out.length);
      out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    offsets.push(out.length);
    out += `6 0 obj\n<< /Length ${padding} >>\nstream\n`;
    const paddingAt = out.length;
    const afterPadding = paddingAt + padding;
    let tail = '\nendstream\nendobj\n';
    const xref = afterPadding + tail.length;
    tail += 'xref\n0 7\n0000000000 65535 f \n';
    for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
    tail += `trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return { head: out, paddingAt, tail, total: afterPadding + tail.length };
  };
  // The overhead depends a little on the number of digits of the padding's length: settle it.
  let padding = target;
  for (let i = 0; i < 3; i++) padding = target - (head(padding).total - padding);
  const pdf = head(padding);
  if (pdf.total !== target) throw new Error(`PDF of ${pdf.total} bytes, wanted ${target}`);
  const handle = await open(file, 'w');
  try {
    await handle.write(Buffer.from(pdf.head, 'latin1'));
    const chunk = Buffer.allocUnsafe(MB);
    for (let left = padding; left > 0; left -= chunk.length) {
      const part = chunk.subarray(0, Math.min(chunk.length, left));
      randomFillSync(part);
      await handle.write(part);
    }
    await handle.write(Buffer.from(pdf.tail, 'latin1'));
  } finally {
    await handle.close();
  }
  return { file, bytes: target, paddingAt: pdf.paddingAt, paddingLength: padding };
}

/** Changes 16 bytes in the middle of the padding: new bytes for the server, still a valid PDF. */
async function vary(sample: Sample) {
  const handle = await open(sample.file, 'r+');
  try {
    await handle.write(randomBytes(16), 0, 16, sample.paddingAt + Math.floor(sample.paddingLength / 2));
  } finally {
    await handle.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let peakResetWorks = true;

/** VmHWM back to the current VmRSS (Linux ≥ 4.0); false when the kernel refuses. */
async function resetPeak(pid: number) {
  const ok = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );
  if (!ok) peakResetWorks = false;
  return ok;
}

interface Measured<T> {
  value: T;
  ms: number;
  /** VmRSS right before the request. */
  idle: number;
  /** The highest RSS during the request. */
  peak: number;
}

/** Runs `work` with the server's peak RSS reset before and read after (and sampled during). */
async function measured<T>(pid: number, work: () => Promise<T>): Promise<Measured<T>> {
  await sleep(300);
  const idle = (await memoryOf(pid)).rss;
  const reset = await resetPeak(pid);
  let sampled = idle;
  const timer = setInterval(() => {
    memoryOf(pid).then(
      (m) => (sampled = Math.max(sampled, m.rss)),
      () => {},
    );
  }, 20);
  const started = performance.now();
  let value: T;
  try {
    value = await work();
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - started;
  const after = await memoryOf(pid);
  return { value, ms, idle, peak: Math.max(sampled, after.rss, reset ? after.peak : 0) };
}

interface Uploaded {
  id: string;
  size: number;
  thumbnail: boolean;
}

async function upload(base: string, token: string, sample: Sample, name: string): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', await openAsBlob(sample.file, { type: 'application/pdf' }), name);
  const res = await fetch(`${base}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`${name}: ${res.status} ${text}`);
  const { file } = JSON.parse(text) as { file: { id: string; size: number; thumbnailUrl?: string } };
  if (file.size !== sample.bytes) throw new Error(`${name}: stored ${file.size} bytes, sent ${sample.bytes}`);
  return { id: file.id, size: file.size, thumbnail: Boolean(file.thumbnailUrl) };
}

/** Reads the whole answer, counting its bytes (nothing kept). */
async function download(base: string, token: string, id: string): Promise<number> {
  const res = await fetch(`${base}/api/files/${id}/content`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`download ${id}: ${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
  return bytes;
}

interface SizeResult {
  uploads: Measured<Uploaded>[];
  download: Measured<number>;
}

interface RunResult {
  storage: Storage;
  idleAfterWarmUp: number;
  sizes: Map<number, SizeResult>;
  stored: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Growth of a request: its peak over the RSS right before it (never below zero). */
const growth = (m: Measured<unknown>) => Math.max(0, m.peak - m.idle);

async function run(
  storage: Storage,
  work: string,
  samples: Map<number, Sample>,
  warmUps: Sample[],
  s3Env: Record<string, string>,
  countStored: () => Promise<number>,
): Promise<RunResult> {
  const dataDir = path.join(work, `data-${storage}`);
  await mkdir(dataDir);
  const port = await freePort();
  const log = path.join(work, `server-${storage}.log`);
  const extra: Record<string, string> = {
    MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES),
    STORAGE: storage,
    ...(storage === 's3' ? s3Env : {}),
  };
  const t = performance.now();
  const server = await startServer({ port, dataDir, ...ADMIN, extra }, log);
  try {
    const token = await signIn(server.base, ADMIN.email, ADMIN.password);
    console.log(`${storage}: server (pid ${server.pid}) up and signed in after ${fmt((performance.now() - t) / 1000)} s`);
    // Not measured: the first render in a worker, the first multipart upload, the first download.
    for (const [i, sample] of warmUps.entries()) {
      await vary(sample);
      const warm = await upload(server.base, token, sample, `warm-up-${i}.pdf`);
      await download(server.base, token, warm.id);
    }
    const idleAfterWarmUp = (await memoryOf(server.pid)).rss;
    const sizes = new Map<number, SizeResult>();
    for (const [mb, sample] of samples) {
      const uploads: Measured<Uploaded>[] = [];
      for (let r = 1; r <= REPEATS; r++) {
        await vary(sample);
        uploads.push(await measured(server.pid, () => upload(server.base, token, sample, `document-${mb}mb-${r}.pdf`)));
      }
      const id = uploads[0]!.value.id;
      const got = await measured(server.pid, () => download(server.base, token, id));
      if (got.value !== sample.bytes) throw new Error(`${storage} ${mb} MB: downloaded ${got.value} bytes, expected ${sample.bytes}`);
      sizes.set(mb, { uploads, download: got });
      const u = uploads.map((m) => `${fmt(m.ms, 0)} ms/+${fmt(growth(m) / MB, 0)} MB`).join(', ');
      console.log(
        `  ${mb} MB: uploads ${u}${uploads[0]!.value.thumbnail ? ' (thumbnail rendered)' : ' (no thumbnail)'}; ` +
          `download ${fmt(got.ms, 0)} ms/+${fmt(growth(got) / MB, 0)} MB`,
      );
    }
    const stored = await countStored();
    const expected = warmUps.length + samples.size * REPEATS;
    if (stored !== expected) throw new Error(`${storage}: ${stored} files stored, expected ${expected}`);
    return { storage, idleAfterWarmUp, sizes, stored };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(async () => {
  const started = performance.now();
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-s3-upload-'));
  onCleanup(() => rm(work, { recursive: true, force: true }));
  const samplesDir = path.join(work, 'samples');
  await mkdir(samplesDir);

  const s3 = await startLocalS3();
  onCleanup(() => s3.close());
  console.log(`bench:s3 — s3rver on ${s3.endpoint} (in this process), bucket ${TEST_BUCKET}`);

  const t = performance.now();
  const samples = new Map<number, Sample>();
  for (const mb of SIZES_MB) samples.set(mb, await writePdf(path.join(samplesDir, `document-${mb}mb.pdf`), mb * MB));
  const warmUps = [
    await writePdf(path.join(samplesDir, 'warm-up-small.pdf'), MB),
    await writePdf(path.join(samplesDir, 'warm-up-large.pdf'), 40 * MB),
  ];
  console.log(
    `generated PDFs of ${SIZES_MB.join(', ')} MB (+ warm-ups of 1 and 40 MB) in ${fmt((performance.now() - t) / 1000)} s; ` +
      `${REPEATS} uploads per size, each with 16 bytes changed`,
  );

  const s3Env = {
    S3_BUCKET: TEST_BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_PRESIGNED_DOWNLOADS: 'false',
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  };
  const countLocal = (storage: Storage) => async () =>
    (await readdir(path.join(work, `data-${storage}`, 'files'))).length;
  const countS3 = async () => {
    let n = 0;
    for await (const object of s3.store().list('files')) if (object.key) n++;
    return n;
  };
  const local = await run('local', work, samples, warmUps, s3Env, countLocal('local'));
  const bucket = await run('s3', work, samples, warmUps, s3Env, countS3);

  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '–');
  /** RSS growths: the ratio, and the difference (alone when the local growth is too small to divide by). */
  const rssRatio = (a: number, b: number) => {
    const diff = `${a >= b ? '+' : '−'}${fmt(Math.abs(a - b) / MB, 0)} MB`;
    return b >= 4 * MB ? `${ratio(a, b)} (${diff})` : diff;
  };
  const out = [
    '',
    `Median of ${REPEATS} uploads per size; RSS growth = the server's peak during the request over its VmRSS right before it ` +
      `(the worst of the ${REPEATS} uploads). Idle RSS after warm-up: local ${fmt(local.idleAfterWarmUp / MB, 0)} MB, ` +
      `s3 ${fmt(bucket.idleAfterWarmUp / MB, 0)} MB.`,
    '',
    line(['size', 'storage', 'upload ms (median)', 'peak RSS over idle, MB', 'download ms', 'peak RSS over idle on download, MB']),
    line(['---', '---', '--:', '--:', '--:', '--:']),
  ];
  const cells = (r: SizeResult) => ({
    up: median(r.uploads.map((m) => m.ms)),
    upRss: Math.max(...r.uploads.map(growth)),
    down: r.download.ms,
    downRss: growth(r.download),
  });
  for (const mb of SIZES_MB) {
    const l = cells(local.sizes.get(mb)!);
    const s = cells(bucket.sizes.get(mb)!);
    const size = `${mb} MB${mb * MB <= PDF_THUMBNAIL_MAX_BYTES ? ' (rendered)' : ''}`;
    out.push(line([size, 'local', fmt(l.up, 0), fmt(l.upRss / MB, 0), fmt(l.down, 0), fmt(l.downRss / MB, 0)]));
    out.push(line([size, 's3', fmt(s.up, 0), fmt(s.upRss / MB, 0), fmt(s.down, 0), fmt(s.downRss / MB, 0)]));
    out.push(
      line([size, 's3 ÷ local', ratio(s.up, l.up), rssRatio(s.upRss, l.upRss), ratio(s.down, l.down), rssRatio(s.downRss, l.downRss)]),
    );
  }
  console.log(out.join('\n'));

  const first = SIZES_MB[0]!;
  const last = SIZES_MB[SIZES_MB.length - 1]!;
  const small = cells(bucket.sizes.get(first)!);
  const large = cells(bucket.sizes.get(last)!);
  // Streaming holds three 8 MB parts (two in flight, one filling) and chunks awaiting the
  // garbage collector, whatever the size; holding the file would add the difference in size.
  const extraBytes = (last - first) * MB;
  const extraRss = large.upRss - small.upRss;
  const verdict =
    extraRss <= 32 * MB
      ? 'does not grow with file size (within 32 MB, four 8 MB parts): uploads to S3 stream'
      : extraRss <= extraBytes / 2
        ? `grows by ${fmt(extraRss / MB, 0)} MB for ${fmt(extraBytes / MB, 0)} MB more bytes (${fmt((extraRss / extraBytes) * 100, 0)}%): ` +
          'bounded, far below the file size: uploads to S3 stream'
        : `GROWS with file size (${fmt(extraRss / MB, 0)} MB more for ${fmt(extraBytes / MB, 0)} MB more bytes): the upload is held in memory`;
  // The local floor grows too (multipart chunks, hashing, the copy to DATA_DIR/tmp: garbage the
  // collector takes in batches); what S3 itself adds is the difference at the same size.
  const overFloor = SIZES_MB.map((mb) => {
    const l = cells(local.sizes.get(mb)!);
    const b = cells(bucket.sizes.get(mb)!);
    const d = b.upRss - l.upRss;
    return `${d >= 0 ? '+' : '−'}${fmt(Math.abs(d) / MB, 0)} MB at ${mb} MB`;
  });
  console.log(
    `\nS3 peak RSS over idle on upload: ${fmt(small.upRss / MB, 0)} MB at ${first} MB, ${fmt(large.upRss / MB, 0)} MB at ${last} MB ` +
      `(${last / first}× the bytes); on download ${fmt(small.downRss / MB, 0)} MB → ${fmt(large.downRss / MB, 0)} MB. It ${verdict}. ` +
      `Over the local floor at the same size: ${overFloor.join(', ')}.`,
  );
  const rendered = SIZES_MB.filter((mb) => mb * MB <= PDF_THUMBNAIL_MAX_BYTES).join(', ') || 'none';
  const peakSource = peakResetWorks
    ? 'VmHWM, reset before each request through /proc/<pid>/clear_refs'
    : 'VmRSS sampled every 20 ms (the VmHWM reset was refused)';
  console.log(
    `Notes: PDFs up to ${PDF_THUMBNAIL_MAX_BYTES / MB} MB (here ${rendered} MB) have their first page rendered ` +
      `in a worker thread of the server process (pdf.js holds the whole document), larger ones are not rendered; ` +
      `both runs pay the same. Peak from ${peakSource}. ` +
      `s3rver runs in the benchmark's process, on the same machine. Stored: local ${local.stored}, bucket ${bucket.stored} files. ` +
      `Whole run ${fmt((performance.now() - started) / 1000)} s.`,
  );
});
