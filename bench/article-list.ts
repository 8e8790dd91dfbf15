/**
 * The real console in Debian's Chromium with a large library: 10,000 articles (about 12 KB of
 * blog HTML and 6 KB of scraped text each) and 10,000 file rows, seeded into a fresh embedded
 * database, served by the production server (server/main.ts) from the built console (dist/).
 *
 * For the articles list and the file manager's grid it prints: the time from navigation to the
 * first card painted; 40 scroll steps of 600px from the top, then 40 more in the middle after
 * 1,000+ items are loaded (20 pages), each timed until the second requestAnimationFrame after
 * the scroll and, separately, as the main-thread work of the frame that handled the scroll;
 * the most cards and DOM nodes seen. Beside them, the same steps on a floor: a static page of
 * 10,000 plain fixed-height divs, the thinnest possible code, measured in the same run.
 * Figures only, no assertions.
 *
 *   npm run bench:list                 # 3 runs
 *   BENCH_RUNS=5 BENCH_ONLY=files BENCH_TRACE=/tmp/traces npm run bench:list
 *
 * BENCH_TRACE names a folder for Chrome performance traces (with JavaScript samples) of the
 * last run's middle steps, one per screen: open them in the DevTools Performance panel.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createPgliteDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { NAME_HELPER, signedInContext, withConsole } from './console.ts';

const ROWS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const STEPS = 40;
const STEP_PX = 600;
/** Pages of 50 loaded before the second series of steps: 1,000 items. */
const PAGES_LOADED = 20;
const VIEWPORT = { width: 1280, height: 800 };

/* ---------------------------------------------------------------- seeding */

