/**
 * An image made to measure from a stored raster image (GET /api/files/:id/content?w=&h=&fit=&format=):
 * within w × h (`contain`), or filling it (`cover`) cropped around the file's focal point, never
 * larger than the image, in the format asked. Runs in a worker thread, decoded under the same
 * pixel limit as an upload, so a stored file cannot make the worker decode more than an upload could.
 */
import sharp from 'sharp';
import { apiError } from '../errors.ts';

sharp.cache(false);

export type DerivativeFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export interface DerivativeSpec {
  w?: number;
  h?: number;
  fit: 'cover' | 'contain';
  format: DerivativeFormat;
  /** Where the subject is (0 to 1 across and down); the middle when the file has none. */
  focal: { x: number; y: number };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * The crop of a `cover`: the frame w × h (made smaller, in proportion, where the image is
 * smaller), the size the image is scaled to, and where the frame sits, centred on the focal
 * point as far as the image's edges allow.
 */
export function coverCrop(width: number, height: number, spec: { w: number; h: number; focal: { x: number; y: number } }) {
  const k = Math.min(1, width / spec.w, height / spec.h);
  const frame = { width: Math.max(1, Math.round(spec.w * k)), height: Math.max(1, Math.round(spec.h * k)) };
  const scale = Math.max(frame.width / width, frame.height / height);
  const scaled = { width: Math.max(frame.width, Math.round(width * scale)), height: Math.max(frame.height, Math.round(height * scale)) };
  const left = clamp(Math.round(spec.focal.x * scaled.width - frame.width / 2), 0, scaled.width - frame.width);
  const top = clamp(Math.round(spec.focal.y * scaled.height - frame.height / 2), 0, scaled.height - frame.height);
  return { scaled, extract: { left, top, ...frame } };
}

export async function makeDerivative(bytes: Uint8Array, spec: DerivativeSpec, maxPixels: number): Promise<Uint8Array> {
  const options = { limitInputPixels: maxPixels, failOn: 'warning' as const };
  try {
    const meta = await sharp(bytes, options).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error('no dimensions');
    let image = sharp(bytes, options).rotate();
    if (spec.fit === 'cover' && spec.w && spec.h) {
      const { scaled, extract } = coverCrop(width, height, { w: spec.w, h: spec.h, focal: spec.focal });
      image = image.resize(scaled.width, scaled.height, { fit: 'fill' }).extract(extract);
    } else {
      image = image.resize(spec.w ?? null, spec.h ?? null, { fit: 'inside', withoutEnlargement: true });
    }
    switch (spec.format) {
      case 'avif':
        image = image.avif({ quality: 55, effort: 2 });
        break;
      case 'webp':
        image = image.webp({ quality: 80 });
        break;
      case 'jpeg':
        // Transparency has no place in a JPEG: white behind it, as on a page.
        image = image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
        break;
      case 'png':
        image = image.png();
        break;
    }
    return new Uint8Array(await image.toBuffer());
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw apiError('image_too_large');
    throw apiError('derivative_failed');
  }
}
