/**
 * Sources polled by the real server (`server/main.ts`, embedded database) from a local site of
 * BENCH_FEEDS hosts (127.0.0.1, 127.0.0.2, …: one host each, so each keeps its own pace), each
 * with a feed of BENCH_ENTRIES entries whose pages answer in 50 to 500 ms, with some 404s, 500s
 * and pages that never answer (the scrape's timeout). Robots.txt allows all; the pace per host is
 * SOURCE_HOST_PACE_MS (BENCH_PACE_MS, 1,000 by default).
 *
 *   1. Idle floors: /api/health and the article list (50 cards), asked from this process.
 *   2. First pass, by the server's own poller: every feed read and each entry made a draft (or
 *      failed with its reason). Meanwhile health and the list are asked as in 1: their p50/p99
 *      beside the floors; the server's peak memory (VmHWM, worker threads included); how long the
 *      pass took beside the pace's floor (the entries of one host one at a time, BENCH_PACE_MS
 *      apart, the poller's sources at once as it polls them).
 *   3. Second pass, each source polled now (`POST /api/sources/:id/poll`, 8 at once): every feed
 *      answers 304; the server's CPU time for the pass, the requests the site saw besides the
 *      feeds (none expected) and the drafts made (none expected).
 *
 *   npm run bench:source-polls     # BENCH_FEEDS=200 BENCH_ENTRIES=5 by default, embedded database
 *   WORKER_NICE=0 npm run bench:source-polls    # the worker threads not yielding to requests (default 10)
 *   BENCH_BACKEND=postgres npm run bench:source-polls   # on PostgreSQL: a fresh database bench_sources_<time>
 *                                                       # on BENCH_PG_URL (postgres://postgres@127.0.0.1:5432), dropped after
 *   BENCH_ENTRIES=50 npm run bench:source-polls   # the issue's 10,000 pages (about 15 minutes of
 *                                                 # scraping on 2 cores)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, createBenchDatabase, fmt, freePort, memoryOf, onCleanup, runMain, signIn, startServer } from './http/process.ts';

const FEEDS = Number(process.env.BENCH_FEEDS ?? 200);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 5);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 1_000);
const BACKEND = process.env.BENCH_BACKEND ?? 'pglite';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
/** Sources the poller polls at once (server/sources/poller.ts AT_ONCE). */
const POLLER_AT_ONCE = 8;
const ADMIN = { email: 'bench@example.com', password: 'bench-password-123' };

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
const ms = (n: number) => `${fmt(n, 1)} ms`;
const MB = (bytes: number) => `${fmt(bytes / 1024 / 1024, 0)} MB`;

const VOCABULARY = (
  'harbour council ferry market bridge tide storm school river festival library garden train museum canal orchard choir bakery ' +
  'lantern quay mayor budget rota lighthouse dredging channel autumn spring fisherman survey gauge station tower keeper trust visitor'
).split(' ');
/** Words drawn from the vocabulary by a generator seeded with `seed`: each page its own text (alike pages would be skipped as near-copies). */
const words = (n: number, seed: number) => {
  let state = (seed * 2654435761) % 2147483648;
  return Array.from({ length: n }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return VOCABULARY[(state >>> 8) % VOCABULARY.length];
  }).join(' ');
};

/** A news page of about 8 KB of text, as the sites' stories weigh. */
const page = (host: number, n: number) => `<!doctype html><html><head><meta charset="utf-8"><title>Story ${n} of host ${host}</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav><article><h1>Story ${n} of host ${host}</h1>
${Array.from({ length: 12 }, (_, i) => `<p>${words(110, host * 100_000 + n * 100 + i)}.</p>`).join('\n')}</article><footer>© Host ${host}</footer></body></html>`;

/** What each entry's page does: most answer in 50-500 ms; 1 in 23 is gone, 1 in 29 fails, 1 in 97 never answers. */
const fate = (host: number, n: number) => {
  const k = host * 1_000 + n;
  if (k % 97 === 0) return 'hang' as const;
  if (k % 29 === 0) return 500;
  if (k % 23 === 0) return 404;
  return 50 + ((k * 7919) % 451);
};