async function seed(dataDir: string) {
  const started = performance.now();
  const db = await createPgliteDatabase(path.join(dataDir, 'db'));
  try {
    await migrate(db);
    const base = Date.now();
    for (let from = 0; from < ROWS; from += 1_000) {
      const to = Math.min(ROWS, from + 1_000) - 1;
      // Real-sized bodies: 63 paragraphs of blog HTML (~12 KB), 72 sentences of scraped text (~6 KB).
      await db.query(
        `INSERT INTO articles (id, status, slug, blog_data, scraped_url, new_url, scrapped_data, created_at, updated_at)
         SELECT lpad(to_hex(i), 26, '0'),
                CASE WHEN i % 3 = 0 THEN 'published' ELSE 'draft' END,
                'article-' || i,
                CASE WHEN i % 5 = 4 THEN NULL ELSE
                  '<article><h1>Article ' || i || '</h1>' ||
                  (SELECT string_agg('<p>' || md5((i * 100 + k)::text) ||
                     ' Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ' ||
                     md5(k::text) || '</p>', '') FROM generate_series(1, 63) AS k) || '</article>' END,
                'https://source.example/' || (ARRAY['news', 'blog', 'posts/archive/2025'])[1 + i % 3] || '/' || i || '-' || md5(i::text),
                CASE WHEN i % 2 = 0 THEN 'https://blog.example/article-' || i END,
                'Article ' || i || E'\\n' ||
                  (SELECT string_agg(md5((i * 7 + k)::text) || ' scraped sentence of the page with some words in it. ', '')
                     FROM generate_series(1, 72) AS k),
                to_timestamp(($3::bigint - i * 60000) / 1000.0),
                to_timestamp(($3::bigint - i * 60000 + (i % 4) * 3600000) / 1000.0)
           FROM generate_series($1::int, $2::int) AS i`,
        [from, to, base],
      );
      // Rows only: no bytes on disk and no thumbnails.
      await db.query(
        `INSERT INTO files (id, name, stored_name, size, type, mime_type, has_thumbnail, uploaded_at, last_modified)
         SELECT lpad(to_hex(i), 26, '0'),
                (ARRAY['Report', 'invoice', 'Photo', 'diagram', 'Scan'])[1 + i % 5] || '_' || i ||
                  CASE WHEN i % 2 = 0 THEN '.pdf' ELSE '.png' END,
                lpad(to_hex(i), 26, '0'),
                1000 + (i * 7919) % 5000000,
                CASE WHEN i % 2 = 0 THEN 'pdf' ELSE 'image' END,
                CASE WHEN i % 2 = 0 THEN 'application/pdf' ELSE 'image/png' END,
                false,
                to_timestamp(($3::bigint - i * 60000) / 1000.0),
                to_timestamp(($3::bigint - i * 60000) / 1000.0)
           FROM generate_series($1::int, $2::int) AS i`,
        [from, to, base],
      );
    }
    await db.query('ANALYZE');
    const { rows } = await db.query<{ kb: number }>(
      'SELECT round(avg(length(blog_data)) / 1024.0, 1) AS kb FROM articles WHERE blog_data IS NOT NULL',
    );
    const { rows: raw } = await db.query<{ kb: number }>('SELECT round(avg(length(scrapped_data)) / 1024.0, 1) AS kb FROM articles');
    console.log(
      `Seeded ${ROWS} articles (blog HTML ${rows[0]?.kb} KB, scraped text ${raw[0]?.kb} KB on average) and ${ROWS} file rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

/* ---------------------------------------------------------------- in the page */


interface Screen {
  key: 'articles' | 'files';
  name: string;
  path: string;
  /** A rendered card. */
  card: string;
  /** The list call whose answers are the pages. */
  listCall: RegExp;
}

const allScreens: Screen[] = [
  { key: 'articles', name: 'articles list', path: '/articles', card: 'article', listCall: /\/api\/articles\/admin\/articles\?/ },
  { key: 'files', name: 'file grid', path: '/file-manager', card: '[data-view="grid"] [role="listitem"]', listCall: /\/api\/files\?/ },
];
/** BENCH_ONLY=articles or BENCH_ONLY=files measures one screen. */
const screens = allScreens.filter((s) => !process.env.BENCH_ONLY || s.key === process.env.BENCH_ONLY);

/**
 * Installed before the console's own scripts: the time the first card is painted, and the time
 * of each scroll event (this listener is the window's first, so it runs before the console's).
 */
const probeScript = (cardSelector: string) => {
  const w = window as unknown as { __firstCard?: number; __scrollAt?: number };
  const seen = () => {
    if (w.__firstCard !== undefined || !document.querySelector(cardSelector)) return false;
    // Painted once this frame's rendering is done: the rAF, then a task after it.
    requestAnimationFrame(() => setTimeout(() => (w.__firstCard = performance.now())));
    return true;
  };
  const observer = new MutationObserver(() => {
    if (seen()) observer.disconnect();
  });
  document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
  window.addEventListener('scroll', () => (w.__scrollAt ??= performance.now()), { capture: true, passive: true });
};

interface Steps {
  /** Scroll call to the second requestAnimationFrame after it. */
  toSecondFrame: number[];
  /** Scroll event to the end of that frame's rendering (a task posted from its rAF runs after it). */
  frameWork: number[];
  maxCards: number;
  maxNodes: number;
  /** Steps whose second frame showed a gap: a point of the viewport over the list with no row. */
  blankSteps: number;
}

/** 40 steps of 600px from where the page is now. */
function scrollSteps(page: Page, cardSelector: string): Promise<Steps> {
  return page.evaluate(
    async ({ steps, px, cardSelector }) => {
      const w = window as unknown as { __scrollAt?: number };
      const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
      const toSecondFrame: number[] = [];
      const frameWork: number[] = [];
      let maxCards = 0;
      let maxNodes = 0;
      let blankSteps = 0;
      const channel = new MessageChannel();
      for (let step = 0; step < steps; step++) {
        // Start each step at a random point of a frame, as a wheel would.
        await new Promise((r) => setTimeout(r, Math.random() * 16));
        w.__scrollAt = undefined;
        const start = performance.now();
        window.scrollBy(0, px);
        const rendered = new Promise<number>((resolve) => {
          channel.port1.onmessage = () => resolve(performance.now());
        });
        await frame();
        channel.port2.postMessage(null);
        await frame();
        toSecondFrame.push(performance.now() - start);
        frameWork.push((await rendered) - (w.__scrollAt ?? start));
        maxCards = Math.max(maxCards, document.querySelectorAll(cardSelector).length);
        maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
        // A gap: a point of the viewport over the list where no row is drawn.
        const sizer = document.querySelector(cardSelector)?.closest('[data-index]')?.parentElement?.parentElement;
        const box = sizer?.getBoundingClientRect();
        const blank =
          box !== undefined &&
          [0.2, 0.5, 0.8].some((at) => {
            const y = window.innerHeight * at;
            if (y < box.top || y > box.bottom) return false;
            return !document.elementFromPoint(box.left + box.width / 2, y)?.closest('[data-index]');
          });
        if (blank) blankSteps++;
      }
      return { toSecondFrame, frameWork, maxCards, maxNodes, blankSteps };
    },
    { steps: STEPS, px: STEP_PX, cardSelector },
  );
}

/** Scrolls to the end until `pages` list pages have arrived. */
async function loadPages(page: Page, screen: Screen, pages: number) {
  let arrived = 1;
  while (arrived < pages) {
    const answer = page.waitForResponse((r) => screen.listCall.test(r.url()) && r.ok(), { timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await answer;
    arrived++;
    // Let the page render what arrived before asking again.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
}

interface ScreenRun {
  firstCard: number;
  top: Steps;
  loaded: Steps;
  loadedItems: number;
}

async function measureScreen(browser: Browser, url: string, screen: Screen, tracePath?: string): Promise<ScreenRun> {
  const context = await signedInContext(browser, url, VIEWPORT);
  try {
    const page = await context.newPage();
    await page.addInitScript(NAME_HELPER);
    await page.addInitScript(probeScript, screen.card);
    await page.goto(`${url}${screen.path}`);
    await page.locator(screen.card).first().waitFor();
    await page.waitForFunction(() => (window as unknown as { __firstCard?: number }).__firstCard !== undefined);
    const firstCard = await page.evaluate(() => (window as unknown as { __firstCard: number }).__firstCard);
    // The console is idle (fonts, the first page, the sidebar) before the steps start.
    await page.waitForLoadState('networkidle');

    const top = await scrollSteps(page, screen.card);
    await loadPages(page, screen, PAGES_LOADED);
    await page.waitForLoadState('networkidle');
    // The middle of what is loaded, far from the end: no page is asked for during the steps.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.4));
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    if (tracePath) {
      await browser.startTracing(page, {
        path: tracePath,
        screenshots: false,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute', 'blink.user_timing'],
      });
    }
    const loaded = await scrollSteps(page, screen.card);
    if (tracePath) await browser.stopTracing();
    const loadedItems = await page.evaluate(
      (card) => Number(document.querySelector(card)?.closest('[aria-setsize]')?.getAttribute('aria-posinset') ?? 0),
      screen.card,
    );
    return { firstCard, top, loaded, loadedItems };
  } finally {
    await context.close();
  }
}

/** The same steps on 10,000 plain divs of a card's height, all in the DOM, no script. */
async function measureFloor(browser: Browser): Promise<Steps> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    await page.addInitScript(NAME_HELPER);
    const rows = Array.from({ length: ROWS }, (_, i) => `<div class="row">Row ${i}</div>`).join('');
    await page.setContent(
      `<!doctype html><style>body{margin:0;font:16px sans-serif}.row{height:344px;margin-bottom:16px;border:1px solid #ccc}</style>${rows}`,
    );
    await page.evaluate(NAME_HELPER);
    await page.evaluate(() => window.scrollTo(0, 0));
    return await scrollSteps(page, '.row');
  } finally {
    await page.close();
  }
}

/* ---------------------------------------------------------------- figures */

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
};
const median = (xs: number[]) => quantile(xs, 0.5);
const p95 = (xs: number[]) => quantile(xs, 0.95);
const ms = (x: number) => x.toFixed(1).padStart(7);

