/**
 * Typing in an article's HTML editor, in the real console (production build served by
 * server/main.ts) in Debian's Chromium: drafts of about 12 KB and 60 KB of blog HTML (and 6 and
 * 30 KB of scraped text), seeded into a fresh embedded database. Each key is typed alone, like an
 * admin typing at an even pace: it is timed from its keydown in the page to the second
 * requestAnimationFrame after it (the key's frame drawn), and the page's main-thread work per key
 * is read from Chromium's task time over all the keys. The floor is the same keys in a plain
 * <textarea> holding the same HTML on a static page (no script), in the same run. Figures only,
 * no assertions.
 *
 *   npm run bench:typing              # 3 runs of 40 keys per case
 *   BENCH_RUNS=5 BENCH_KEYS=80 npm run bench:typing
 *   BENCH_PROFILE=/tmp/typing npm run bench:typing   # a CPU profile of each case's last run
 *
 * BENCH_PROFILE names a folder for the page's JavaScript CPU profiles while it types (open them in
 * the DevTools Performance panel, or read the scripts' names: the build names a chunk by its module).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createPgliteDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { NAME_HELPER, signedInContext, withConsole } from './console.ts';
import { paragraphs } from './http/prose.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KEYS = Number(process.env.BENCH_KEYS ?? 40);
const VIEWPORT = { width: 1440, height: 900 };
/** What is typed, a key at a time, at the end of the HTML. */
const TYPED = ' Fresh basil helps the sauce along.';

interface Article {
  id: string;
  name: string;
  html: string;
}

/** Two drafts of real-sized prose: about 12 KB and 60 KB of blog HTML. */
function articles(): Article[] {
  const pool = paragraphs(400, 7);
  const body = (bytes: number, from: number) => {
    const parts: string[] = [];
    for (let i = from, size = 0; size < bytes; i++) {
      const text = pool[i % pool.length]!;
      const part = i % 6 === 0 ? `<h2>${text.split('.')[0]}</h2>\n<p>${text}</p>` : `<p>${text}</p>`;
      parts.push(part);
      size += part.length + 1;
    }
    return parts.join('\n');
  };
  return [
    { id: '0000000000000000000000000a', name: '12 KB of blog HTML', html: `<article>\n<h1>Basil</h1>\n${body(12_000, 0)}\n</article>` },
    { id: '0000000000000000000000000b', name: '60 KB of blog HTML', html: `<article>\n<h1>Basil at length</h1>\n${body(60_000, 50)}\n</article>` },
  ];
}

async function seed(dataDir: string, list: Article[]) {
  const db = await createPgliteDatabase(path.join(dataDir, 'db'));
  try {
    await migrate(db);
    for (const [i, article] of list.entries()) {
      const text = article.html.replace(/<[^>]+>/g, '').slice(0, article.html.length / 2);
      await db.query(
        `INSERT INTO articles (id, status, title, slug, blog_data, scraped_url, scrapped_data, created_at, updated_at)
         VALUES ($1, 'draft', $2, $3, $4, $5, $6, now(), now())`,
        [article.id, article.name, `typing-${i}`, article.html, `https://source.example/typing-${i}`, text],
      );
    }
  } finally {
    await db.close();
  }
}

/**
 * In the page: each keydown's time, and the time of the second frame after it, so that the
 * bench can wait for a key's frame before typing the next.
 */
const probeScript = () => {
  const w = window as unknown as { __keys: { down: number; drawn?: number }[] };
  w.__keys = [];
  window.addEventListener(
    'keydown',
    () => {
      const key: { down: number; drawn?: number } = { down: performance.now() };
      w.__keys.push(key);
      requestAnimationFrame(() => requestAnimationFrame(() => (key.drawn = performance.now())));
    },
    { capture: true },
  );
};

interface Keys {
  /** Per key, from keydown to the second frame after it (ms). */
  toSecondFrame: number[];
  /** The page's main-thread work per key (ms), over all the keys. */
  workPerKey: number;
}

