/**
 * Library images in the HTML the public API serves, made responsive: each `<img>` whose `src` is
 * a raster image of the library (`/api/files/<id>/content`, with or without an origin) gains a
 * `srcset` of the sizes the server makes (GET /api/files/:id/content?w=: never wider than the
 * image), `sizes`, and the image's `width` and `height` (unless the HTML gives its own), so a
 * phone loads a small WebP or AVIF and the page does not jump as images arrive.
 */
import { IMAGE_SIZES } from '../../src/contract/index.ts';

/** An image's size in pixels, by file id. */
export type ImageSizes = ReadonlyMap<string, { width: number; height: number }>;

/** The layout width the site shows an article's images at, at most (CSS pixels). */
export const ARTICLE_IMAGE_MAX_WIDTH = 800;
const SIZES = `(max-width: ${ARTICLE_IMAGE_MAX_WIDTH}px) 100vw, ${ARTICLE_IMAGE_MAX_WIDTH}px`;

/** An `<img>` start tag, quoted attribute values (which may hold `>`) included. */
const IMG_TAG = /<img\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const LIBRARY_SRC = /^((?:https?:\/\/[^/"?#]+)?\/api\/files\/([0-9a-z]{26})\/content)(?:\?[^"]*)?$/i;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];

/** The ids of the library images the HTML shows (to look their sizes up). */
export function libraryImageIds(html: string): string[] {
  const ids = new Set<string>();
  for (const tag of html.match(IMG_TAG) ?? []) {
    const id = LIBRARY_SRC.exec(attribute(tag, 'src') ?? '')?.[2];
    if (id) ids.add(id.toLowerCase());
  }
  return [...ids];
}

/** The HTML with its library images made responsive (see above); anything else is left as it is. */
export function responsiveImages(html: string, sizes: ImageSizes): string {
  return html.replace(IMG_TAG, (tag) => {
    if (/\ssrcset\s*=/i.test(tag)) return tag;
    const match = LIBRARY_SRC.exec(attribute(tag, 'src') ?? '');
    const size = match && sizes.get(match[2]!.toLowerCase());
    if (!match || !size) return tag;
    const base = match[1]!;
    const widths = IMAGE_SIZES.filter((w) => w < size.width);
    const candidates = [...widths.map((w) => `${base}?w=${w}&amp;format=auto ${w}w`), `${base}?w=${nearestOffered(size.width)}&amp;format=auto ${size.width}w`];
    const extra = [`srcset="${candidates.join(', ')}"`, `sizes="${SIZES}"`];
    if (attribute(tag, 'width') === undefined && attribute(tag, 'height') === undefined) {
      extra.push(`width="${size.width}"`, `height="${size.height}"`);
    }
    return tag.replace(/\s*\/?>$/, (end) => ` ${extra.join(' ')}${end.trim() === '/>' ? ' />' : '>'}`);
  });
}

/** The smallest offered size at least `width` (the image at its own size), else the largest. */
function nearestOffered(width: number): number {
  return IMAGE_SIZES.find((w) => w >= width) ?? IMAGE_SIZES[IMAGE_SIZES.length - 1]!;
}