function mergeSteps(all: Steps[]): Steps {
  return {
    toSecondFrame: all.flatMap((s) => s.toSecondFrame),
    frameWork: all.flatMap((s) => s.frameWork),
    maxCards: Math.max(...all.map((s) => s.maxCards)),
    maxNodes: Math.max(...all.map((s) => s.maxNodes)),
    blankSteps: all.reduce((sum, s) => sum + s.blankSteps, 0),
  };
}

function printTable(results: Map<string, ScreenRun[]>, floor: Steps) {
  const floorSecond = median(floor.toSecondFrame);
  const floorWork = median(floor.frameWork);
  const header = `${'case'.padEnd(40)} ${'2nd frame med'.padStart(13)} ${'p95'.padStart(7)} ${'× floor'.padStart(8)}  ${'work med'.padStart(8)} ${'p95'.padStart(7)} ${'× floor'.padStart(8)}  ${'cards'.padStart(6)} ${'nodes'.padStart(6)} ${'gaps'.padStart(6)}`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  const row = (name: string, s: Steps) =>
    console.log(
      `${name.padEnd(40)} ${ms(median(s.toSecondFrame)).padStart(13)} ${ms(p95(s.toSecondFrame))} ${(median(s.toSecondFrame) / floorSecond).toFixed(2).padStart(8)}  ${ms(median(s.frameWork)).padStart(8)} ${ms(p95(s.frameWork))} ${(median(s.frameWork) / floorWork).toFixed(2).padStart(8)}  ${String(s.maxCards).padStart(6)} ${String(s.maxNodes).padStart(6)} ${String(s.blankSteps).padStart(6)}`,
    );
  for (const [name, runs] of results) {
    row(`${name}: from the top`, mergeSteps(runs.map((r) => r.top)));
    row(`${name}: 1,000+ loaded, middle`, mergeSteps(runs.map((r) => r.loaded)));
  }
  row(`floor: ${ROWS} static divs`, floor);
  console.log(`\n${'first card painted after navigation'.padEnd(40)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}`);
  for (const [name, runs] of results) {
    const firsts = runs.map((r) => r.firstCard);
    console.log(`${name.padEnd(40)} ${ms(median(firsts)).padStart(10)} ${ms(p95(firsts)).padStart(8)}`);
  }
  console.log(
    `\n${STEPS} steps of ${STEP_PX}px per series and run; "2nd frame": scrollBy → second requestAnimationFrame;` +
      `\n"work": the scroll event → the end of the rendering of the frame that handled it (scripts, style, layout, paint);` +
      `\ncards/nodes: the most seen in the DOM during the steps; gaps: steps whose 2nd frame showed no row at a point of the viewport over the list. Viewport ${VIEWPORT.width}x${VIEWPORT.height}.`,
  );
}