/** KEYS keys typed into what has the focus, each once the one before is drawn. */
async function typeKeys(page: Page, profile?: string): Promise<Keys> {
  await page.evaluate(NAME_HELPER);
  await page.evaluate(probeScript);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const taskTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value;
  const before = await taskTime();
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.type(TYPED[i % TYPED.length]!);
    await page.waitForFunction((n) => {
      const keys = (window as unknown as { __keys: { drawn?: number }[] }).__keys;
      return keys.length === n && keys[n - 1]!.drawn !== undefined;
    }, i + 1, { polling: 50 });
  }
  const work = ((await taskTime()) - before) * 1000;
  if (profile) await writeFile(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const keys = await page.evaluate(() => (window as unknown as { __keys: { down: number; drawn: number }[] }).__keys);
  await cdp.detach();
  return { toSecondFrame: keys.map((k) => k.drawn - k.down), workPerKey: work / KEYS };
}

async function measureArticle(browser: Browser, url: string, article: Article, profile?: string): Promise<Keys> {
  const context = await signedInContext(browser, url, VIEWPORT);
  try {
    const page = await context.newPage();
    await page.goto(`${url}/articles/${article.id}`);
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    // The page is idle (its calls answered, the checks' result read) before the keys.
    await page.waitForLoadState('networkidle');
    await editor.click();
    await page.keyboard.press('Control+End');
    const keys = await typeKeys(page, profile);
    const typed = await editor.textContent();
    if (!typed?.includes(TYPED.slice(0, Math.min(KEYS, TYPED.length)))) throw new Error('the editor does not hold what was typed');
    return keys;
  } finally {
    await context.close();
  }
}

/** The same keys in a plain textarea holding the same HTML, on a static page. */
async function measureFloor(browser: Browser, article: Article): Promise<Keys> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    await page.setContent('<!doctype html><textarea style="width:90vw;height:500px;font:13px monospace"></textarea>');
    await page.locator('textarea').fill(article.html);
    await page.locator('textarea').focus();
    await page.keyboard.press('Control+End');
    return await typeKeys(page);
  } finally {
    await page.close();
  }
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const median = (xs: number[]) => quantile(xs, 0.5);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const list = articles();
  await withConsole('typing', (dataDir) => seed(dataDir, list), async ({ url, browser }) => {
    const rows = list.map((article) => ({ article, runs: [] as Keys[], floor: [] as Keys[] }));
    for (let run = 0; run < RUNS; run++) {
      for (const row of rows) {
        const { article } = row;
        row.floor.push(await measureFloor(browser, article));
        const profileDir = process.env.BENCH_PROFILE;
        if (profileDir) await mkdir(profileDir, { recursive: true });
        const profile = profileDir && run === RUNS - 1 ? path.join(profileDir, `${article.id}.cpuprofile`) : undefined;
        const keys = await measureArticle(browser, url, article, profile);
        row.runs.push(keys);
        console.log(`run ${run + 1}/${RUNS} ${article.name}: key to 2nd frame median ${median(keys.toSecondFrame).toFixed(1)} ms, main thread ${keys.workPerKey.toFixed(1)} ms a key`);
      }
    }
    console.log(`\nTyping ${KEYS} keys in an article's HTML editor, real console and server, Chromium ${VIEWPORT.width}x${VIEWPORT.height}, ${RUNS} runs.`);
    console.log('| case | key to 2nd frame, median / p95 ms | main thread ms a key | × floor (median) | × floor (main thread) |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) {
      const all = row.runs.flatMap((r) => r.toSecondFrame);
      const floor = row.floor.flatMap((r) => r.toSecondFrame);
      const work = mean(row.runs.map((r) => r.workPerKey));
      const floorWork = mean(row.floor.map((r) => r.workPerKey));
      console.log(
        `| article page, ${row.article.name} | ${median(all).toFixed(1)} / ${quantile(all, 0.95).toFixed(1)} | ${work.toFixed(1)} | ${(median(all) / median(floor)).toFixed(2)} | ${(work / floorWork).toFixed(1)} |`,
      );
      console.log(`| floor: a textarea, ${row.article.name} | ${median(floor).toFixed(1)} / ${quantile(floor, 0.95).toFixed(1)} | ${floorWork.toFixed(1)} | 1.00 | 1.0 |`);
    }
  });
}

await main();
