/**
 * PDF thumbnails: the first page of a PDF drawn by pdf.js in a worker thread, made into the same
 * WebP thumbnail as an image's. The PDFs are written here (server/test/pdf-fixtures.ts): what a
 * reader sees on page 1 must be what the thumbnail shows; a PDF that cannot be drawn (damaged,
 * encrypted, empty, oversized, endless) gives no thumbnail, never an error, within the limit.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { THUMBNAIL_SIZE } from '../files/inspect.ts';
import { PDF_THUMBNAIL_MS } from '../files/limits.ts';
import { pdfThumbnailInWorker } from '../files/pdfThumbnail.ts';
import { WorkerPool } from '../workers/pool.ts';
import { backends, openHarness, type Harness } from './helpers.ts';
import { pdfDocument, pdfs, scannedPage } from './pdf-fixtures.ts';

// A worker starts and loads pdf.js on the first job; a hostile page runs to its limit.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let workers: WorkerPool;
let dir: string;
let n = 0;

beforeAll(async () => {
  workers = new WorkerPool({ threads: 2 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-thumbnail-'));
});
afterAll(async () => {
  await workers?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Writes `bytes` to a temp file and asks for its thumbnail, timing the call and keeping the reason of a failure. */
async function thumbnailOf(bytes: Buffer) {
  const file = path.join(dir, `upload-${n++}.pdf`);
  await writeFile(file, bytes);
  let reason: unknown;
  const started = performance.now();
  const thumbnail = await pdfThumbnailInWorker(workers, file, (r) => (reason = r));
  return { thumbnail, ms: performance.now() - started, reason: reason as Error | undefined };
}

/** The thumbnail's pixels (RGB) with a reader for the colour at a point given in fractions of width and height. */
async function pixelsOf(webp: Buffer) {
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (Math.floor(y * (info.height - 1)) * info.width + Math.floor(x * (info.width - 1))) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
  };
  /**
   * Share of inked pixels in the box [x0, y0]–[x1, y1] (fractions from the top left): luma under
   * 192, so that small text, grey from anti-aliasing at this size, counts.
   */
  const inkShare = (x0: number, y0: number, x1: number, y1: number) => {
    let inked = 0;
    let all = 0;
    for (let y = Math.floor(y0 * info.height); y < Math.ceil(y1 * info.height); y++) {
      for (let x = Math.floor(x0 * info.width); x < Math.ceil(x1 * info.width); x++) {
        const i = (y * info.width + x) * 3;
        const luma = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
        if (luma < 192) inked++;
        all++;
      }
    }
    return inked / all;
  };
  return { width: info.width, height: info.height, at, inkShare };
}

/** The thumbnail as the library stores an image's: WebP, the page's proportions, THUMBNAIL_SIZE on its longest side. */
async function expectLetterThumbnail(webp: Buffer | undefined) {
  expect(webp).toBeInstanceOf(Buffer);
  const meta = await sharp(webp).metadata();
  expect(meta.format).toBe('webp');
  // US Letter is 612 × 792 points: portrait, 320 px tall.
  expect(meta.height).toBe(THUMBNAIL_SIZE);
  expect(Math.abs(meta.width! - (THUMBNAIL_SIZE * 612) / 792)).toBeLessThan(1);
  return pixelsOf(webp!);
}

