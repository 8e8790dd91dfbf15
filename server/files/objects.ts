/**
 * Where the library's bytes live: the local disk under DATA_DIR (the default) or an
 * S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph). Both answer the same small
 * contract (server/test/storage.test.ts runs it against each), so the rest of the server never
 * knows which one it has. Keys are made by FileStorage from ids the server generated. The S3
 * store (./s3.ts) and AWS's SDK load only when a bucket is configured (about 10 MB of a server's
 * memory otherwise).
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config.ts';

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  init(): Promise<void>;
  /** Stores the finished local file `file` under `key`. The file may be moved away (or not). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or undefined when there is no such object. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Copies the object `from` to `to` (an earlier version kept before its key is written again). */
  copy(from: string, to: string): Promise<void>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every object under `prefix`, with its last change. */
  list(prefix: string): AsyncIterable<{ key: string; modifiedMs: number }>;
  /** Throws when the store does not answer. */
  check(): Promise<void>;
  /** A short-lived URL the browser may fetch the object from itself (S3 only). */
  presignGet?(key: string, headers: { contentType: string; contentDisposition: string }): Promise<string>;
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** Objects as files: DATA_DIR/<key>. A put is a rename from DATA_DIR/tmp, atomic on one disk. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';

  constructor(
    private readonly root: string,
    private readonly prefixes: readonly string[],
  ) {}

  async init() {
    for (const prefix of this.prefixes) await mkdir(path.join(this.root, prefix), { recursive: true });
  }

  private pathOf(key: string) {
    return path.join(this.root, key);
  }

  async putFile(key: string, file: string) {
    await rename(file, this.pathOf(key));
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const file = this.pathOf(key);
    try {
      const { size } = await stat(file);
      return { body: createReadStream(file), size };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async copy(from: string, to: string) {
    await copyFile(this.pathOf(from), this.pathOf(to));
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string) {
    for (const name of await readdir(path.join(this.root, prefix))) {
      try {
        const { mtimeMs } = await stat(path.join(this.root, prefix, name));
        yield { key: `${prefix}/${name}`, modifiedMs: mtimeMs };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }

  async check() {
    for (const prefix of this.prefixes) await stat(path.join(this.root, prefix));
  }
}

/** The configured store, or undefined for the default (the local disk under DATA_DIR). */
export async function objectStoreFor(config: StorageConfig): Promise<ObjectStore | undefined> {
  if (config.kind !== 's3') return undefined;
  const { S3ObjectStore } = await import('./s3.ts');
  return new S3ObjectStore(config);
}
