/**
 * Decides what an upload is from its bytes (never its name or declared type), and makes it
 * safe to store: raster images are decoded with a pixel limit (which also gives the thumbnail),
 * SVG is parsed as XML and sanitised, PDF is recognised by its signature.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { serverMessages } from '../../src/contract/index.ts';
import { ApiError } from '../errors.ts';

sharp.cache(false);

export const DEFAULT_MAX_IMAGE_PIXELS = 50_000_000;
export const THUMBNAIL_SIZE = 320;

export type Inspection =
  | { type: 'image'; mimeType: 'image/jpeg' | 'image/png' | 'image/gif'; thumbnail: Buffer }
  | { type: 'image'; mimeType: 'image/svg+xml'; thumbnail?: undefined }
  | { type: 'pdf'; mimeType: 'application/pdf'; thumbnail?: undefined };

const RASTER = new Set(['image/jpeg', 'image/png', 'image/gif']);

export const typeNotAllowed = () => new ApiError(415, 'file_type_not_allowed', serverMessages.fileTypeNotAllowed);

/**
 * Inspects the file at `file` (in the upload temp dir). An SVG is rewritten in place with its
 * sanitised form. Throws ApiError (415 wrong type, 400 unreadable or oversized image).
 */
export async function inspectUpload(file: string, maxPixels = DEFAULT_MAX_IMAGE_PIXELS): Promise<Inspection> {
  const detected = await fileTypeFromFile(file);
  if (detected && RASTER.has(detected.mime)) {
    const thumbnail = await rasterThumbnail(file, maxPixels);
    return { type: 'image', mimeType: detected.mime as 'image/jpeg', thumbnail };
  }
  if (detected?.mime === 'application/pdf') return { type: 'pdf', mimeType: 'application/pdf' };
  // SVG is text: file-type says nothing, or "xml" when it starts with an XML declaration.
  if (!detected || detected.mime === 'application/xml' || detected.ext === 'svg') {
    const clean = sanitiseSvg(await readFile(file));
    if (clean === undefined) throw typeNotAllowed();
    await writeFile(file, clean);
    return { type: 'image', mimeType: 'image/svg+xml' };
  }
  throw typeNotAllowed();
}

async function rasterThumbnail(file: string, maxPixels: number): Promise<Buffer> {
  const options = { limitInputPixels: maxPixels, failOn: 'truncated' as const };
  try {
    const meta = await sharp(file, options).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // Decoding the whole image for the thumbnail also proves it is complete.
    return await sharp(file, options)
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw new ApiError(400, 'image_too_large', serverMessages.imageTooLarge);
    }
    throw new ApiError(400, 'image_unreadable', serverMessages.imageUnreadable);
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
// References that stay inside the file: fragments, and embedded raster data.
const SAFE_REF = /^\s*(#|data:image\/(png|jpeg|gif|webp);)/i;
const EXTERNAL_URL_IN_CSS = /url\s*\(\s*(?!['"]?\s*#)|@import|expression\s*\(/i;

const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
const serializer = new window.XMLSerializer();

/**
 * Returns the sanitised SVG, or undefined when the bytes are not a well-formed SVG document.
 * Scripts, event handlers, foreignObject and every reference outside the file are removed.
 */
export function sanitiseSvg(bytes: Buffer): Buffer | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
  if (!text.trimStart().startsWith('<')) return undefined;
  // Entity declarations are how XML bombs and external entities work; real SVGs do not need them.
  if (/<!ENTITY/i.test(text)) return undefined;
  let root: Element;
  try {
    // jsdom's XML parser does not fetch or expand DTD entities.
    root = new JSDOM(text, { contentType: 'image/svg+xml' }).window.document.documentElement;
  } catch {
    return undefined;
  }
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') return undefined;

  const fragment = purify.sanitize(serializer.serializeToString(root as never), {
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
