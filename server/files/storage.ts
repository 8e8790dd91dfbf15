/**
 * The library's bytes, under server-made keys: files/<id> (the bytes), thumbs/<id>.webp
 * (thumbnails), derivs/<id>/<name> (an image made to measure: ./derivatives.ts names it) and
 * versions/<versionId> (a replaced file's earlier bytes), in an ObjectStore (the local disk under DATA_DIR, or an S3 bucket). Uploads in
 * progress are always local, in DATA_DIR/tmp, where they are checked before anything is stored.
 * Names from clients never reach a key or a path.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/database.ts';
import { knownVersionIds } from '../repositories/fileVersions.ts';
import { knownFileIds } from '../repositories/files.ts';
import { LocalObjectStore, type ObjectStore, type StoredObject } from './objects.ts';

const ID_PATTERN = /^[0-9a-z]{26}$/;
const THUMB_SUFFIX = '.webp';
const FILES = 'files';
const THUMBS = 'thumbs';
const VERSIONS = 'versions';
const DERIVS = 'derivs';
/** A derivative's name within its file's folder (./derivatives.ts makes it). */
const DERIVATIVE_NAME = /^[0-9a-z.-]{1,80}$/;

export type Variant = 'content' | 'thumbnail';

function keyOf(id: string, variant: Variant) {
  if (!ID_PATTERN.test(id)) throw new Error(`not a file id: ${id}`);
  return variant === 'content' ? `${FILES}/${id}` : `${THUMBS}/${id}${THUMB_SUFFIX}`;
}

/** The file id a key names, or undefined for a key the library did not make. */
function idOfKey(key: string): string | undefined {
  const [prefix, name = ''] = key.split('/');
  const id = prefix === THUMBS && name.endsWith(THUMB_SUFFIX) ? name.slice(0, -THUMB_SUFFIX.length) : name;
  return (prefix === FILES || prefix === THUMBS || prefix === VERSIONS) && ID_PATTERN.test(id) ? id : undefined;
}

function derivativeKey(id: string, name: string) {
  if (!ID_PATTERN.test(id) || !DERIVATIVE_NAME.test(name) || name.includes('..')) throw new Error(`not a derivative: ${id}/${name}`);
  return `${DERIVS}/${id}/${name}`;
}

function versionKey(versionId: string) {
  if (!ID_PATTERN.test(versionId)) throw new Error(`not a version id: ${versionId}`);
  return `${VERSIONS}/${versionId}`;
}

export class FileStorage {
  readonly tmpDir: string;
  readonly objects: ObjectStore;

  /** `objects` defaults to the local disk under `dataDir`. */
  constructor(
    readonly dataDir: string,
    objects?: ObjectStore,
  ) {
    this.tmpDir = path.join(dataDir, 'tmp');
    this.objects = objects ?? new LocalObjectStore(dataDir, [FILES, THUMBS, VERSIONS, DERIVS]);
  }

  get kind() {
    return this.objects.kind;
  }

  async init() {
    await mkdir(this.tmpDir, { recursive: true });
    await this.objects.init();
  }

  tmpPath(suffix = '') {
    return path.join(this.tmpDir, randomUUID() + suffix);
  }

  static isFileId(id: string) {
    return ID_PATTERN.test(id);
  }

  /** Stores the checked local file (it may be moved away). */
  async put(id: string, variant: Variant, file: string, contentType: string) {
    await this.objects.putFile(keyOf(id, variant), file, contentType);
  }

  /** Stores bytes held in memory (a thumbnail), through a temp file. */
  async putBytes(id: string, variant: Variant, bytes: Uint8Array, contentType: string) {
    const file = this.tmpPath();
    try {
      await writeFile(file, bytes, { flag: 'wx' });
      await this.put(id, variant, file, contentType);
    } finally {
      await rm(file, { force: true });
    }
  }

  read(id: string, variant: Variant): Promise<StoredObject | undefined> {
    return this.objects.get(keyOf(id, variant));
  }

  /** A short-lived URL to the bytes themselves, when the store gives one (S3). */
  presign(id: string, variant: Variant, headers: { contentType: string; contentDisposition: string }) {
    return this.objects.presignGet?.(keyOf(id, variant), headers);
  }

  /** Keeps a copy of the file's current bytes as the version `versionId` (before new bytes are put). */
  async keepVersion(id: string, versionId: string) {
    await this.objects.copy(keyOf(id, 'content'), versionKey(versionId));
  }

  readVersion(versionId: string): Promise<StoredObject | undefined> {
    return this.objects.get(versionKey(versionId));
  }

  /** Removes an earlier version's bytes; a missing one is fine. */
  async removeVersion(versionId: string) {
    await this.objects.remove(versionKey(versionId));
  }