interface Site {
  port: number;
  /** Requests seen, by kind. */
  seen: { feeds: number; notModified: number; other: number };
  close(): Promise<void>;
}

async function startSite(): Promise<Site> {
  const port = await freePort();
  const seen = { feeds: 0, notModified: 0, other: 0 };
  const hanging = new Set<http.ServerResponse>();
  const handler = (host: number) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '/';
    if (url === '/robots.txt') {
      seen.other++;
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    }
    if (url === '/feed.xml') {
      seen.feeds++;
      const etag = `"feed-${host}-v1"`;
      if (req.headers['if-none-match'] === etag) {
        seen.notModified++;
        return res.writeHead(304, { etag }).end();
      }
      const items = Array.from({ length: ENTRIES }, (_, n) => `<item><title>Story ${n} of host ${host}</title><link>http://127.0.0.${host}:${port}/story/${n}.html</link><guid>h${host}-s${n}</guid></item>`);
      return res.writeHead(200, { 'content-type': 'application/rss+xml', etag }).end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Host ${host}</title>${items.join('')}</channel></rss>`);
    }
    seen.other++;
    const story = /^\/story\/(\d+)\.html$/.exec(url);
    if (!story) return res.writeHead(404).end();
    const what = fate(host, Number(story[1]));
    if (what === 'hang') return void hanging.add(res);
    if (what === 404 || what === 500) return res.writeHead(what, { 'content-type': 'text/plain' }).end('no');
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(host, Number(story[1]))), what);
  };
  const servers = await Promise.all(
    Array.from({ length: FEEDS }, (_, i) =>
      new Promise<http.Server>((resolve, reject) => {
        const server = http.createServer(handler(i + 1));
        server.once('error', reject);
        server.listen(port, `127.0.0.${i + 1}`, () => resolve(server));
      }),
    ),
  );
  return {
    port,
    seen,
    async close() {
      for (const res of hanging) res.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

/** Asks `url` every `everyMs` until stopped: each answer's time. */
function sampler(url: string, headers: Record<string, string>, everyMs: number) {
  const times: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(url, { headers }).catch(() => undefined);
      await res?.arrayBuffer();
      if (res?.ok) times.push(performance.now() - started);
      else failures++;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { times, failures };
    },
  };
}

const line = (name: string, s: { times: number[]; failures: number }) =>
  `${name.padEnd(26)} n=${String(s.times.length).padStart(5)}  p50 ${ms(percentile(s.times, 0.5)).padStart(9)}  p99 ${ms(percentile(s.times, 0.99)).padStart(9)}  failed ${s.failures}`;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-source-polls-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const site = await startSite();
  onCleanup(() => site.close());
  const logFile = path.join(dataDir, 'server.log');
  if (BACKEND !== 'pglite' && BACKEND !== 'postgres') throw new Error(`BENCH_BACKEND: unknown backend "${BACKEND}"`);
  const databaseUrl = BACKEND === 'postgres' ? await createBenchDatabase(PG_URL, 'bench_sources') : undefined;
  const server = await startServer(
    {
      port: await freePort(),
      dataDir,
      databaseUrl,
      email: ADMIN.email,
      password: ADMIN.password,
      extra: {
        SCRAPE_ALLOW_CIDRS: '127.0.0.0/8',
        SOURCE_HOST_PACE_MS: String(PACE_MS),
        SCRAPE_IMPORT_IMAGES: 'false',
        LOG_LEVEL: 'warn',
        // WORKER_NICE=0 measures the workers without yielding (the figure beside the default's).
        ...(process.env.WORKER_NICE ? { WORKER_NICE: process.env.WORKER_NICE } : {}),
      },
    },
    logFile,
  );
  onCleanup(() => server.stop());
  const token = await signIn(server.base, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const api = (p: string, init: RequestInit = {}) => fetch(`${server.base}/api${p}`, { ...init, headers: { ...headers, 'content-type': 'application/json', ...init.headers } });
  const health = `${server.base}/api/health`;
  const list = `${server.base}/api/articles/admin/articles?limit=50`;
  console.log(`${FEEDS} feeds of ${ENTRIES} entries (${(FEEDS * ENTRIES).toLocaleString('en-US')} pages), ${PACE_MS} ms apart per host, on ${databaseUrl ? `PostgreSQL (${databaseUrl})` : 'the embedded database'}, WORKER_NICE ${process.env.WORKER_NICE ?? 'default (10)'}; server log ${logFile}`);

  // 1. Idle floors.
  const idleHealth = sampler(health, {}, 20);
  const idleList = sampler(list, headers, 100);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const floors = { health: await idleHealth.stop(), list: await idleList.stop() };

  // 2. First pass, by the poller (a source is first polled a minute after it is added).
  for (let host = 1; host <= FEEDS; host++) {
    const res = await api('/sources', { method: 'POST', body: JSON.stringify({ url: `http://127.0.0.${host}:${site.port}/feed.xml` }) });
    if (res.status !== 201) throw new Error(`source ${host}: ${res.status} ${await res.text()}`);
  }
  const busyHealth = sampler(health, {}, 20);
  const busyList = sampler(list, headers, 100);
  const cpuBefore = await cpuMs(server.pid);
  let firstPolledAt = 0;
  let sources: { lastPolledAt: string | null; counts: { created: number; failed: number; found: number } }[] = [];
  for (;;) {
    sources = ((await (await api('/sources')).json()) as { data: typeof sources }).data;
    const polled = sources.filter((s) => s.lastPolledAt);
    if (polled.length && !firstPolledAt) firstPolledAt = Date.now();
    if (polled.length === FEEDS) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const polledIn = (Date.now() - firstPolledAt) / 1000;
  const busy = { health: await busyHealth.stop(), list: await busyList.stop() };
  const firstCpu = (await cpuMs(server.pid)) - cpuBefore;
  const memory = await memoryOf(server.pid);
  const created = sources.reduce((n, s) => n + s.counts.created, 0);
  const failed = sources.reduce((n, s) => n + s.counts.failed, 0);
  // The pace's floor: each host's entries one after the other, PACE_MS apart, the poller's sources at once.
  const floorSeconds = (Math.ceil(FEEDS / POLLER_AT_ONCE) * ENTRIES * PACE_MS) / 1000;

  console.log('\nfirst pass (the poller):');
  console.log(`  ${created.toLocaleString('en-US')} drafts made, ${failed} entries failed (404, 500, no answer), in ${fmt(polledIn, 0)} s from the first poll; the pace's floor ${fmt(floorSeconds, 0)} s`);
  console.log(`  server CPU ${fmt(firstCpu / 1000, 1)} s; peak memory (VmHWM) ${MB(memory.peak)}, now ${MB(memory.rss)}`);
  console.log(`  ${line('health, idle (floor)', floors.health)}`);
  console.log(`  ${line('health, while polling', busy.health)}`);
  console.log(`  ${line('list of 50, idle (floor)', floors.list)}`);
  console.log(`  ${line('list of 50, while polling', busy.list)}`);
  console.log(`  list p99 while polling / idle: ${fmt(percentile(busy.list.times, 0.99) / percentile(floors.list.times, 0.99), 2)}`);

  // 3. Second pass: every source polled now; the feeds answer 304.
  const ids = ((await (await api('/sources')).json()) as { data: { id: string }[] }).data.map((s) => s.id);
  const seenBefore = { ...site.seen };
  const cpu0 = await cpuMs(server.pid);
  const started = performance.now();
  let notModified = 0;
  let createdAgain = 0;
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        const poll = ((await (await api(`/sources/${id}/poll`, { method: 'POST' })).json()) as { data: { notModified: number; created: number } }).data;
        notModified += poll.notModified;
        createdAgain += poll.created;
      }
    }),
  );
  const secondSeconds = (performance.now() - started) / 1000;
  const secondCpu = (await cpuMs(server.pid)) - cpu0;
  console.log('\nsecond pass (each source polled now, unchanged feeds):');
  console.log(`  ${notModified} of ${FEEDS} feeds answered 304; ${site.seen.other - seenBefore.other} other requests to the site; ${createdAgain} drafts made`);
  console.log(`  server CPU ${fmt(secondCpu / 1000, 2)} s for the pass (${fmt(secondSeconds, 1)} s of wall time)`);
}

runMain(main);
