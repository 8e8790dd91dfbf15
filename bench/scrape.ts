/**
 * Does the API keep answering while pages are scraped? Starts a fixture site on 127.0.0.1 and
 * the real server (`tsx server/main.ts`, embedded database, SCRAPE_ALLOW_CIDRS=127.0.0.1/32),
 * then, from this process, asks GET /api/health in a loop:
 *   1. floor: nothing else happening;
 *   2. while 4 pages of 2 MB are scraped at once, several rounds.
 * Prints health p50/p99/max for both, and how long the scrapes took. Figures only.
 *
 *   npm run bench:scrape            # BENCH_ROUNDS=3 rounds of 4 concurrent scrapes
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENT = 4;
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const API = `http://127.0.0.1:${PORT}/api`;
const ADMIN = { email: 'bench@example.com', password: 'bench-password-123' };

const words = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => ['coffee', 'morning', 'brew', 'grind', 'water', 'roast', 'cup', 'bean'][(i * 7 + seed) % 8]).join(' ');

/** A 2 MB page as real ones weigh: inline script data, then a long article. */
function largePage(seed: number) {
  const state = JSON.stringify({ items: Array.from({ length: 25_000 }, (_, i) => ({ id: i, text: words(10, i + seed) })) });
  const paragraphs = Array.from({ length: 600 }, (_, i) => `<div class="wrap"><p>Paragraph ${i}: <span>${words(40, i + seed)}</span> <a href="/p/${i}">link</a>.</p></div>`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Long page ${seed}</title><script>window.__S__=${state};</script></head><body><article><h1>Long page ${seed}</h1>${paragraphs.join('\n')}</article></body></html>`;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
};
const ms = (x: number) => x.toFixed(1);

async function main() {
  const pages = new Map<string, string>();
  const site = http.createServer((req, res) => {
    const body = pages.get(req.url ?? '') ?? largePage(Number((req.url ?? '/0').split('/').pop()) || 0);
    pages.set(req.url ?? '', body);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-scrape-'));
  const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SCRAPE_ALLOW_CIDRS: '127.0.0.1/32',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${API}/health`).then((r) => r.ok, () => false)) break;
      if (i > 600) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${API}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };

    const probe = async (until: () => boolean) => {
      const times: number[] = [];
      while (!until()) {
        const t = performance.now();
        const res = await fetch(`${API}/health`);
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
          const res = await fetch(`${API}/articles/scrape`, {
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

    console.log(`\nGET /api/health while ${CONCURRENT} pages of ${(largePage(0).length / 1e6).toFixed(1)} MB are scraped at once (${ROUNDS} rounds), embedded database\n`);
    console.log('| case | health requests | p50 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|---|');
    console.log(`| floor: nothing else running | ${floor.length} | ${ms(quantile(floor, 0.5))} | ${ms(quantile(floor, 0.99))} | ${ms(Math.max(...floor))} |`);
    console.log(`| during ${CONCURRENT} concurrent scrapes | ${during.length} | ${ms(quantile(during, 0.5))} | ${ms(quantile(during, 0.99))} | ${ms(Math.max(...during))} |`);
    console.log(`\nscrape answer: p50 ${ms(quantile(scrapeTimes, 0.5))} ms, max ${ms(Math.max(...scrapeTimes))} ms; failed: ${failures} of ${scrapeTimes.length}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    site.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
