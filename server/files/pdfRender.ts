/**
 * A PDF's first page drawn as the library's thumbnail: pdf.js parses the file and draws the page
 * on an @napi-rs/canvas canvas at most twice the thumbnail size, and the pixels become a WebP
 * thumbnail by the same code as raster uploads. Runs only in a worker thread (the pdfThumbnail
 * task), whose time and memory limits stop a page that asks for too much; this module refuses
 * what it can see up front (no pages, a page larger than PDF allows, a canvas over its budget,
 * images inside the file over PDF_MAX_IMAGE_PIXELS).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { THUMBNAIL_SIZE, webpThumbnail } from './inspect.ts';
import { PDF_MAX_IMAGE_PIXELS, PDF_MAX_PAGE_UNITS, PDF_THUMBNAIL_MAX_PIXELS } from './limits.ts';

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** pdf.js reads these folders from disk in Node (the paths must end with a slash). */
const assets = {
  standardFontDataUrl: path.join(pdfjsDir, 'standard_fonts') + path.sep,
  cMapUrl: path.join(pdfjsDir, 'cmaps') + path.sep,
  wasmUrl: path.join(pdfjsDir, 'wasm') + path.sep,
};

/** Why a page is not drawn, as opposed to a file pdf.js cannot read at all. */
class PdfNotDrawn extends Error {
  override name = 'PdfNotDrawn';
}

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<Pdfjs> | undefined;
/**
 * pdf.js and its parser, loaded once per worker: the minified builds of
 * pdfjs-dist/legacy/build/pdf.mjs (same code, a third of the memory once loaded, no source
 * map for Node to read). The parser ("pdf.js worker") runs in this same thread: it is handed to
 * pdf.js as `globalThis.pdfjsWorker`, so pdf.js starts no thread and imports nothing later.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  pdfjs ??= (async () => {
    const [api, parser] = await Promise.all([
      // @ts-expect-error: the minified build ships without its own declarations (they are pdf.mjs's).
      import('pdfjs-dist/legacy/build/pdf.min.mjs') as Promise<Pdfjs>,
      // @ts-expect-error: the parser ships without declarations.
      import('pdfjs-dist/legacy/build/pdf.worker.min.mjs') as Promise<{ WorkerMessageHandler: unknown }>,
    ]);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = parser;
    return api;
  })();
  return pdfjs;
}

/** Canvas size for a page of `width` × `height` units: longest side 2 × THUMBNAIL_SIZE. */
function canvasSize(width: number, height: number): { scale: number; width: number; height: number } {
  const scale = (2 * THUMBNAIL_SIZE) / Math.max(width, height);
  return { scale, width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The WebP thumbnail of page 1 of the PDF at `file`. Throws for anything that is not drawn:
 * unreadable, encrypted, no pages, an oversized page (PdfNotDrawn for the last ones).
 */
export async function pdfFirstPageThumbnail(file: string): Promise<Buffer> {
  const { getDocument, VerbosityLevel } = await loadPdfjs();
  const task = getDocument({
    data: new Uint8Array(await readFile(file)),
    ...assets,
    // No `isEvalSupported`: pdf.js 6 dropped the option, as it no longer compiles code from a
    // file (and the core library never runs a PDF's JavaScript). Glyphs are drawn as paths; no
    // font is installed.
    disableFontFace: true,
    useSystemFonts: false,
    // Never fetch anything: the whole file is here.
    disableRange: true,
    disableStream: true,
    disableAutoFetch: true,
    enableXfa: false,
    maxImageSize: PDF_MAX_IMAGE_PIXELS,
    // A broken file is expected here; pdf.js would print a warning for each thing it skips.
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) throw new PdfNotDrawn('no pages');
    const page = await doc.getPage(1);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const units = { width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) };
    if (!(units.width > 0 && units.height > 0) || Math.max(units.width, units.height) > PDF_MAX_PAGE_UNITS) {
      throw new PdfNotDrawn(`page of ${units.width} × ${units.height} units`);
    }
    // The viewport at scale 1 is the page as shown: rotated, and in UserUnit.
    const shown = page.getViewport({ scale: 1 });
    const size = canvasSize(shown.width, shown.height);
    // At most 640 × 640 as the scale is chosen; checked all the same, so that no change to the
    // rule above can ever make a canvas of the page's own size.
    if (size.width * size.height > PDF_THUMBNAIL_MAX_PIXELS) throw new PdfNotDrawn(`canvas of ${size.width} × ${size.height}`);
    const canvas = createCanvas(size.width, size.height);
    const viewport = page.getViewport({ scale: size.scale });
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' }).promise;
    const pixels = canvas.data();
    return await webpThumbnail(sharp(pixels, { raw: { width: size.width, height: size.height, channels: 4, premultiplied: true } }));
  } finally {
    await task.destroy();
  }
}
