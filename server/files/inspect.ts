/**
 * Decides what an upload is from its bytes (never its name or declared type), and makes it
 * safe to store: raster images are decoded whole with a pixel limit and strict checks (which
 * also gives the thumbnail), SVG is measured by a streaming parser, then parsed and sanitised,
 * PDF is recognised by its signature. Runs in a worker thread (server/workers), with a time
 * and memory limit: the request thread never decodes or sanitises.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { SaxesParser } from 'saxes';
import sharp, { type Sharp } from 'sharp';
import { apiError } from '../errors.ts';

sharp.cache(false);

import { DEFAULT_MAX_IMAGE_PIXELS } from './limits.ts';

export { DEFAULT_MAX_IMAGE_PIXELS };
export const THUMBNAIL_SIZE = 320;

export type Inspection =
  | { type: 'image'; mimeType: 'image/jpeg' | 'image/png' | 'image/gif'; thumbnail: Buffer; width: number; height: number }
  | { type: 'image'; mimeType: 'image/svg+xml'; thumbnail?: undefined }
  | { type: 'pdf'; mimeType: 'application/pdf'; thumbnail?: undefined };

const RASTER = new Set(['image/jpeg', 'image/png', 'image/gif']);

export const typeNotAllowed = () => apiError('file_type_not_allowed');

/**
 * Inspects the file at `file` (in the upload temp dir). An SVG is rewritten in place with its
 * sanitised form. Throws ApiError (415 wrong type, 400 unreadable or oversized image).
 */
export async function inspectUpload(file: string, maxPixels = DEFAULT_MAX_IMAGE_PIXELS): Promise<Inspection> {
  const detected = await fileTypeFromFile(file);
  if (detected && RASTER.has(detected.mime)) {
    const { thumbnail, width, height } = await rasterThumbnail(file, maxPixels);
    return { type: 'image', mimeType: detected.mime as 'image/jpeg', thumbnail, width, height };
  }
  if (detected?.mime === 'application/pdf') return { type: 'pdf', mimeType: 'application/pdf' };
  // SVG is text: file-type says nothing, or "xml" when it starts with an XML declaration.
  if (!detected || detected.mime === 'application/xml' || detected.ext === 'svg') {
    const clean = await sanitiseSvg(await readFile(file));
    if (clean === undefined) throw typeNotAllowed();
    await writeFile(file, clean);
    return { type: 'image', mimeType: 'image/svg+xml' };
  }
  throw typeNotAllowed();
}

/** The thumbnail, and the image's size as shown (its EXIF orientation applied). */
async function rasterThumbnail(file: string, maxPixels: number): Promise<{ thumbnail: Buffer; width: number; height: number }> {
  // failOn 'warning': a bad checksum or truncated data refuses the image instead of showing
  // whatever part of it decoded.
  const options = { limitInputPixels: maxPixels, failOn: 'warning' as const };
  try {
    const meta = await sharp(file, options).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // Decoding the whole image for the thumbnail also proves it is complete and sound.
    const thumbnail = await webpThumbnail(sharp(file, options).rotate());
    return { thumbnail, width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw apiError('image_too_large');
    }
    throw apiError('image_damaged');
  }
}

/**
 * The library's thumbnail of any picture: at most THUMBNAIL_SIZE on its longest side, WebP.
 * Raster uploads and rendered PDF pages (server/files/pdfRender.ts) both go through here.
 */
export function webpThumbnail(image: Sharp): Promise<Buffer> {
  return image.resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}

/**
 * Deeper or larger SVGs are refused before any DOM is built (real drawings stay far below).
 * Checking one costs about 20 KB of a worker's heap and 0.2 ms per element (jsdom's XML
 * document, then DOMPurify's): 5,000 elements peak near 110 MB and take about a second, inside
 * the server's memory budget and well inside the file job's time limit on a busy machine (at
 * 10,000, bench:memory saw the check run out of time while another process loaded the CPU).
 */
export const SVG_MAX_DEPTH = 64;
export const SVG_MAX_ELEMENTS = 5_000;

export const svgTooComplex = () => apiError('svg_too_complex');

/**
 * One streaming pass over the text: well-formed XML whose root is <svg>, no deeper and no
 * larger than the caps, no DTD. Throws svgTooComplex over a cap; answers false when the bytes
 * are not such an SVG.
 */