describe('PDF thumbnails', () => {
  it('draws page 1 of a text PDF: the heading and the paragraph inked on a white page', async () => {
    const { thumbnail, reason } = await thumbnailOf(pdfs.text());
    expect(reason).toBeUndefined();
    const page = await expectLetterThumbnail(thumbnail);
    // The heading: 36 pt at 72 pt from the left, its baseline 92 pt from the top of the page.
    expect(page.inkShare(0.12, 0.07, 0.5, 0.12)).toBeGreaterThan(0.1);
    // The paragraph: twelve lines of 11 pt from 132 pt to 300 pt from the top.
    expect(page.inkShare(0.12, 0.17, 0.8, 0.37)).toBeGreaterThan(0.1);
    // Nothing in the margins or below the paragraph.
    expect(page.inkShare(0, 0, 0.1, 1)).toBe(0);
    expect(page.inkShare(0, 0.45, 1, 1)).toBe(0);
    expect(page.at(0.5, 0.8)).toEqual([255, 255, 255]);
  });

  it('draws a filled rectangle in its colour, where the page has it', async () => {
    const { thumbnail } = await thumbnailOf(pdfs.rectangle());
    const page = await expectLetterThumbnail(thumbnail);
    // The rectangle spans 100–500 pt across and 92–392 pt from the top, in rgb(26, 51, 153).
    const [r, g, b] = page.at(0.5, 0.3);
    expect(r).toBeLessThan(50);
    expect(g).toBeLessThan(80);
    expect(b).toBeGreaterThan(130);
    expect(page.inkShare(0.2, 0.15, 0.8, 0.45)).toBe(1);
    expect(page.inkShare(0, 0.55, 1, 1)).toBe(0);
  });

  it('draws the first page of a two-page PDF, not the second', async () => {
    const { thumbnail } = await thumbnailOf(pdfs.twoPages());
    const page = await expectLetterThumbnail(thumbnail);
    // Page 1 has its rectangle in the upper half, page 2 in the lower half.
    expect(page.inkShare(0.2, 0.1, 0.8, 0.4)).toBe(1);
    expect(page.inkShare(0, 0.5, 1, 1)).toBe(0);
  });

  it('draws a scanned page (a JPEG over the whole page)', async () => {
    const jpeg = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#202020' } }).jpeg().toBuffer();
    const { thumbnail } = await thumbnailOf(pdfDocument([scannedPage(jpeg, 850, 1100)]));
    const page = await expectLetterThumbnail(thumbnail);
    expect(page.inkShare(0, 0, 1, 1)).toBe(1);
  });

  it('reads a PDF whose xref offsets are all wrong but whose objects are intact, as viewers do', async () => {
    const { thumbnail } = await thumbnailOf(pdfs.wrongXrefOffsets());
    const page = await expectLetterThumbnail(thumbnail);
    expect(page.inkShare(0.12, 0.07, 0.5, 0.12)).toBeGreaterThan(0.1);
  });

  describe('gives no thumbnail, without throwing and within its limit, for', () => {
    it.each([
      ['an empty file', () => Buffer.alloc(0), /empty/],
      ['bytes that are no PDF', () => Buffer.from('%PDF-1.7 and then nothing of the kind'), /Invalid PDF/],
      ['a PDF cut in half', pdfs.truncated, /Invalid PDF/],
      ['a corrupt xref with a root that does not exist', pdfs.corruptXref, /Invalid PDF/],
      ['an encrypted PDF (password unknown)', pdfs.encrypted, /password/i],
      ['a PDF with no pages', pdfs.noPages, /no pages/],
      ['a page of 200,000 × 200,000 units', pdfs.hugePage, /200000 × 200000 units/],
    ])('%s', async (_label, make, why) => {
      const { thumbnail, ms, reason } = await thumbnailOf(make());
      expect(thumbnail).toBeUndefined();
      expect(reason?.message).toMatch(why);
      // Refused for what it is, not stopped by the time limit.
      expect(reason?.message).not.toMatch(/within/);
      expect(ms).toBeGreaterThan(0);
    });

    it.each([
      ['form XObjects nested 8 deep, each drawing the next 10 times (10^8 rectangles)', () => pdfs.formBomb(8, 10)],
      ['a content stream of 3,000,000 operations, compressed', () => pdfs.manyOperators(3_000_000)],
    ])('a page of endless drawing: %s', async (_label, make) => {
      const bytes = make();
      expect(bytes.length).toBeLessThan(200 * 1024);
      // A worker is already running with pdf.js loaded, so the time measured is the job's own.
      expect((await thumbnailOf(pdfs.rectangle())).thumbnail).toBeDefined();
      const { thumbnail, ms, reason } = await thumbnailOf(bytes);
      expect(thumbnail).toBeUndefined();
      expect(reason?.message).toBe(`PDF page not drawn within ${PDF_THUMBNAIL_MS} ms`);
      // Stopped by its limit, not before.
      expect(ms).toBeGreaterThanOrEqual(PDF_THUMBNAIL_MS);
    });
  });

  it('still draws thumbnails after workers were stopped for going over their limit', async () => {
    const [good, endless] = await Promise.all([thumbnailOf(pdfs.text()), thumbnailOf(pdfs.formBomb())]);
    expect(endless.thumbnail).toBeUndefined();
    await expectLetterThumbnail(good.thumbnail);
    await expectLetterThumbnail((await thumbnailOf(pdfs.rectangle())).thumbnail);
  });

  describe('while a page is being drawn', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await openHarness(backends[0]!);
    });
    afterAll(() => h?.close());

    it('the server keeps answering: the drawing runs off the request thread', async () => {
      // A pool of its own, with no thread yet: once one is up, the job is on it.
      const pool = new WorkerPool({ threads: 1 });
      try {
        const file = path.join(dir, `upload-${n++}.pdf`);
        await writeFile(file, pdfs.formBomb());
        let drawing = true;
        const job = pdfThumbnailInWorker(pool, file).finally(() => (drawing = false));
        await vi.waitFor(() => expect(pool.threads).toBeGreaterThan(0), { timeout: 30_000, interval: 10 });
        // Health answers come back while the page is drawn (a page drawn on the request thread
        // would hold every answer until it was done); how fast is the benchmark's to print.
        let answeredWhileDrawing = 0;
        while (drawing && answeredWhileDrawing < 3) {
          const res = await h.app.inject({ url: '/api/health' });
          expect(res.statusCode).toBe(200);
          if (drawing) answeredWhileDrawing++;
        }
        expect(await job).toBeUndefined();
        expect(answeredWhileDrawing).toBe(3);
      } finally {
        await pool.close();
      }
    });
  });
});
