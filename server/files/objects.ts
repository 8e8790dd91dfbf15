/**
 * Where the library's bytes live: the local disk under DATA_DIR (the default) or an
 * S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph). Both answer the same small
 * contract (server/test/objects.test.ts runs it against each), so the rest of the server never
 * knows which one it has. Keys are made by FileStorage from ids the server generated.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config.ts';
import { StorageUnavailableError } from '../errors.ts';

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

export interface S3Settings {
  bucket: string;
  /** For S3-compatible servers other than AWS (MinIO, R2, Ceph): their URL. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Seconds a presigned download URL stays valid. */
  presignSeconds?: number;
  /** Credentials for tests; in production the SDK's usual sources (environment, profile, role). */
  credentials?: S3ClientConfig['credentials'];
}

/** Multipart parts of 8 MB, two in flight: an upload holds at most ~16 MB whatever its size. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** Any failure of the bucket (refused, unreachable, timed out) is answered 503, never 500. */
async function unavailableOnError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(error);
  }
}

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // A bucket that stops answering fails the request instead of holding it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      maxAttempts: 3,
    });
  }

  async init() {
    await this.check();
  }

  async putFile(key: string, file: string, contentType: string) {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: createReadStream(file), ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await unavailableOnError(() => upload.done());
  }

  async get(key: string): Promise<StoredObject | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return undefined;
      throw new StorageUnavailableError(error);
    }
  }

  /** A copy inside the bucket (the bytes never pass through this server); objects up to 5 GB. */
  async copy(from: string, to: string) {
    const { bucket } = this.settings;
    await unavailableOnError(() =>
      this.client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${encodeURIComponent(from).replace(/%2F/g, '/')}` })),
    );
  }

  async remove(key: string) {
    await unavailableOnError(() => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key })));
  }

  async *list(prefix: string) {
    let token: string | undefined;
    do {
      const request = new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${prefix}/`, ContinuationToken: token });
      const page = await unavailableOnError(() => this.client.send(request));
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedMs: object.LastModified?.getTime() ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check() {
    await unavailableOnError(() => this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket })));
  }

  async presignGet(key: string, headers: { contentType: string; contentDisposition: string }) {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentType: headers.contentType,
      ResponseContentDisposition: headers.contentDisposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: this.settings.presignSeconds ?? 300 });
  }
}

/** The configured store, or undefined for the default (the local disk under DATA_DIR). */
export function objectStoreFor(config: StorageConfig): ObjectStore | undefined {
  return config.kind === 's3' ? new S3ObjectStore(config) : undefined;
}
