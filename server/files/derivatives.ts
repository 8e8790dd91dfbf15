/**
 * Images made to measure (GET /api/files/:id/content?w=&h=&fit=&format=): each one is made once,
 * in the worker pool (./resize.ts), kept in the storage beside its file (derivs/<id>/<name>) and
 * removed with it. Its name holds everything it was made from (the bytes' version, the size,
 * the fit, the focal point of a crop, the format), so a replaced file or a moved focal point is
 * never answered with an image made before: ETag is the name.
 */
import { Readable } from 'node:stream';
import type { ImageFit, ImageFormat } from '../../src/contract/index.ts';
import { apiError } from '../errors.ts';
import type { FileRow } from '../repositories/files.ts';
import type { WorkerPool } from '../workers/pool.ts';
import { FILE_JOB_MS } from './limits.ts';
import type { DerivativeFormat, DerivativeSpec } from './resize.ts';
import type { FileStorage } from './storage.ts';
import { fileNotFound } from './trash.ts';

/** The stored types made to measure; PDFs and SVGs are not. */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/gif']);

export const isResizable = (mimeType: string) => RESIZABLE.has(mimeType);

export interface DerivativeRequest {
  w?: number;
  h?: number;
  fit?: ImageFit;
  format?: ImageFormat;
}

/**
 * The format to make: `auto` is AVIF or WebP when the browser's Accept lists it, else the
 * file's own (a GIF's first frame as PNG); none asked is the file's own.
 */
export function chosenFormat(asked: ImageFormat | undefined, mimeType: string, accept: string | undefined): DerivativeFormat {
  if (asked && asked !== 'auto') return asked;
  if (asked === 'auto') {
    // A type listed with q=0 is refused, not accepted (RFC 9110, 12.4.2).
    const accepts = (type: string) =>
      (accept ?? '').split(',').some((part) => {
        const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
        const q = params.find((p) => p.startsWith('q='));
        return name === type && (q === undefined || Number(q.slice(2)) > 0);
      });
    if (accepts('image/avif')) return 'avif';
    if (accepts('image/webp')) return 'webp';
  }
  return mimeType === 'image/jpeg' ? 'jpeg' : 'png';
}

/** The derivative's name: what it was made from, readable in the storage. */
export function derivativeName(row: Pick<FileRow, 'last_modified'>, spec: DerivativeSpec): string {
  const version = new Date(row.last_modified).getTime().toString(36);
  const crop = spec.fit === 'cover' && spec.w && spec.h ? `-${Math.round(spec.focal.x * 1000)}.${Math.round(spec.focal.y * 1000)}` : '';
  return `${version}-${spec.w ?? 0}x${spec.h ?? 0}-${spec.fit}${crop}.${spec.format}`;
}

export const FORMAT_TYPES: Record<DerivativeFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export interface DerivativeContext {
  storage: FileStorage;
  workers: WorkerPool;
  maxImagePixels: number;
}

async function bytesOf(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Derivatives being made now, by key: a second request for one waits for the first's. */
const making = new Map<string, Promise<void>>();

/**
 * The derivative of `row` that `spec` names, made and kept first if it is not yet: its body
 * and size. Throws 422 `derivative_failed` when it cannot be made within the file job's limits.
 */
export async function readDerivative(ctx: DerivativeContext, row: FileRow, spec: DerivativeSpec) {
  const name = derivativeName(row, spec);
  const kept = await ctx.storage.readDerivative(row.id, name);
  if (kept) return { name, stored: kept };
  const key = `${row.id}/${name}`;
  let made = making.get(key);
  if (!made) {
    made = make(ctx, row, spec, name).finally(() => making.delete(key));
    making.set(key, made);
  }
  await made;
  const stored = await ctx.storage.readDerivative(row.id, name);
  if (!stored) throw apiError('derivative_failed');
  return { name, stored };
}

async function make(ctx: DerivativeContext, row: FileRow, spec: DerivativeSpec, name: string) {
  const original = await ctx.storage.read(row.id, 'content');
  if (!original) throw fileNotFound();
  const bytes = await bytesOf(original.body as Readable);
  const failed = () => apiError('derivative_failed');
  const made = await ctx.workers.run(
    'imageDerivative',
    { bytes, spec, maxPixels: ctx.maxImagePixels },
    { timeoutMs: FILE_JOB_MS, tooSlow: failed, tooBig: failed },
  );
  await ctx.storage.putDerivative(row.id, name, made, FORMAT_TYPES[spec.format]);
}
