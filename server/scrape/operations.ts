/**
 * From a page address to a draft an editor can publish from: the page is fetched and its
 * article extracted in a worker (time and memory capped), its images are brought home into the
 * file library (checked like uploads, reused when the bytes are already there) and the article
 * points at them. The articles' operations make drafts of it (server/articles/operations/create.ts).
 */
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Provenance, ScrapeWarning } from '../../src/contract/index.ts';
import { ApiError, apiError } from '../errors.ts';
import { displayName, storeFile, type LibraryContext } from '../files/operations.ts';
import { fileContentUrl } from '../repositories/files.ts';
import type { WorkerPool } from '../workers/pool.ts';
import type { ExtractedArticle } from './extract.ts';
import { rememberSiteBlocks, siteContextFor } from './siteRules.ts';
import { parseScrapeUrl, safeFetch, SCRAPE_TIMEOUT_MS, type SafeFetchOptions } from '../shared/safe-fetch.ts';

/** What a scrape takes from the page's site (server/scrape/siteRules.ts), for the sources' checks again of a page. */
export { rememberSiteBlocks, siteContextFor };

export interface IngestContext extends LibraryContext {
  workers: WorkerPool;
  scrape: SafeFetchOptions;
  /** Bring images home (SCRAPE_IMPORT_IMAGES); off keeps the original addresses. */
  importImages: boolean;
  maxUploadBytes: number;
  /** Who asked (recorded in the activity log); null for the operator's command. */
  actor?: string | null;
}

/** Images of one article brought home at most; the rest keep their address (with a warning). */
export const MAX_IMAGES_PER_ARTICLE = 40;
const IMAGE_CONCURRENCY = 4;
/** Wall-clock cap of one page's fetch and extraction, worker start included. */
const PAGE_JOB_MS = SCRAPE_TIMEOUT_MS + 20_000;

export interface IngestedPage {
  page: ExtractedArticle;
  warnings: ScrapeWarning[];
  images: { imported: number; reused: number };
}

/** Fetches and extracts `url` in a worker, then (unless `beforeImages` refuses the page by throwing) brings its images home. */
export async function ingestPage(ctx: IngestContext, url: string, beforeImages?: (page: ExtractedArticle) => Promise<void>): Promise<IngestedPage> {
  parseScrapeUrl(url); // a bad address is refused before a worker is woken
  const page = await ctx.workers.run(
    'scrapePage',
    { url, fetch: ctx.scrape, ...(await siteContextFor(ctx.db, url)) },
    {
      timeoutMs: PAGE_JOB_MS,
      tooSlow: () => apiError('page_too_slow'),
      tooBig: () => apiError('page_too_complex'),
    },
  );
  await rememberSiteBlocks(ctx.db, page);
  await beforeImages?.(page);
  return bringImagesHome(ctx, page);
}

/** The page's images brought into the library (unless importing is off), its HTML pointing at them. */
export async function bringImagesHome(ctx: IngestContext, page: ExtractedArticle): Promise<IngestedPage> {
  if (!ctx.importImages || page.images.length === 0) return { page, warnings: [], images: { imported: 0, reused: 0 } };

  const warnings: ScrapeWarning[] = [];
  const replacements: Record<string, string> = {};
  let imported = 0;
  let reused = 0;
  const queue = page.images.slice(0, MAX_IMAGES_PER_ARTICLE);
  for (const skipped of page.images.slice(MAX_IMAGES_PER_ARTICLE)) {
    warnings.push({ url: skipped, message: `Only the first ${MAX_IMAGES_PER_ARTICLE} images are imported` });
  }
  const next = async (): Promise<void> => {
    for (let src = queue.shift(); src !== undefined; src = queue.shift()) {
      try {
        const stored = await importImage(ctx, src);
        replacements[src] = fileContentUrl(stored.id);
        if (stored.reused) reused++;
        else imported++;
      } catch (error) {
        warnings.push({ url: src, message: error instanceof ApiError ? error.message : 'The image could not be imported' });
      }
    }
  };
  await Promise.all(Array.from({ length: IMAGE_CONCURRENCY }, next));
  if (Object.keys(replacements).length === 0) return { page, warnings, images: { imported, reused } };
  const html = await ctx.workers.run(
    'replaceImages',
    { html: page.html, replacements },
    {
      timeoutMs: 30_000,
      tooSlow: () => apiError('page_too_slow'),
      tooBig: () => apiError('page_too_complex'),
    },
  );
  // Keep the warnings in the order of the page.
  const order = new Map(page.images.map((src, i) => [src, i]));
  warnings.sort((a, b) => (order.get(a.url) ?? 0) - (order.get(b.url) ?? 0));
  return { page: { ...page, html }, warnings, images: { imported, reused } };
}

/** One image through the safe fetch into the library; its bytes decide what it is. */
async function importImage(ctx: IngestContext, src: string): Promise<{ id: string; reused: boolean }> {
  const fetched = await safeFetch(src, { ...ctx.scrape, accept: 'any', maxBytes: ctx.maxUploadBytes });
  if (fetched.body.length === 0) throw apiError('file_empty');
  const tmpFile = ctx.storage.tmpPath();
  try {
    await pipeline(Readable.from([fetched.body]), createWriteStream(tmpFile, { flags: 'wx' }));
    const last = new URL(fetched.url).pathname.split('/').pop() ?? '';
    let decoded = last;
    try {
      decoded = decodeURIComponent(last);
    } catch {
      /* keep it encoded */
    }
    const name = displayName(decoded || 'image');
    const { row, reused } = await storeFile(ctx, tmpFile, name, {
      reuse: true,
      activity: `Image "${name}" imported from a scraped page`,
      actor: ctx.actor,
    });
    return { id: row.id, reused };
  } finally {
    await rm(tmpFile, { force: true }).catch(() => {});
  }
}

/** What extracts an article (./extract.ts), as an article's provenance names it. */
export const EXTRACTOR = `@mozilla/readability ${createRequire(import.meta.url)('@mozilla/readability/package.json').version}`;

/**
 * How a page was fetched, as an article keeps it: the address asked and the one read, when, the
 * answer's status and validators, the extractor and how sure its extraction is. A source's entry was let through by the
 * site's robots.txt (its poll asked first); a page an admin pasted is read as asked.
 */
export function provenanceOf(url: string, page: ExtractedArticle, sourceId: string | null, fetchedAt = new Date()): Provenance {
  return {
    sourceId,
    url,
    finalUrl: page.url,
    fetchedAt: fetchedAt.toISOString(),
    httpStatus: page.fetched.status,
    etag: page.fetched.etag,
    lastModified: page.fetched.lastModified,
    robots: sourceId ? 'allowed' : 'not-checked',
    extractor: EXTRACTOR,
    quality: page.quality,
  };
}
