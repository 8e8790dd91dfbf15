/**
 * A local S3-compatible server for tests: s3rver (the registry's; it runs on Node 24 with the
 * AWS SDK v3), started by the test itself on a free port with its own directory and bucket.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { S3ObjectStore, type S3Settings } from '../files/s3.ts';

export const TEST_BUCKET = 'test-media';
/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  port: number;
  settings: S3Settings;
  store(overrides?: Partial<S3Settings>): S3ObjectStore;
  /** Stops the server (the bucket stops answering); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const make = (port: number): S3rverInstance =>
    new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  let server = make(0);
  const { port } = await server.run();
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    bucket: TEST_BUCKET,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  };
  return {
    endpoint,
    port,
    settings,
    store: (overrides = {}) => new S3ObjectStore({ ...settings, ...overrides }),
    async stop() {
      if (!running) return;
      await server.close();
      running = false;
    },
    async start() {
      if (running) return;
      server = make(port);
      await server.run();
      running = true;
    },
    async close() {
      if (running) await server.close();
      running = false;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
