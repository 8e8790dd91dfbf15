/**
 * How good are the drafts' texts? Scores the scraper's extraction on the development set
 * (bench/extraction/dev: 91 real pages and the article text a person marked) by the benchmark's
 * method (bench/extraction/score.ts), beside Readability.js alone on the same pages in the same
 * run (its `textContent`), with the time per page of each (the fastest of BENCH_REPEAT runs).
 * Also: F1 on each half of the set (a rule is kept only if it helps one half without hurting the
 * other), and how well the quality score tells the worse drafts. Figures only.
 *
 *   npm run bench:extract                   # the table
 *   BENCH_ABLATE=1 npm run bench:extract    # and F1 without each of our rules
 *   BENCH_PAGES=1 npm run bench:extract     # and each page's figures, worst first
 *   BENCH_LONG=1 npm run bench:extract      # and the time of one long page at three lengths
 */
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { EXTRACTION_CHECK_BELOW } from '../src/contract/index.ts';
import { RULES } from '../server/scrape/boilerplate.ts';
import { extractArticle } from '../server/scrape/extract.ts';
import { devPages, draftOf, scorePage, scoreSet, type DevPage, type PageScore } from './extraction/score.ts';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;
const f1 = (s: { precision: number; recall: number }) => (s.precision + s.recall ? (2 * s.precision * s.recall) / (s.precision + s.recall) : 0);

function readabilityAlone(page: DevPage): string {
  const dom = new JSDOM(page.html, { url: page.url, virtualConsole: new VirtualConsole() });
  try {
    return new Readability(dom.window.document).parse()?.textContent ?? '';
  } finally {
    dom.window.close();
  }
}

async function timed<T>(run: () => T): Promise<{ value: T; ms: number }> {
  let best = Infinity;
  let value!: T;
  for (let i = 0; i < REPEAT; i++) {
    // Each run starts with the earlier runs' garbage collected (a closed jsdom window is let go
    // after a turn of the event loop; node --expose-gc): the figure is the page's own work.
    await new Promise((resolve) => setTimeout(resolve, 0));
    globalThis.gc?.();
    const started = performance.now();
    value = run();
    best = Math.min(best, performance.now() - started);
  }
  return { value, ms: best };
}

const pages = devPages();
// Warm both up (jsdom's first page costs more), then take turns page by page.
draftOf(pages[0]!);
readabilityAlone(pages[0]!);
const ours: { score: PageScore; ms: number; quality: number | null }[] = [];
const alone: { score: PageScore; ms: number }[] = [];
for (const page of pages) {
  const a = await timed(() => draftOf(page));
  ours.push({ score: scorePage(a.value.body, page.truth), ms: a.ms, quality: a.value.article?.quality.score ?? null });
  const r = await timed(() => readabilityAlone(page));
  alone.push({ score: scorePage(r.value, page.truth), ms: r.ms });
}

const firstHalf = (i: number) => /^[0-7]/.test(pages[i]!.key);
const halves = (scores: PageScore[]) =>
  `${scoreSet(scores.filter((_, i) => firstHalf(i))).f1.toFixed(4)} / ${scoreSet(scores.filter((_, i) => !firstHalf(i))).f1.toFixed(4)}`;

console.log(`Extraction on ${pages.length} pages of bench/extraction/dev (shingles of 4 words; time: fastest of ${REPEAT})\n`);
console.log('extractor     F1      precision  recall   F1 by half (0-7 / 8-f)   ms/page p50  p95    max');
for (const [name, rows] of [
  ['ours', ours],
  ['readability', alone],
] as const) {
  const set = scoreSet(rows.map((r) => r.score));
  const ms = rows.map((r) => r.ms);
  console.log(
    [
      name.padEnd(12),
      set.f1.toFixed(4).padEnd(7),
      set.precision.toFixed(4).padEnd(10),
      set.recall.toFixed(4).padEnd(8),
      halves(rows.map((r) => r.score)).padEnd(24),
      quantile(ms, 0.5).toFixed(0).padStart(11),
      quantile(ms, 0.95).toFixed(0).padStart(5),
      Math.max(...ms).toFixed(0).padStart(6),
    ].join(' '),
  );
}
const ratios = ours.map((o, i) => o.ms / alone[i]!.ms);
const slowest = ratios.indexOf(Math.max(...ratios));
console.log(
  `\ntime against Readability.js alone, per page: p50 ${quantile(ratios, 0.5).toFixed(2)}×, slowest ${ratios[slowest]!.toFixed(2)}× (${pages[slowest]!.key.slice(0, 12)}: ${ours[slowest]!.ms.toFixed(0)} ms against ${alone[slowest]!.ms.toFixed(0)} ms)`,
);

