/**
 * Stored files on disk, under server-made names: DATA_DIR/files/<id> (the bytes),
 * DATA_DIR/thumbs/<id>.webp (thumbnails), DATA_DIR/tmp (uploads in progress). Names from
 * clients never reach a path.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/database.ts';
import { knownFileIds } from '../repositories/files.ts';

const ID_PATTERN = /^[0-9a-z]{26}$/;
const THUMB_SUFFIX = '.webp';

export class FileStorage {
  readonly filesDir: string;
  readonly thumbsDir: string;
  readonly tmpDir: string;

  constructor(readonly dataDir: string) {
    this.filesDir = path.join(dataDir, 'files');
    this.thumbsDir = path.join(dataDir, 'thumbs');
    this.tmpDir = path.join(dataDir, 'tmp');
  }

  async init() {
    for (const dir of [this.filesDir, this.thumbsDir, this.tmpDir]) await mkdir(dir, { recursive: true });
  }

  tmpPath(suffix = '') {
    return path.join(this.tmpDir, randomUUID() + suffix);
  }

  filePath(id: string) {
    if (!ID_PATTERN.test(id)) throw new Error(`not a file id: ${id}`);
    return path.join(this.filesDir, id);
  }

  thumbnailPath(id: string) {
    if (!ID_PATTERN.test(id)) throw new Error(`not a file id: ${id}`);
    return path.join(this.thumbsDir, id + THUMB_SUFFIX);
  }

  static isFileId(id: string) {
    return ID_PATTERN.test(id);
  }

  /**
   * Removes upload leftovers and stored files that have no row (a crash between the move and
   * the commit). Only entries older than `graceMs`, so an upload another process sharing this
   * DATA_DIR is finishing right now is left alone.
   */
  async sweep(db: Queryable, graceMs: number, now = Date.now()): Promise<{ tmp: number; orphans: number }> {
    const isOld = async (file: string) => {
      try {
        return now - (await stat(file)).mtimeMs >= graceMs;
      } catch {
        return false;
      }
    };
    let tmp = 0;
    for (const name of await readdir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name);
      if (await isOld(file)) {
        await rm(file, { force: true, recursive: true });
        tmp++;
      }
    }
    let orphans = 0;
    const entries = [
      ...(await readdir(this.filesDir)).map((name) => ({ dir: this.filesDir, name, id: name })),
      ...(await readdir(this.thumbsDir)).map((name) => ({
        dir: this.thumbsDir,
        name,
        id: name.endsWith(THUMB_SUFFIX) ? name.slice(0, -THUMB_SUFFIX.length) : name,
      })),
    ];
    for (let i = 0; i < entries.length; i += 500) {
      const batch = entries.slice(i, i + 500);
      const ids = batch.map((e) => e.id).filter((id) => ID_PATTERN.test(id));
      const known = await knownFileIds(db, ids);
      for (const entry of batch) {
        if (known.has(entry.id)) continue;
        const file = path.join(entry.dir, entry.name);
        if (await isOld(file)) {
          await rm(file, { force: true, recursive: true });
          orphans++;
        }
      }
    }
    return { tmp, orphans };
  }
}
