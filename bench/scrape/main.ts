/**
 * Does the API keep answering while pages are scraped? Starts a site of 2.2 MB pages
 * (bench/scrape/site.ts) and the real server (server/main.ts as npm start runs it: its Node flags
 * and environment, embedded database, SCRAPE_ALLOW_CIDRS=127.0.0.1/32), each in a process of its
 * own, then, from this process, which does nothing else, asks GET /api/health in a loop:
 *   1. floor: nothing else happening;
 *   2. while 4 pages are scraped at once, several rounds.
 * Prints health p50/p99/max for both, and how long the scrapes took. Figures only.
 *
 *   npm run bench:scrape            # BENCH_ROUNDS=3 rounds of 4 concurrent scrapes
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:scrape   # and the server's CPU profiles there
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, onCleanup, runMain, signIn, startNode, startServer, waitForHttp } from '../http/process.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENT = 4;
const ADMIN = { email: 'bench@example.com', password: 'bench-password-123' };

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
};
const ms = (x: number) => x.toFixed(1);

runMain(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-scrape-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const siteLog = path.join(dataDir, 'site.log');
  const sitePort = await freePort();
  const site = startNode('bench/scrape/site.ts', { SITE_PORT: String(sitePort), SITE_PAGES: String(ROUNDS * CONCURRENT) }, siteLog);
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  await waitForHttp(`${siteUrl}/page/0`, site, siteLog);

  const profile = process.env.BENCH_CPU_PROF;
  const server = await startServer(
    {
      port: await freePort(),
      dataDir,
      ...ADMIN,
      extra: {
        SCRAPE_ALLOW_CIDRS: '127.0.0.1/32',
        LOG_LEVEL: 'warn',
        ...(profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` } : {}),
      },
    },
    path.join(dataDir, 'server.log'),
  );
  const api = `${server.base}/api`;
  const headers = { authorization: `Bearer ${await signIn(server.base, ADMIN.email, ADMIN.password)}`, 'content-type': 'application/json' };

  const probe = async (until: () => boolean) => {
    const times: number[] = [];
    while (!until()) {
      const t = performance.now();
      const res = await fetch(`${api}/health`);
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
    return times;
  };

  const floorEnd = performance.now() + 3_000;
  const floor = await probe(() => performance.now() > floorEnd);

  const during: number[] = [];
  const scrapeTimes: number[] = [];
  let failures = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let pending = CONCURRENT;
    const probing = probe(() => pending === 0);
    await Promise.all(
      Array.from({ length: CONCURRENT }, async (_, i) => {
        const t = performance.now();
        const res = await fetch(`${api}/articles/scrape`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ url: `${siteUrl}/page/${round * CONCURRENT + i}` }),
        });
        if (res.status !== 201) failures++;
        await res.arrayBuffer();
        scrapeTimes.push(performance.now() - t);
        pending--;
      }),
    );
    during.push(...(await probing));
  }

  const pageBytes = (await (await fetch(`${siteUrl}/page/0`)).arrayBuffer()).byteLength;
  // The server writes its CPU profile as it exits.
  await server.stop();
  console.log(`\nGET /api/health while ${CONCURRENT} pages of ${(pageBytes / 1e6).toFixed(1)} MB are scraped at once (${ROUNDS} rounds), embedded database\n`);
  console.log('| case | health requests | p50 ms | p99 ms | max ms |');
  console.log('|---|---|---|---|---|');
  console.log(`| floor: nothing else running | ${floor.length} | ${ms(quantile(floor, 0.5))} | ${ms(quantile(floor, 0.99))} | ${ms(Math.max(...floor))} |`);
  console.log(`| during ${CONCURRENT} concurrent scrapes | ${during.length} | ${ms(quantile(during, 0.5))} | ${ms(quantile(during, 0.99))} | ${ms(Math.max(...during))} |`);
  console.log(`\nscrape answer: p50 ${ms(quantile(scrapeTimes, 0.5))} ms, max ${ms(Math.max(...scrapeTimes))} ms; failed: ${failures} of ${scrapeTimes.length}`);
});
