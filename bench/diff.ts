/**
 * Does comparing two long versions hold the console? Two parts:
 *
 * 1. In Node: how long the word diff (src/lib/wordDiff.ts, jsdiff) of two 100 KB versions of an
 *    article takes, for one paragraph rewritten, for a tenth of them, and for every one (what
 *    the page would wait if it ran on the main thread), beside the floor of comparing the
 *    same texts for equality.
 * 2. In Chromium, on the built Storybook (`npm run build-storybook` first): a story of
 *    RevisionCompare loaded and idle, its Blog HTML tab opened again (the comparison runs anew),
 *    and from that click until the result shows and a second after: the longest main-thread task
 *    (PerformanceObserver 'longtask') and the longest gap between 10 ms timer ticks (how late a
 *    keystroke would be handled). Two 0.1 KB versions (compared on the main thread) are the floor;
 *    two 100 KB versions with one paragraph and with a tenth of them rewritten run in the worker.
 *
 *   npm run bench:diff
 */
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DIFF_IN_WORKER_FROM_CHARS, wordDiff } from '../src/lib/wordDiff.ts';
import { browserPath } from '../scripts/find-browser.mjs';
import { root } from './http/process.ts';

const paragraph = (i: number, edited = false) =>
  edited
    ? `<p>Paragraph ${i}: rewritten by an editor, who kept the idea and changed most of the words in it.</p>`
    : `<p>Paragraph ${i}: tomatoes grow best with sun, water and patience, and a good container.</p>`;
const VERSION = (kb: number, edited: (i: number) => boolean) => {
  const count = Math.ceil((kb * 1024) / 95);
  return Array.from({ length: count }, (_, i) => paragraph(i, edited(i))).join('\n');
};

/** Texts of `chars` characters with no word in common: a word diff's worst case. */
const unrelated = (chars: number, seed: number) =>
  Array.from({ length: Math.ceil(chars / 5) }, (_, i) => `w${(i * 7919 + seed) % 10007}`).join(' ').slice(0, chars);

function nodePart() {
  console.log('Word diff of two texts with no word in common, in Node (what the main thread would wait, below and above DIFF_IN_WORKER_FROM_CHARS):');
  console.log('| characters each | diff ms |');
  console.log('| --: | --: |');
  for (const chars of [500, 1_500, 5_000, 10_000]) {
    const t = performance.now();
    wordDiff(unrelated(chars, 1), unrelated(chars, 2));
    console.log(`| ${chars.toLocaleString('en-US')} | ${(performance.now() - t).toFixed(1)} |`);
  }
  const base = VERSION(100, () => false);
  const cases: [string, string][] = [
    ['one paragraph rewritten', VERSION(100, (i) => i === 500)],
    ['a tenth of the paragraphs rewritten', VERSION(100, (i) => i % 10 === 3)],
    ['every paragraph rewritten', VERSION(100, () => true)],
  ];
  console.log(`\nWord diff of two ${Math.round(base.length / 1024)} KB versions in Node (median of 5; in a worker above ${DIFF_IN_WORKER_FROM_CHARS.toLocaleString('en-US')} characters together):`);
  console.log('| case | diff ms | granularity | floor: equality check ms |');
  console.log('| --- | --: | --- | --: |');
  for (const [label, other] of cases) {
    const times: number[] = [];
    let granularity = '';
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      granularity = wordDiff(base, other).granularity;
      times.push(performance.now() - t);
    }
    const floor: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      void (base === other.slice(0));
      floor.push(performance.now() - t);
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    console.log(`| ${label} | ${median(times).toFixed(1)} | ${granularity} | ${median(floor).toFixed(3)} |`);
  }
}

/** Serves the built Storybook on a free port of 127.0.0.1. */
async function serveStorybook(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };
  const server = http.createServer(async (req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !(await stat(file).then((s) => s.isFile(), () => false))) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

async function browserPart() {
  const dir = path.join(root, 'storybook-static');
  if (!existsSync(path.join(dir, 'iframe.html'))) {
    console.log('\nNo storybook-static/: run `npm run build-storybook` for the browser part.');
    return;
  }
  const site = await serveStorybook(dir);
  const browser = await chromium.launch({ executablePath: browserPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    console.log('\nIn Chromium (median of 5 loads): once the story is loaded and idle, its Blog HTML tab is opened again (the');
    console.log('comparison runs anew), and from that click until the result shows and 1 s after: the longest main-thread task, the');
    console.log('longest gap between 10 ms timer ticks (how late a keystroke would be handled), and how long the result took:');
    console.log('| story | texts | diff runs in | click to result ms | longest task ms | longest tick gap ms |');
    console.log('| --- | --- | --- | --: | --: | --: |');
    for (const [story, texts, where] of [
      ['blog-html', 'two of 0.1 KB', 'main thread'],
      ['long-versions', 'two of 100 KB, one paragraph rewritten', 'worker'],
      ['long-versions-many-changes', 'two of 100 KB, a tenth of the paragraphs rewritten', 'worker'],
    ] as const) {
      const runs: { shown: number; longTask: number; gap: number }[] = [];
      for (let i = 0; i < 5; i++) {
        const page = await browser.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { tasks: { start: number; duration: number }[]; gaps: { at: number; gap: number }[] };
          w.tasks = [];
          w.gaps = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.tasks.push({ start: entry.startTime, duration: entry.duration });
          }).observe({ type: 'longtask', buffered: true });
          let last = performance.now();
          setInterval(() => {
            const now = performance.now();
            w.gaps.push({ at: now, gap: now - last });
            last = now;
          }, 10);
        });
        await page.goto(`${site.url}/iframe.html?id=components-articlehistory-revisioncompare--${story}&viewMode=story`);
        const summary = page.getByText(/words? removed, \d+ added|No differences/);
        await summary.waitFor({ timeout: 30_000 });
        await page.getByRole('tab', { name: 'Raw text' }).click();
        await summary.waitFor({ timeout: 30_000 });
        await page.waitForTimeout(1_000);
        const from = await page.evaluate(() => performance.now());
        await page.getByRole('tab', { name: 'Blog HTML' }).click();
        await page.getByText(/words? removed, \d+ added/).waitFor({ timeout: 30_000 });
        const shownAt = await page.evaluate(() => performance.now());
        await page.waitForTimeout(1_000);
        runs.push(
          await page.evaluate(
            ([start, shown]) => {
              const w = window as unknown as { tasks: { start: number; duration: number }[]; gaps: { at: number; gap: number }[] };
              return {
                shown: shown - start,
                longTask: Math.max(0, ...w.tasks.filter((t) => t.start >= start).map((t) => t.duration)),
                gap: Math.max(0, ...w.gaps.filter((g) => g.at > start + 10).map((g) => g.gap)),
              };
            },
            [from, shownAt] as const,
          ),
        );
        await page.close();
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
      console.log(
        `| ${story} | ${texts} | ${where} | ${median(runs.map((r) => r.shown)).toFixed(0)} | ${median(runs.map((r) => r.longTask)).toFixed(0)} | ` +
          `${median(runs.map((r) => r.gap)).toFixed(0)} |`,
      );
    }
  } finally {
    await browser.close();
    await site.close();
  }
}

nodePart();
await browserPart();
