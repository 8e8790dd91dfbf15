/**
 * Uploads over real HTTP to the real server process: generates 200 images of 1 to 8 MB (PNG of
 * random noise, JPEG of noise over a gradient, made with sharp) and 50 PDFs (one page drawing
 * an embedded image: 25 under 1 MB, 25 of 1 to 5 MB) in a temp folder, starts server/main.ts on
 * a temp DATA_DIR (PGlite), signs in, and POSTs them as multipart (field `file`), 4 at a time,
 * grouped by size so the server's memory can be read per size. The latency of a file runs from
 * the request to the answer, which comes once the file is checked, stored and thumbnailed.
 * The server's memory is sampled from /proc (VmRSS every 20 ms, VmHWM at the end).
 * Floor, in the same run: the same bytes POSTed to a bare node:http server that streams each
 * body to a temp file and answers.
 * Then a burst: BENCH_BURST_CLIENTS (10) clients upload distinct 3.2 MB PNGs for
 * BENCH_BURST_SECONDS (10) while GET /api/health is asked one at a time: files stored, their
 * p99, and the health check's worst and p99 beside its times with nothing uploading.
 *
 *   npm run bench:upload
 *   BENCH_IMAGES=40 BENCH_PDFS=10 npm run bench:upload
 */
import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { fmt, freePort, memoryOf, onCleanup, runMain, signIn, startNode, startServer, waitForHttp } from './http/process.ts';
import { seededRandom } from './http/prose.ts';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 200);
const PDFS = Number(process.env.BENCH_PDFS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const MB = 1024 * 1024;
const BURST_CLIENTS = Number(process.env.BENCH_BURST_CLIENTS ?? 10);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 10);
/** Distinct PNGs made for the burst: more than ten clients store in its time. */
const BURST_FILES = Number(process.env.BENCH_BURST_FILES ?? 160);
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

interface Sample {
  file: string;
  name: string;
  bytes: number;
  type: string;
  phase: string;
}

const PHASES = ['images 1–2 MB', 'images 2–4 MB', 'images 4–6 MB', 'images 6–8 MB', 'PDFs under 1 MB', 'PDFs 1–5 MB'];

function imagePhase(bytes: number) {
  if (bytes < 2 * MB) return PHASES[0]!;
  if (bytes < 4 * MB) return PHASES[1]!;
  if (bytes < 6 * MB) return PHASES[2]!;
  return PHASES[3]!;
}

/** Noise over a gradient: what JPEG makes of a busy photograph, roughly. */
function gradientNoise(width: number, height: number, random: () => number) {
  const pixels = Buffer.allocUnsafe(width * height * 3);
  const noise = randomBytes(width * height);
  const tint = [random() * 255, random() * 255, random() * 255];
  let i = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = noise[y * width + x]! - 128;
      pixels[i++] = Math.max(0, Math.min(255, ((x / width) * 255 + tint[0]!) / 2 + n));
      pixels[i++] = Math.max(0, Math.min(255, ((y / height) * 255 + tint[1]!) / 2 + n));
      pixels[i++] = Math.max(0, Math.min(255, tint[2]! + n / 2));
    }
  }
  return pixels;
}

