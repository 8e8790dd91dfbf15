/**
 * The articles list with 10,000 articles in a real browser (Debian's Chromium): time until
 * the first cards show, cards in the DOM, and frame times while scrolling through the list.
 * Uses the Storybook build (`npm run build-storybook` first). Figures only, no assertions.
 *
 *   npm run bench:list
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const dir = process.env.STORYBOOK_DIR ?? 'storybook-static';
if (!existsSync(`${dir}/iframe.html`)) {
  console.error(`No Storybook build in ${dir}/: run "npm run build-storybook" first.`);
  process.exit(1);
}
const port = 6199;
const server = spawn('npx', ['http-server', dir, '-a', '127.0.0.1', '-p', String(port), '-s', '-c-1'], { stdio: 'ignore' });
const url = `http://127.0.0.1:${port}/iframe.html?id=components-articles-articlelist--many-articles&viewMode=story`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

try {
  for (let i = 0; i < 50; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const firstCards: number[] = [];
  const frames: number[] = [];
  let domCards = 0;
  let maxDomCards = 0;
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const start = Date.now();
    await page.goto(url);
    await page.getByRole('article').first().waitFor();
    firstCards.push(Date.now() - start);
    domCards = await page.getByRole('article').count();
    // Scroll through the whole list in 40 steps and time each frame after a step.
    const result = await page.evaluate(async () => {
      const times: number[] = [];
      let most = 0;
      const height = document.documentElement.scrollHeight;
      for (let step = 1; step <= 40; step++) {
        const t0 = performance.now();
        window.scrollTo(0, (height * step) / 40);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        times.push(performance.now() - t0);
        most = Math.max(most, document.querySelectorAll('[role="article"], article').length);
      }
      return { times, most };
    });
    frames.push(...result.times);
    maxDomCards = Math.max(maxDomCards, result.most);
    await page.close();
  }
  await browser.close();
  console.log(`Articles list, 10,000 articles, Chromium, ${runs} runs`);
  console.log(`  time to first cards        median ${median(firstCards)} ms, p95 ${p95(firstCards)} ms`);
  console.log(`  cards in the DOM           ${domCards} at the top, at most ${maxDomCards} while scrolling`);
  console.log(`  scroll step to 2nd frame   median ${median(frames).toFixed(1)} ms, p95 ${p95(frames).toFixed(1)} ms`);
} finally {
  server.kill();
}