export function measureSvg(text: string): boolean {
  const parser = new SaxesParser({ xmlns: false, position: false });
  let depth = 0;
  let elements = 0;
  let root: string | undefined;
  let wellFormed = true;
  let overCap = false;
  // A public DOCTYPE is common in exported drawings; an internal subset declares things.
  parser.on('doctype', (doctype) => {
    if (doctype.includes('[')) wellFormed = false;
  });
  parser.on('opentag', (tag) => {
    if (root === undefined) root = tag.name;
    depth++;
    elements++;
    if (depth > SVG_MAX_DEPTH || elements > SVG_MAX_ELEMENTS) overCap = true;
  });
  parser.on('closetag', () => {
    depth--;
  });
  parser.on('error', () => {
    wellFormed = false;
  });
  // Feed in slices so a cap stops the pass early.
  for (let i = 0; i < text.length && wellFormed && !overCap; i += 64 * 1024) parser.write(text.slice(i, i + 64 * 1024));
  if (overCap) throw svgTooComplex();
  if (!wellFormed) return false;
  try {
    parser.close();
  } catch {
    return false;
  }
  return wellFormed && (root === 'svg' || root?.endsWith(':svg') === true);
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
// References that stay inside the file: fragments, and embedded raster data.
const SAFE_REF = /^\s*(#|data:image\/(png|jpeg|gif|webp);)/i;
const EXTERNAL_URL_IN_CSS = /url\s*\(\s*(?!['"]?\s*#)|@import|expression\s*\(/i;

/** jsdom and DOMPurify load only when an SVG comes (they are the slowest part of a worker's start). */
let svgTools: Promise<{ JSDOM: typeof import('jsdom').JSDOM; purify: import('dompurify').DOMPurify; serializer: XMLSerializer }> | undefined;
export function loadSvgTools() {
  svgTools ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    return { JSDOM, purify, serializer: new window.XMLSerializer() as unknown as XMLSerializer };
  })();
  return svgTools;
}

/**
 * The SVG as jsdom's XML parser reads it, serialised (undefined when its root is not an SVG
 * element). Its document is closed before DOMPurify builds its own: one DOM at a time.
 */
function svgAsParsed(JSDOM: typeof import('jsdom').JSDOM, serializer: XMLSerializer, text: string): string | undefined {
  let dom: import('jsdom').JSDOM;
  try {
    // jsdom's XML parser does not fetch or expand DTD entities.
    dom = new JSDOM(text, { contentType: 'image/svg+xml' });
  } catch {
    return undefined;
  }
  try {
    const root = dom.window.document.documentElement;
    if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') return undefined;
    return serializer.serializeToString(root as never);
  } finally {
    dom.window.close();
  }
}

/**
 * Returns the sanitised SVG, or undefined when the bytes are not a well-formed SVG document.
 * Scripts, event handlers, foreignObject and every reference outside the file are removed.
 */
export async function sanitiseSvg(bytes: Buffer): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
  if (!text.trimStart().startsWith('<')) return undefined;
  // Entity declarations are how XML bombs and external entities work; real SVGs do not need them.
  if (/<!ENTITY/i.test(text)) return undefined;
  if (!measureSvg(text)) return undefined;
  const { JSDOM, purify, serializer } = await loadSvgTools();
  const parsed = svgAsParsed(JSDOM, serializer, text);
  if (parsed === undefined) return undefined;

  const fragment = purify.sanitize(parsed, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'object', 'embed'],
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = Array.from(fragment.childNodes).find(
    (n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === SVG_NS,
  );
  if (!svg || svg.localName !== 'svg') return undefined;

  for (const el of [svg, ...Array.from(svg.querySelectorAll('*'))]) {
    if (el.localName === 'style' && EXTERNAL_URL_IN_CSS.test(el.textContent ?? '')) {
      el.remove();
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.localName.toLowerCase();
      const isRef = name === 'href' || attr.namespaceURI === XLINK_NS;
      if (
        name.startsWith('on') ||
        (isRef && !SAFE_REF.test(attr.value)) ||
        EXTERNAL_URL_IN_CSS.test(attr.value)
      ) {
        el.removeAttributeNode(attr);
      }
    }
  }
  return Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n' + serializer.serializeToString(svg as never));
}