/** JPEG bytes per pixel of gradientNoise at the quality used, measured on a sample. */
async function jpegBytesPerPixel(random: () => number) {
  const side = 600;
  const sample = await sharp(gradientNoise(side, side, random), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return sample.length / (side * side);
}

async function makeImage(file: string, target: number, kind: 'png' | 'jpeg', jpegBpp: number, random: () => number) {
  // 4:3 frames; PNG of pure noise costs 3 bytes per pixel, JPEG what the sample said.
  const pixels = target / (kind === 'png' ? 3 : jpegBpp);
  const width = Math.round(Math.sqrt((pixels * 4) / 3));
  const height = Math.round(pixels / width);
  const raw = kind === 'png' ? randomBytes(width * height * 3) : gradientNoise(width, height, random);
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  await (kind === 'png' ? image.png({ compressionLevel: 1 }) : image.jpeg({ quality: 92 })).toFile(file);
}

/** A valid one-page PDF drawing one embedded RGB image of about `target` bytes. */
function makePdf(target: number, index: number): Buffer {
  const width = 1000;
  const height = Math.max(1, Math.round(target / (width * 3)));
  const image = randomBytes(width * height * 3);
  const text = `BT /F1 24 Tf 72 720 Td (Benchmark document ${index}) Tj ET\nq 400 0 0 300 100 300 cm /Im1 Do Q\n`;
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(buffer);
    length += buffer.length;
  };
  const object = (n: number, body: string, stream?: Buffer) => {
    offsets[n] = length;
    push(`${n} 0 obj\n${body}\n`);
    if (stream) {
      push('stream\n');
      push(stream);
      push('\nendstream\n');
    }
    push('endobj\n');
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> >>',
  );
  object(4, `<< /Length ${Buffer.byteLength(text)} >>`, Buffer.from(text));
  object(
    5,
    `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${image.length} >>`,
    image,
  );
  object(6, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = length;
  push(`xref\n0 7\n0000000000 65535 f \n`);
  for (let n = 1; n <= 6; n++) push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

async function generate(dir: string): Promise<Sample[]> {
  const random = seededRandom(7);
  const jpegBpp = await jpegBytesPerPixel(random);
  const samples: Sample[] = [];
  for (let i = 0; i < IMAGES; i++) {
    // Spread evenly over 1–8 MB, PNG and JPEG alternating.
    const target = Math.round((1 + (7.6 * (i + 0.5)) / IMAGES) * MB * 0.98);
    const kind = i % 2 === 0 ? 'png' : 'jpeg';
    const file = path.join(dir, `image-${i}.${kind === 'png' ? 'png' : 'jpg'}`);
    await makeImage(file, target, kind, jpegBpp, random);
    const { size } = await stat(file);
    samples.push({ file, name: path.basename(file), bytes: size, type: `image/${kind}`, phase: imagePhase(size) });
  }
  for (let i = 0; i < PDFS; i++) {
    const large = i % 2 === 1;
    const target = large ? (1 + (4 * i) / PDFS) * MB : 20_000 + (900_000 * i) / PDFS;
    const file = path.join(dir, `document-${i}.pdf`);
    const pdf = makePdf(target, i);
    await writeFile(file, pdf);
    samples.push({ file, name: path.basename(file), bytes: pdf.length, type: 'application/pdf', phase: PHASES[large ? 5 : 4]! });
  }
  return samples;
}

interface PhaseResult {
  files: number;
  bytes: number;
  seconds: number;
  latencies: number[];
  peakRss: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))] ?? 0;
};

/** Distinct 3.2 MB PNGs of noise, for the burst. */
async function generateBurst(dir: string): Promise<Sample[]> {
  const random = seededRandom(11);
  const samples: Sample[] = [];
  for (let i = 0; i < BURST_FILES; i++) {
    const file = path.join(dir, `burst-${i}.png`);
    await makeImage(file, 3.2 * MB, 'png', 0, random);
    const { size } = await stat(file);
    samples.push({ file, name: path.basename(file), bytes: size, type: 'image/png', phase: 'burst' });
  }
  return samples;
}

/** The health check asked one at a time (20 ms apart) until `until` settles: each answer's time. */
async function probeHealth(base: string, until: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`health: ${res.status}`);
    times.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

/** BURST_CLIENTS clients upload the next file each until BURST_SECONDS have passed: each upload's time. */
async function burst(url: string, headers: Record<string, string>, samples: Sample[]): Promise<number[]> {
  const end = performance.now() + BURST_SECONDS * 1000;
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: BURST_CLIENTS }, async () => {
      while (performance.now() < end && next < samples.length) latencies.push((await upload(url, headers, samples[next++]!)).ms);
    }),
  );
  return latencies;
}

async function upload(url: string, headers: Record<string, string>, sample: Sample) {
  const form = new FormData();
  form.append('file', await openAsBlob(sample.file, { type: sample.type }), sample.name);
  const t = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body: form });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`${sample.name}: ${res.status} ${body}`);
  return { ms: performance.now() - t, id: (JSON.parse(body) as { file: { id: string } }).file.id };
}

