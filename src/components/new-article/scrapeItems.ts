/** The scrapes of the New Article screen: the list the admin typed, and what became of each address. */
import type { ApiError, Duplicate, ScrapeRequest, ScrapeResult, ScrapeWarning } from '../../contract';

export type ScrapeItem =
  | { url: string; status: 'waiting' | 'scraping' | 'cancelled' }
  | {
      url: string;
      status: 'created';
      articleId: string;
      slug: string | null;
      images: ScrapeResult['images'];
      warnings: ScrapeWarning[];
      /** Articles already in the library it looks like a copy of. */
      duplicates: Duplicate[];
    }
  /** The page was scraped before (and `force` was not set): `articleId` is that article. */
  | { url: string; status: 'alreadyScraped'; articleId: string; message: string }
  | { url: string; status: 'failed'; message: string };

export type ScrapeItemStatus = ScrapeItem['status'];

export function isFinished(item: ScrapeItem): boolean {
  return item.status === 'created' || item.status === 'alreadyScraped' || item.status === 'failed';
}

/** What a scrape answered, or how it failed (the API's error carries `code` and `articleId`). */
export function outcomeOf(url: string, answer: { result: ScrapeResult } | { error: unknown }): ScrapeItem {
  if ('result' in answer) {
    const { data, images, warnings, duplicates = [] } = answer.result;
    return { url, status: 'created', articleId: data.id, slug: data.slug, images, warnings, duplicates };
  }
  const error = (answer.error ?? {}) as Partial<ApiError>;
  const message = typeof error.message === 'string' && error.message ? error.message : String(answer.error);
  if (error.code === 'already_scraped' && error.articleId) {
    return { url, status: 'alreadyScraped', articleId: error.articleId, message };
  }
  return { url, status: 'failed', message };
}

export interface ParsedUrlList {
  /** The addresses to scrape, in the order typed, each once. */
  urls: string[];
  /** Lines that are not http(s) addresses (1-based line numbers as typed). */
  invalid: { line: number; text: string }[];
}

/**
 * One address per line: blank lines are skipped, surrounding spaces trimmed, and the same page
 * listed twice (as the browser would read the address) is scraped once.
 */
export function parseUrlList(text: string): ParsedUrlList {
  const urls: string[] = [];
  const invalid: ParsedUrlList['invalid'] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    let parsed: URL;
    try {
      parsed = new URL(line);
    } catch {
      invalid.push({ line: index + 1, text: line });
      return;
    }
    if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) {
      invalid.push({ line: index + 1, text: line });
      return;
    }
    if (seen.has(parsed.href)) return;
    seen.add(parsed.href);
    urls.push(line);
  });
  return { urls, invalid };
}

export interface ScrapeCounts {
  created: number;
  alreadyScraped: number;
  failed: number;
  cancelled: number;
  /** Scrapes that have an answer (created, already scraped or failed). */
  finished: number;
  total: number;
}

export function countScrapes(items: ScrapeItem[]): ScrapeCounts {
  const count = (status: ScrapeItemStatus) => items.filter((item) => item.status === status).length;
  return {
    created: count('created'),
    alreadyScraped: count('alreadyScraped'),
    failed: count('failed'),
    cancelled: count('cancelled'),
    finished: items.filter(isFinished).length,
    total: items.length,
  };
}

/** The scrape request for one address; `force` only when asked for. */
export function scrapeRequest(url: string, force: boolean): ScrapeRequest {
  return force ? { url, force: true } : { url };
}

/**
 * A single address that became an article with nothing to report opens that article directly;
 * anything else (warnings, a refusal, several addresses) stays on the screen to be read.
 */
export function articleToOpen(items: ScrapeItem[]): string | null {
  const [only] = items;
  if (items.length !== 1 || only?.status !== 'created' || only.warnings.length > 0 || only.duplicates.length > 0) return null;
  return only.articleId;
}