/* ---------------------------------------------------------------- main */

async function main() {
  if (process.env.BENCH_TRACE) await mkdir(process.env.BENCH_TRACE, { recursive: true });
  await withConsole('console', seed, async ({ url, browser }) => {
    const results = new Map<string, ScreenRun[]>(screens.map((s) => [s.name, []]));
    const floors: Steps[] = [];
    for (let run = 0; run < RUNS; run++) {
      floors.push(await measureFloor(browser));
      for (const screen of screens) {
        const traceDir = process.env.BENCH_TRACE;
        const trace =
          traceDir && run === RUNS - 1 ? path.join(traceDir, `${screen.name.replace(/\W+/g, '-')}.json`) : undefined;
        const result = await measureScreen(browser, url, screen, trace);
        results.get(screen.name)!.push(result);
        console.log(
          `run ${run + 1}/${RUNS} ${screen.name}: first card ${result.firstCard.toFixed(0)} ms, ` +
            `step median ${median(result.top.toSecondFrame).toFixed(1)} / ${median(result.loaded.toSecondFrame).toFixed(1)} ms ` +
            `(top / ${result.loadedItems ? `around item ${result.loadedItems}` : 'loaded'})`,
        );
      }
    }
    console.log(`\nConsole (production build, real server) with ${ROWS} articles and ${ROWS} files; Chromium, ${RUNS} runs.`);
    printTable(results, mergeSteps(floors));
    if (process.env.BENCH_TRACE) console.log(`\nTraces of the last run's middle steps in ${process.env.BENCH_TRACE}/`);
  });
}

await main();
