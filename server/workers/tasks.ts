/**
 * The work that runs in the worker threads, never on the request thread. Each task answers a
 * TaskResult: an ApiError cannot cross the thread boundary as itself (structured clone keeps
 * only message and name), so a refusal travels as plain fields and is rebuilt by the pool.
 */
import type { AddressCheck, ApiErrorCode, ArticleChecks, SiteRules, TextSignature } from '../../src/contract/index.ts';
import { ApiError } from '../errors.ts';
import type { ExtractedArticle } from '../scrape/extract.ts';
import type { SourceDocument } from '../sources/read.ts';
import type { SafeFetchOptions } from '../shared/safe-fetch.ts';
import type { WordDiffResult } from '../../src/lib/wordDiff.ts';
import type { DerivativeSpec } from '../files/resize.ts';

// Each task loads what it needs when first asked, so a worker starts quickly.
const extract = () => import('../scrape/extract.ts');
const inspect = () => import('../files/inspect.ts');
const pdfRender = () => import('../files/pdfRender.ts');
const resize = () => import('../files/resize.ts');
const fetcher = () => import('../shared/safe-fetch.ts');
const checks = () => import('../articles/checks.ts');
const duplicates = () => import('../../src/contract/duplicates.ts');
const sources = () => import('../sources/read.ts');

/** Where a job marks the time it started running (see WorkerPool: its time limit counts from here). */
export interface Timed {
  started: BigInt64Array;
}

export type TaskResult<T> =
  | { ok: true; value: T }
  | { ok: false; statusCode: number; code: ApiErrorCode; message: string };

/** Loads what the job needs, marks its start, runs it; a refusal comes back as plain fields. */
async function settle<M, T>(input: Timed, load: () => Promise<M>, work: (modules: M) => Promise<T> | T): Promise<TaskResult<T>> {
  const modules = await load();
  Atomics.store(input.started, 0, BigInt(Date.now()));
  try {
    return { ok: true, value: await work(modules) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, statusCode: error.statusCode, code: error.code, message: error.message };
    throw error;
  }
}

export interface ScrapeInput extends Timed {
  url: string;
  fetch: SafeFetchOptions;
  /** The rules of the page's site, when it has some (src/contract/siteRules.ts). */
  site?: SiteRules;
  /** The site's other articles, to tell the paragraphs it repeats (server/scrape/boilerplate.ts). */
  siteTexts?: { texts: string[]; known: string[] };
}

/** Fetches a page through the safe fetch and extracts its article. */
export function scrapePage(input: ScrapeInput): Promise<TaskResult<ExtractedArticle>> {
  return settle(
    input,
    () => Promise.all([extract(), fetcher()]),
    async ([{ extractArticle }, { safeFetch }]) => extractArticle(await safeFetch(input.url, input.fetch), { site: input.site, siteTexts: input.siteTexts }),
  );
}

/** The first of a site's selectors the page parser refuses, as a 400 naming it (server/scrape/extract.ts). */
export function checkSelectors(input: Timed & { selectors: string[] }): Promise<TaskResult<true>> {
  return settle(input, extract, ({ checkSelectors: check }) => {
    check(input.selectors);
    return true as const;
  });
}

/** What an uploaded file is; an SVG is rewritten sanitised in place (see server/files/inspect.ts). */
export function inspectFile(input: Timed & { path: string; maxPixels: number; markup: boolean }): Promise<
  TaskResult<{ type: 'image' | 'pdf'; mimeType: string; thumbnail?: Uint8Array; pixels?: { width: number; height: number } }>
> {
  const load = async () => {
    const module = await inspect();
    if (input.markup) await module.loadSvgTools();
    return module;
  };
  return settle(input, load, async ({ inspectUpload }) => {
    const found = await inspectUpload(input.path, input.maxPixels);
    return {
      type: found.type,
      mimeType: found.mimeType,
      ...(found.thumbnail ? { thumbnail: found.thumbnail, pixels: { width: found.width, height: found.height } } : {}),
    };
  });
}

/**
 * The WebP thumbnail of a PDF's first page (see server/files/pdfRender.ts). pdf.js loads
 * before the job's clock starts; parsing and drawing the page count against its limit.
 */
export function pdfThumbnail(input: Timed & { path: string }): Promise<TaskResult<Uint8Array>> {
  const load = async () => {
    const module = await pdfRender();
    await module.loadPdfjs();
    return module;
  };
  return settle(input, load, ({ pdfFirstPageThumbnail }) => pdfFirstPageThumbnail(input.path));
}