// The quality score: do the drafts it flags score worse?
const flagged = ours.filter((o) => o.quality !== null && o.quality < EXTRACTION_CHECK_BELOW);
const unflagged = ours.filter((o) => !flagged.includes(o));
const meanF1 = (rows: typeof ours) => (rows.length ? rows.reduce((sum, r) => sum + f1(r.score), 0) / rows.length : NaN);
console.log(
  `quality below ${EXTRACTION_CHECK_BELOW}: ${flagged.length} of ${ours.length} drafts` +
    (flagged.length ? `, their mean F1 ${meanF1(flagged).toFixed(3)} against ${meanF1(unflagged).toFixed(3)} for the others` : ''),
);

if (process.env.BENCH_ABLATE) {
  console.log('\nwithout the rule          F1      by half (0-7 / 8-f)');
  for (const rule of RULES) {
    const scores = pages.map((page) => scorePage(draftOf(page, new Set([rule.name])).body, page.truth));
    console.log(`${rule.name.padEnd(25)} ${scoreSet(scores).f1.toFixed(4)}  ${halves(scores)}`);
  }
}

if (process.env.BENCH_PAGES) {
  console.log('\npage          ours F1 P/R          quality  readability F1 P/R   url');
  const order = pages.map((_, i) => i).sort((a, b) => f1(ours[a]!.score) - f1(ours[b]!.score));
  for (const i of order) {
    const o = ours[i]!;
    const r = alone[i]!.score;
    console.log(
      `${pages[i]!.key.slice(0, 12)}  ${f1(o.score).toFixed(3)} ${o.score.precision.toFixed(2)}/${o.score.recall.toFixed(2)}   ${(o.quality ?? NaN).toFixed(2).padStart(7)}  ${f1(r).toFixed(3)} ${r.precision.toFixed(2)}/${r.recall.toFixed(2)}       ${pages[i]!.url}`,
    );
  }
}

// One long page at three lengths: an article of N paragraphs in one wrapper (a 1.3 MB page at
// 8,000). The time should grow as the page does: 4 times the paragraphs, about 4 times the time.
if (process.env.BENCH_LONG) {
  const paragraph = (i: number) =>
    `<p>Paragraph ${i} of the story tells how the harbour town rebuilt its sea wall after the winter storms, stone by stone, with the help of every family on the quay.</p>`;
  console.log('\nparagraphs in one wrapper   page size   ms (fastest of 2)   ms per 1,000 paragraphs');
  for (const n of [2_000, 8_000, 32_000]) {
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>The sea wall</title></head><body><article><h1>The sea wall</h1>${Array.from({ length: n }, (_, i) => paragraph(i)).join('\n')}</article></body></html>`;
    const page = { url: 'https://example.com/sea-wall', body: Buffer.from(html), contentType: 'text/html; charset=utf-8', status: 200, etag: null, lastModified: null };
    let best = Infinity;
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      extractArticle(page);
      best = Math.min(best, performance.now() - started);
    }
    console.log(`${n.toLocaleString('en').padStart(25)}   ${`${(html.length / 1e6).toFixed(1)} MB`.padStart(9)}   ${best.toFixed(0).padStart(17)}   ${((best / n) * 1000).toFixed(0).padStart(23)}`);
  }
}