/**
 * Not measured, sent at once: CONCURRENCY images and a PDF, so the first decodes, thumbnails
 * and whatever the server starts on first use (worker threads) are behind us.
 */
const warmUps = (samples: Sample[]) => [
  ...samples.filter((s) => s.type.startsWith('image/')).slice(0, CONCURRENCY),
  ...samples.filter((s) => s.type === 'application/pdf').slice(0, 1),
];

/** Uploads every sample, phase by phase, CONCURRENCY at a time; samples the target's RSS. */
async function uploadAll(url: string, headers: Record<string, string>, samples: Sample[], pid: number) {
  const warm = await Promise.all(warmUps(samples).map((sample) => upload(url, headers, sample)));
  // Deleted for good again: the library keeps bytes once, so the measured run would otherwise
  // find these samples already there (200) instead of storing them.
  for (const { id } of warm) {
    for (const suffix of ['', '/forever']) {
      const res = await fetch(`${url}/${id}${suffix}`, { method: 'DELETE', headers });
      if (!res.ok) throw new Error(`deleting warm-up file ${id}${suffix}: ${res.status}`);
    }
  }
  const results = new Map<string, PhaseResult>();
  let phaseMax = 0;
  const timer = setInterval(() => {
    memoryOf(pid).then(
      (m) => (phaseMax = Math.max(phaseMax, m.rss)),
      () => {},
    );
  }, 20);
  try {
    for (const phase of PHASES) {
      const queue = samples.filter((s) => s.phase === phase);
      if (!queue.length) continue;
      phaseMax = (await memoryOf(pid)).rss;
      const latencies: number[] = [];
      const started = performance.now();
      let next = 0;
      const worker = async () => {
        while (next < queue.length) {
          latencies.push((await upload(url, headers, queue[next++]!)).ms);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;
      const bytes = queue.reduce((n, s) => n + s.bytes, 0);
      phaseMax = Math.max(phaseMax, (await memoryOf(pid)).rss);
      results.set(phase, { files: queue.length, bytes, seconds, latencies, peakRss: phaseMax });
    }
  } finally {
    clearInterval(timer);
  }
  const all = [...results.values()];
  return {
    phases: results,
    total: {
      files: all.reduce((n, r) => n + r.files, 0),
      bytes: all.reduce((n, r) => n + r.bytes, 0),
      seconds: all.reduce((n, r) => n + r.seconds, 0),
      latencies: all.flatMap((r) => r.latencies),
      peakRss: Math.max(...all.map((r) => r.peakRss)),
    },
  };
}

runMain(async () => {
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-upload-'));
  onCleanup(() => rm(work, { recursive: true, force: true }));
  const samplesDir = path.join(work, 'samples');
  const dataDir = path.join(work, 'data');
  const floorDir = path.join(work, 'floor');
  await Promise.all([mkdir(samplesDir), mkdir(dataDir), mkdir(floorDir)]);

  console.log(`bench:upload — generating ${IMAGES} images and ${PDFS} PDFs in ${samplesDir}`);
  const t = performance.now();
  const samples = await generate(samplesDir);
  const burstSamples = await generateBurst(samplesDir);
  const totalBytes = samples.reduce((n, s) => n + s.bytes, 0);
  console.log(`generated ${fmt(totalBytes / MB)} MB in ${fmt((performance.now() - t) / 1000)} s`);

  // Floor: the same multipart bodies to a server that only writes them to disk.
  const floorPort = await freePort();
  const floorLog = path.join(work, 'floor.log');
  const floor = startNode('bench/upload-floor.ts', { PORT: String(floorPort), TMP_DIR: floorDir }, floorLog);
  let floorResult: Awaited<ReturnType<typeof uploadAll>>;
  try {
    await waitForHttp(`http://127.0.0.1:${floorPort}/`, floor, floorLog);
    console.log('floor: bare node:http, body streamed to a file');
    floorResult = await uploadAll(`http://127.0.0.1:${floorPort}/api/files`, {}, samples, floor.pid);
  } finally {
    await floor.stop();
  }

  const port = await freePort();
  const serverLog = path.join(work, 'server.log');
  const server = await startServer({ port, dataDir, ...ADMIN }, serverLog);
  let result: Awaited<ReturnType<typeof uploadAll>>;
  let burstLine = '';
  let before: { rss: number; peak: number };
  let after: { rss: number; peak: number };
  try {
    const token = await signIn(server.base, ADMIN.email, ADMIN.password);
    before = await memoryOf(server.pid);
    console.log(
      `server (PGlite, pid ${server.pid}): after start and sign-in RSS ${fmt(before.rss / MB, 0)} MB, ` +
        `peak so far (VmHWM) ${fmt(before.peak / MB, 0)} MB`,
    );
    result = await uploadAll(`${server.base}/api/files`, { authorization: `Bearer ${token}` }, samples, server.pid);
    after = await memoryOf(server.pid);
    const check = await fetch(`${server.base}/api/files?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    const listed = ((await check.json()) as { total: number }).total;
    const expected = samples.length;
    if (listed !== expected) throw new Error(`the server lists ${listed} files, expected ${expected}`);

    const quiet = await probeHealth(server.base, new Promise((resolve) => setTimeout(resolve, 3_000)));
    const uploading = burst(`${server.base}/api/files`, { authorization: `Bearer ${token}` }, burstSamples);
    const health = await probeHealth(server.base, uploading);
    const latencies = await uploading;
    const stored = latencies.length;
    burstLine =
      `\nBurst: ${BURST_CLIENTS} clients uploading distinct ${fmt(burstSamples[0]!.bytes / MB)} MB PNGs for ${BURST_SECONDS} s: ` +
      `${stored} stored (${fmt((stored * burstSamples[0]!.bytes) / MB / BURST_SECONDS)} MB/s), p50 ${fmt(quantile(latencies, 0.5), 0)} ms, ` +
      `p99 ${fmt(quantile(latencies, 0.99), 0)} ms; /api/health meanwhile worst ${fmt(Math.max(...health), 0)} ms ` +
      `(p99 ${fmt(quantile(health, 0.99), 0)}, ${health.length} probes), with nothing uploading worst ${fmt(Math.max(...quiet), 0)} ms ` +
      `(p99 ${fmt(quantile(quiet, 0.99), 0)}, ${quiet.length} probes)`;
  } finally {
    await server.stop();
  }

  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const row = (name: string, r: PhaseResult, f: PhaseResult) =>
    line([
      name,
      String(r.files),
      fmt(r.bytes / MB),
      fmt(r.bytes / MB / r.seconds),
      fmt(quantile(r.latencies, 0.5), 0),
      fmt(quantile(r.latencies, 0.95), 0),
      fmt(r.peakRss / MB, 0),
      fmt(f.bytes / MB / f.seconds),
      fmt(quantile(f.latencies, 0.5), 0),
      fmt(quantile(f.latencies, 0.95), 0),
      `${((r.bytes / r.seconds / (f.bytes / f.seconds)) * 100).toFixed(0)}%`,
    ]);
  const out = [
    '',
    `${result.total.files} uploads (${fmt(result.total.bytes / MB)} MB) after ${warmUps(samples).length} warm-ups, ` +
      `${CONCURRENCY} at a time, PGlite. Server RSS ${fmt(before.rss / MB, 0)} MB before the uploads and ` +
      `${fmt(after.rss / MB, 0)} MB after; VmHWM ${fmt(before.peak / MB, 0)} MB before and ${fmt(after.peak / MB, 0)} MB after:`,
    '',
    line(['files', 'n', 'MB', 'MB/s', 'p50 ms', 'p95 ms', 'server peak RSS MB', 'floor MB/s', 'floor p50 ms', 'floor p95 ms', 'MB/s ÷ floor']),
    line(['---', '--:', '--:', '--:', '--:', '--:', '--:', '--:', '--:', '--:', '--:']),
  ];
  for (const phase of PHASES) {
    const r = result.phases.get(phase);
    const f = floorResult.phases.get(phase);
    if (r && f) out.push(row(phase, r, f));
  }
  out.push(row('**all**', result.total, floorResult.total));
  console.log(out.join('\n'));
  console.log(`\nfloor process peak RSS ${fmt(floorResult.total.peakRss / MB, 0)} MB`);
  console.log(burstLine);
});