  /** Removes a file's bytes, thumbnail and derivatives; missing ones are fine. */
  async remove(id: string) {
    await Promise.all([this.objects.remove(keyOf(id, 'content')), this.objects.remove(keyOf(id, 'thumbnail')), this.removeDerivatives(id)]);
  }

  readDerivative(id: string, name: string): Promise<StoredObject | undefined> {
    return this.objects.get(derivativeKey(id, name));
  }

  async putDerivative(id: string, name: string, bytes: Uint8Array, contentType: string) {
    const file = this.tmpPath();
    try {
      await writeFile(file, bytes, { flag: 'wx' });
      if (this.kind === 'local') await mkdir(path.join(this.dataDir, DERIVS, id), { recursive: true });
      await this.objects.putFile(derivativeKey(id, name), file, contentType);
    } finally {
      await rm(file, { force: true });
    }
  }

  /** Removes every derivative of the file (its bytes changed, or it went); none is fine. */
  async removeDerivatives(id: string) {
    if (!ID_PATTERN.test(id)) throw new Error(`not a file id: ${id}`);
    if (this.kind === 'local') {
      await rm(path.join(this.dataDir, DERIVS, id), { recursive: true, force: true });
      return;
    }
    for await (const { key } of this.objects.list(`${DERIVS}/${id}`)) await this.objects.remove(key);
  }

  /** Removes a file's thumbnail alone (a replacement whose new bytes have none); a missing one is fine. */
  async removeThumbnail(id: string) {
    await this.objects.remove(keyOf(id, 'thumbnail'));
  }

  /** Whether the store answers, for /api/health. */
  async health(): Promise<{ backend: 'local' | 's3'; ok: boolean }> {
    try {
      await this.objects.check();
      return { backend: this.kind, ok: true };
    } catch {
      return { backend: this.kind, ok: false };
    }
  }

  /**
   * Removes upload leftovers and stored objects that have no row: `sweepTmp` then `sweepOrphans`.
   */
  async sweep(db: Queryable, graceMs: number, now = Date.now()): Promise<{ tmp: number; orphans: number }> {
    const tmp = await this.sweepTmp(graceMs, now);
    const orphans = await this.sweepOrphans(db, graceMs, now);
    return { tmp, orphans };
  }

  /**
   * Removes this host's upload leftovers in DATA_DIR/tmp older than `graceMs` (an upload still
   * running here or in a process sharing this DATA_DIR is younger). Local work: no lock needed.
   */
  async sweepTmp(graceMs: number, now = Date.now()): Promise<number> {
    let tmp = 0;
    for (const name of await readdir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name);
      try {
        if (now - (await stat(file)).mtimeMs < graceMs) continue;
      } catch {
        continue;
      }
      await rm(file, { force: true, recursive: true });
      tmp++;
    }
    return tmp;
  }

  /**
   * Removes stored objects that have no row (a crash between storing the bytes and committing
   * the row, or a failed removal after a purge), older than `graceMs`, so an upload another
   * process is finishing right now is left alone. Only keys the library makes are touched.
   */
  async sweepOrphans(db: Queryable, graceMs: number, now = Date.now()): Promise<number> {
    let orphans = 0;
    for (const prefix of [FILES, THUMBS, VERSIONS]) {
      let batch: { key: string; id: string }[] = [];
      // Bytes and thumbnails belong to a file's row; versions to a version's.
      const knownIds = prefix === VERSIONS ? knownVersionIds : knownFileIds;
      const flush = async () => {
        const known = await knownIds(
          db,
          batch.map((entry) => entry.id),
        );
        for (const entry of batch) {
          if (known.has(entry.id)) continue;
          await this.objects.remove(entry.key);
          orphans++;
        }
        batch = [];
      };
      for await (const { key, modifiedMs } of this.objects.list(prefix)) {
        const id = idOfKey(key);
        if (!id || now - modifiedMs < graceMs) continue;
        batch.push({ key, id });
        if (batch.length === 500) await flush();
      }
      if (batch.length) await flush();
    }
    return orphans + (await this.sweepOrphanDerivatives(db, graceMs, now));
  }

  /** Derivatives of files that have no row any more (a removal that failed half-way). */
  private async sweepOrphanDerivatives(db: Queryable, graceMs: number, now: number): Promise<number> {
    // Local: derivs/<id> folders; S3: derivs/<id>/<name> objects.
    const ids = new Set<string>();
    for await (const { key, modifiedMs } of this.objects.list(DERIVS)) {
      const id = key.split('/')[1] ?? '';
      if (ID_PATTERN.test(id) && now - modifiedMs >= graceMs) ids.add(id);
    }
    const known = ids.size ? await knownFileIds(db, [...ids]) : new Set<string>();
    let orphans = 0;
    for (const id of ids) {
      if (known.has(id)) continue;
      await this.removeDerivatives(id);
      orphans++;
    }
    return orphans;
  }
}
