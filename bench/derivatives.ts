/**
 * Images made to measure (GET /api/files/:id/content?w=&format=): how long a 640-wide WebP of a
 * 12-megapixel JPEG takes on its first request (made in the worker pool, then kept) and from the
 * storage afterwards, and whether GET /api/health keeps answering while 20 are made at once. The
 * real server (server/main.ts as npm start runs it, embedded database) in its own process; this
 * process only asks. Floors from the same run: sharp alone making the same image in this process,
 * and the file's stored thumbnail (a small stored file) served. Figures only.
 *
 *   npm run bench:derivatives          # BENCH_FILES=20 photos
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { fmt, freePort, memoryOf, onCleanup, runMain, signIn, startServer } from './http/process.ts';

const FILES = Number(process.env.BENCH_FILES ?? 20);
const ADMIN = { email: 'bench@example.com', password: 'bench-password-123' };
const WIDTH = 4000;
const HEIGHT = 3000;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
};

/** A 12-megapixel photo-like JPEG (gradients, shapes, fine grain), different for each `n`. */
async function photo(n: number): Promise<Buffer> {
  const hue = (n * 37) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},50%,30%)"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>` +
    Array.from({ length: 60 }, (_, i) => `<circle cx="${(i * 613 + n * 97) % WIDTH}" cy="${(i * 389 + n * 53) % HEIGHT}" r="${40 + ((i * 71) % 300)}" fill="hsl(${(hue + i * 29) % 360},70%,50%)" fill-opacity="0.5"/>`).join('') +
    '</svg>';
  const grain = Buffer.from(Array.from({ length: 400 * 300 }, (_, i) => ((i * 7919 + n * 31) % 97) + 80));
  const noise = await sharp(grain, { raw: { width: 400, height: 300, channels: 1 } }).resize(WIDTH, HEIGHT, { kernel: 'nearest' }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'soft-light' }]).jpeg({ quality: 85 }).toBuffer();
}

async function timed(url: string, headers: Record<string, string> = {}) {
  const t = performance.now();
  const res = await fetch(url, { headers });
  const body = new Uint8Array(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${url}: ${res.status} ${new TextDecoder().decode(body.slice(0, 300))}`);
  return { ms: performance.now() - t, type: res.headers.get('content-type'), bytes: body.length };
}

runMain(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-derivatives-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const server = await startServer({ port: await freePort(), dataDir, ...ADMIN, extra: { LOG_LEVEL: 'warn' } }, path.join(dataDir, 'server.log'));
  // Stopped before its folder is removed (cleanups run newest first).
  onCleanup(() => server.stop());
  const api = `${server.base}/api`;
  const auth = { authorization: `Bearer ${await signIn(server.base, ADMIN.email, ADMIN.password)}` };

  console.log(`Images made to measure: ${FILES} JPEGs of ${WIDTH} × ${HEIGHT} (12 MP), embedded database\n`);
  const photos: { id: string; bytes: Buffer }[] = [];
  const extra: string[] = [];
  for (let n = 0; n < FILES * 2; n++) {
    const bytes = await photo(n);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `photo-${n}.jpg`);
    const res = await fetch(`${api}/files`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const { file } = (await res.json()) as { file: { id: string } };
    if (n < FILES) photos.push({ id: file.id, bytes });
    else extra.push(file.id);
  }
  console.log(`photos: ${(photos.reduce((sum, p) => sum + p.bytes.length, 0) / photos.length / 1e6).toFixed(2)} MB each on average\n`);

  // Floors: sharp alone, in this process, on the same bytes; a small stored file served.
  const alone: number[] = [];
  for (const { bytes } of photos) {
    const t = performance.now();
    await sharp(bytes).rotate().resize(640, null, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    alone.push(performance.now() - t);
  }
  const thumbnails: number[] = [];
  for (let i = 0; i < 200; i++) thumbnails.push((await timed(`${api}/files/${photos[i % photos.length]!.id}/thumbnail`)).ms);

  // First requests, one after another, then the same from the storage.
  const first: number[] = [];
  let made = { type: '', bytes: 0 };
  for (const { id } of photos) {
    const r = await timed(`${api}/files/${id}/content?w=640&format=auto`, { accept: 'image/avif;q=0,image/webp,*/*' });
    first.push(r.ms);
    made = { type: r.type ?? '', bytes: r.bytes };
  }
  const cached: number[] = [];
  for (let i = 0; i < 200; i++) {
    cached.push((await timed(`${api}/files/${photos[i % photos.length]!.id}/content?w=640&format=auto`, { accept: 'image/webp' })).ms);
  }

  // /api/health: alone, then while FILES first requests run at once.
  const probe = async (until: () => boolean) => {
    const times: number[] = [];
    while (!until()) {
      const t = performance.now();
      await (await fetch(`${api}/health`)).arrayBuffer();
      times.push(performance.now() - t);
    }
    return times;
  };
  const floorEnd = performance.now() + 3_000;
  const healthFloor = await probe(() => performance.now() > floorEnd);
  let done = false;
  const burstStart = performance.now();
  const burst = Promise.all(extra.map((id) => timed(`${api}/files/${id}/content?w=640&format=auto`, { accept: 'image/webp' }))).finally(() => (done = true));
  const [healthBusy, answers] = await Promise.all([probe(() => done), burst]);
  const burstMs = performance.now() - burstStart;
  const memory = await memoryOf(server.pid);

  const row = (name: string, xs: number[], floor: string) =>
    console.log(`| ${name} | ${xs.length} | ${fmt(quantile(xs, 0.5))} | ${fmt(quantile(xs, 0.95))} | ${fmt(quantile(xs, 0.99))} | ${floor} |`);
  console.log('| case | requests | p50 ms | p95 ms | p99 ms | beside |');
  console.log('|---|---:|---:|---:|---:|---|');
  row('floor: sharp alone, 640-wide WebP, this process', alone, '');
  row('first request: made in the worker pool and kept', first, `${fmt(quantile(first, 0.95) / quantile(alone, 0.95), 2)}× sharp alone (p95)`);
  row('floor: a stored thumbnail served', thumbnails, '');
  row('from the storage', cached, `${fmt(quantile(cached, 0.95) / quantile(thumbnails, 0.95), 2)}× a thumbnail (p95)`);
  row('floor: /api/health, nothing else running', healthFloor, '');
  row(`/api/health while ${extra.length} first requests run at once`, healthBusy, `${fmt(quantile(healthBusy, 0.99) / quantile(healthFloor, 0.99), 2)}× its floor (p99)`);
  console.log(
    `\n${extra.length} first requests at once: all answered in ${fmt(burstMs / 1000, 2)} s (slowest ${fmt(Math.max(...answers.map((a) => a.ms)))} ms); ` +
      `each ${made.type}, about ${fmt(made.bytes / 1024)} KB; server RSS peak ${fmt(memory.peak / 1024 / 1024, 0)} MB`,
  );
});
