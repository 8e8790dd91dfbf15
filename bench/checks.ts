/**
 * The checks before publishing on real-sized work: 130 articles holding about 4,900 links and 700
 * images of other sites, served by a local site that answers as the web does (most at once or
 * within 50 ms, some 404 or 500, some redirected, some too slow for the 5 s limit). Starts the
 * real server (`tsx server/main.ts`, embedded database, SCRAPE_ALLOW_CIDRS=127.0.0.1/32), then:
 *   1. the health check asked in a loop with nothing else happening (its floor);
 *   2. every article's checks run, four admins at a time, the health check asked meanwhile;
 *   3. the same again: every address was asked within the day, so nothing is asked;
 *   4. the floor of the fetching: every distinct address asked by the thinnest code (node:http,
 *      32 at a time, as four runs of eight do, the same 5 s limit).
 * Prints the times, the addresses asked of the site, what the checks found, and the health
 * check's p50 / p99 / max beside its floor. Figures only.
 *
 *   npm run bench:checks
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { articleChecksResultSchema } from '../src/contract/index.ts';
import { fmt, freePort, onCleanup, runMain, signIn, startServer } from './http/process.ts';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 130);
const LINKS = 38;
const ADMINS = 4;
const SLOW_MS = 6_000;
const ADMIN = { email: 'bench@example.com', password: 'bench-password-123' };

/** What a path answers, the same on every run: 85% 200 (half of them within 50 ms), 6% 404, 4% 500, 3% redirect, 2% too slow. */
function answerOf(pathname: string): { status: number; delay: number } {
  let hash = 0;
  for (const c of pathname) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const roll = hash % 100;
  if (roll < 2) return { status: 200, delay: SLOW_MS };
  if (roll < 6) return { status: 500, delay: 0 };
  if (roll < 12) return { status: 404, delay: 0 };
  if (roll < 15) return { status: 301, delay: 0 };
  return { status: 200, delay: roll % 2 ? hash % 50 : 0 };
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;

/** Asks /api/health one at a time until `until` settles: each answer's time. */
async function probe(base: string, until: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then((res) => res.arrayBuffer());
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

const healthText = (times: number[]) =>
  `p50 ${fmt(quantile(times, 0.5))} ms, p99 ${fmt(quantile(times, 0.99))} ms, max ${fmt(Math.max(...times))} ms (${times.length} answers)`;

async function main() {
  let asked = 0;
  const site = http.createServer((req, res) => {
    asked++;
    const { status, delay } = answerOf(req.url!);
    const timer = setTimeout(() => {
      if (status === 301) res.writeHead(301, { location: `${req.url}-moved-here` }).end();
      else res.writeHead(req.url!.endsWith('-moved-here') ? 200 : status, { 'content-type': 'text/html' }).end('<p>page</p>');
    }, delay);
    req.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  onCleanup(async () => {
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-checks-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const server = await startServer(
    { port: await freePort(), dataDir, ...ADMIN, extra: { SCRAPE_ALLOW_CIDRS: '127.0.0.1/32' } },
    path.join(dataDir, 'server.log'),
  );
  const headers = { authorization: `Bearer ${await signIn(server.base, ADMIN.email, ADMIN.password)}`, 'content-type': 'application/json' };

  // Articles as scraped news pages are: prose with links (one in ten to a page many articles link to) and a few images.
  const ids: string[] = [];
  let links = 0;
  let images = 0;
  for (let n = 0; n < ARTICLES; n++) {
    const anchors = Array.from({ length: LINKS }, (_, i) => `<a href="${origin}/${i % 10 === 0 ? `shared/${i}` : `a${n}/link-${i}`}">link ${i}</a>`);
    const pictures = Array.from({ length: n % 5 < 2 ? 6 : 5 }, (_, i) => `<img src="${origin}/a${n}/image-${i}.jpg" alt="picture ${i}">`);
    links += anchors.length;
    images += pictures.length;
    const blogData = `<h2>Story ${n}</h2>${anchors.map((a, i) => `<p>Paragraph ${i} of the story, with ${a} in it.</p>`).join('')}${pictures.join('')}`;
    const res = await fetch(`${server.base}/api/articles`, { method: 'POST', headers, body: JSON.stringify({ title: `Story ${n}`, slug: `story-${n}`, blogData }) });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { data: { id: string } }).data.id);
  }
  console.log(`bench:checks: ${ARTICLES} articles, ${links.toLocaleString('en-US')} links and ${images} images of another site; ${ADMINS} admins at a time; 2 cores`);

  const idle = await probe(server.base, new Promise((resolve) => setTimeout(resolve, 5_000)));
  console.log(`  health, nothing else happening: ${healthText(idle)}`);

  const runAll = async () => {
    const queue = [...ids];
    const found = { failing: 0, notAnswering: 0 };
    const admin = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const res = await fetch(`${server.base}/api/articles/${id}/checks`, { method: 'POST', headers });
        if (res.status !== 200) throw new Error(`checks: ${res.status} ${await res.text()}`);
        const { data } = articleChecksResultSchema.parse(await res.json());
        const failing = data.items.filter((item) => !item.ok);
        found.failing += failing.length;
        found.notAnswering += failing.filter((item) => item.kind === 'link' || item.kind === 'image').length;
      }
    };
    const started = performance.now();
    const work = Promise.all(Array.from({ length: ADMINS }, admin));
    const health = await probe(server.base, work);
    await work;
    return { seconds: (performance.now() - started) / 1000, health, found };
  };

  for (const pass of ['first run', 'again within the day'] as const) {
    const before = asked;
    const { seconds, health, found } = await runAll();
    console.log(
      `  ${pass}: ${fmt(seconds)} s, ${(asked - before).toLocaleString('en-US')} requests to the site, ` +
        `${found.notAnswering.toLocaleString('en-US')} links and images reported as not answering; health ${healthText(health)}`,
    );
  }

  // The floor: every distinct address asked by the thinnest code, 32 at a time, the same limit.
  const unique = new Set<string>();
  for (let n = 0; n < ARTICLES; n++) {
    for (let i = 0; i < LINKS; i++) unique.add(`/${i % 10 === 0 ? `shared/${i}` : `a${n}/link-${i}`}`);
    for (let i = 0; i < (n % 5 < 2 ? 6 : 5); i++) unique.add(`/a${n}/image-${i}.jpg`);
  }
  const queue = [...unique];
  const ask = (pathname: string, hops = 0): Promise<void> =>
    new Promise((resolve) => {
      const req = http.get(`${origin}${pathname}`, { signal: AbortSignal.timeout(5_000) }, (res) => {
        res.resume();
        if (res.statusCode === 301 && hops < 5) void ask(res.headers.location!, hops + 1).then(resolve);
        else resolve();
      });
      req.on('error', () => resolve());
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ADMINS * 8 }, async () => {
      for (let p = queue.shift(); p !== undefined; p = queue.shift()) await ask(p);
    }),
  );
  console.log(`  floor: the ${unique.size.toLocaleString('en-US')} distinct addresses asked by node:http, 32 at a time: ${fmt((performance.now() - started) / 1000)} s`);
  await server.stop();
}

runMain(main);
