/**
 * How close an extracted text comes to the text a person marked, by the article extraction
 * benchmark's own method (bench/extraction/dev/README.md): words by `\w+` (Unicode, case kept),
 * shingles of 4 consecutive words with counts; per page the shared, extra and missing shingles;
 * precision and recall are the means over pages, F1 is of the two means.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { extractArticle, type ExtractedArticle } from '../../server/scrape/extract.ts';
import { shingleOverlap } from '../../server/scrape/quality.ts';

export const DEV_SET = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dev');

export interface PageScore {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
}

/** One page's score (a page with nothing on either side scores 1 on both). */
export function scorePage(extracted: string, truth: string): PageScore {
  const { tp, fp, fn } = shingleOverlap(extracted, truth);
  const total = tp + fp + fn;
  // Divided by their sum, as the benchmark does; then tp / (tp + fp) and tp / (tp + fn).
  const [t, f, n] = total ? [tp / total, fp / total, fn / total] : [0, 0, 0];
  return { tp, fp, fn, precision: t + f ? t / (t + f) : 1, recall: t + n ? t / (t + n) : 1 };
}

export interface SetScore {
  precision: number;
  recall: number;
  f1: number;
  pages: number;
}

export function scoreSet(pages: readonly PageScore[]): SetScore {
  const mean = (of: (p: PageScore) => number) => pages.reduce((sum, p) => sum + of(p), 0) / pages.length;
  const precision = mean((p) => p.precision);
  const recall = mean((p) => p.recall);
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, pages: pages.length };
}

export interface DevPage {
  key: string;
  url: string;
  html: string;
  truth: string;
}

/** The development set's pages, in the order of their keys. */
export function devPages(): DevPage[] {
  const truth = JSON.parse(readFileSync(path.join(DEV_SET, 'ground-truth.json'), 'utf8')) as Record<
    string,
    { url: string; articleBody: string }
  >;
  return readdirSync(path.join(DEV_SET, 'html'))
    .filter((name) => name.endsWith('.html.gz'))
    .sort()
    .map((name) => {
      const key = name.replace(/\.html\.gz$/, '');
      const entry = truth[key];
      if (!entry) throw new Error(`No ground truth for ${key}`);
      return { key, url: entry.url, html: gunzipSync(readFileSync(path.join(DEV_SET, 'html', name))).toString('utf8'), truth: entry.articleBody };
    });
}

/**
 * The scraper's draft of a page (null when it refuses it) and its body: the draft's raw text
 * without its first block, the title (a field of its own; the marked text has none). Served as
 * UTF-8, as the set's README says.
 */
export function draftOf(page: DevPage, without?: ReadonlySet<string>): { article: ExtractedArticle | null; body: string } {
  let article: ExtractedArticle | null = null;
  try {
    article = extractArticle(
      { url: page.url, body: Buffer.from(page.html), contentType: 'text/html; charset=utf-8', status: 200, etag: null, lastModified: null },
      { without },
    );
  } catch {
    return { article, body: '' };
  }
  const { title, text } = article;
  return { article, body: title && text.startsWith(`${title}\n\n`) ? text.slice(title.length + 2) : text };
}