/** Points an article's images at the library and sanitises the result. */
export function replaceImages(input: Timed & { html: string; replacements: Record<string, string> }): Promise<TaskResult<string>> {
  return settle(input, extract, ({ replaceImageSources }) => replaceImageSources(input.html, input.replacements));
}

/** The checks before publishing of an article's blog HTML, and the addresses of other sites it holds (see server/articles/checks.ts). */
export function checkArticle(
  input: Timed & { html: string; title: string | null; checkedAt: number },
): Promise<TaskResult<{ checks: ArticleChecks; addresses: { links: string[]; images: string[] } }>> {
  return settle(input, checks, ({ checkArticleHtml }) => checkArticleHtml(input.html, input.title, new Date(input.checkedAt)));
}

/** Whether each address answers, through the safe fetch, a few at a time (see server/articles/checks.ts). */
export function checkAddresses(input: Timed & { urls: string[]; fetch: SafeFetchOptions }): Promise<TaskResult<AddressCheck[]>> {
  return settle(input, checks, ({ probeAddresses }) => probeAddresses(input.urls, input.fetch));
}

/** A raw text's signature for near-duplicates (see src/contract/duplicates.ts): up to a few milliseconds a 100 KB text. */
export function textSignature(input: Timed & { text: string }): Promise<TaskResult<TextSignature | null>> {
  return settle(input, duplicates, ({ textSignature: sign }) => sign(input.text));
}

/** What a source's document lists: a feed's entries, a sitemap's pages, a page's feeds (see server/sources/read.ts). */
export function readSource(input: Timed & { body: Uint8Array; url: string; contentType: string }): Promise<TaskResult<SourceDocument>> {
  return settle(input, sources, ({ readSourceDocument }) => readSourceDocument(input.body, input.url, input.contentType));
}

export type RecheckedPage = { notModified: true } | { notModified: false; page: ExtractedArticle };

/**
 * An article's page asked again, conditionally on the validators it was last read with: a 304 is
 * said as such, a page is extracted as a scrape's (server/sources/changes.ts).
 */
export function recheckPage(input: ScrapeInput & { etag: string | null; lastModified: string | null }): Promise<TaskResult<RecheckedPage>> {
  return settle(
    input,
    () => Promise.all([extract(), fetcher(), import('../errors.ts')]),
    async ([{ extractArticle }, { fetchConditional }, { apiError }]): Promise<RecheckedPage> => {
      const headers: Record<string, string> = {};
      if (input.etag) headers['if-none-match'] = input.etag;
      if (input.lastModified) headers['if-modified-since'] = input.lastModified;
      const answer = await fetchConditional(input.url, { ...input.fetch, headers });
      if (answer.status === 304) return { notModified: true };
      if (answer.status < 200 || answer.status >= 300) throw apiError('fetch_failed', `The page answered with status ${answer.status}`);
      if (!/^(text\/html|application\/xhtml\+xml)\b/i.test(answer.contentType || 'text/html')) throw apiError('not_html');
      return { notModified: false, page: extractArticle(answer, { site: input.site, siteTexts: input.siteTexts }) };
    },
  );
}

/** Two versions of a text compared word by word (src/lib/wordDiff.ts), off the request thread. */
export function wordDiff(input: Timed & { left: string; right: string }): Promise<TaskResult<WordDiffResult>> {
  return settle(input, () => import('../../src/lib/wordDiff.ts'), (module) => module.wordDiff(input.left, input.right));
}

/** A source's change merged into an article's blog HTML (src/contract/sourceMerge.ts): quadratic in the blocks, so off the request thread. */
export function mergeSource(
  input: Timed & { base: string; editor: string; source: string; take: number[] },
): Promise<TaskResult<import('../../src/contract/sourceMerge.ts').MergeOutcome>> {
  return settle(input, () => import('../../src/contract/sourceMerge.ts'), (module) =>
    module.mergeSourceChange(input.base, input.editor, input.source, new Set(input.take)),
  );
}

/** A stored raster image made to measure (see server/files/resize.ts). */
export function imageDerivative(input: Timed & { bytes: Uint8Array; spec: DerivativeSpec; maxPixels: number }): Promise<TaskResult<Uint8Array>> {
  return settle(input, resize, ({ makeDerivative }) => makeDerivative(input.bytes, input.spec, input.maxPixels));
}
