/**
 * The library's bytes in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph): the
 * ObjectStore of ./objects.ts, loaded only when a bucket is configured.
 */
import { createReadStream } from 'node:fs';
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
import { StorageUnavailableError } from '../errors.ts';
import type { ObjectStore, StoredObject } from './objects.ts';

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
