/**
 * The storage contract, run against both object stores (the local disk and an S3-compatible
 * server the test starts itself), then the file routes on S3: an upload's bytes and thumbnail in
 * the bucket, downloads streamed or presigned, deletes, the sweep, health, and a bucket that
 * stops answering (503, nothing stored, no row pointing nowhere).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverMessages, type Health, type StoredFile } from '../../src/contract/index.ts';
import { StorageUnavailableError } from '../errors.ts';
import { LocalObjectStore, type ObjectStore } from '../files/objects.ts';
import { FileStorage } from '../files/storage.ts';
import { auth, backends, fixtures, multipartBody, openHarness, uploadRequest, type Harness } from './helpers.ts';
import { startLocalS3, type LocalS3 } from './s3.ts';

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let s3: LocalS3;
let scratch: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
}, 30_000);
afterAll(async () => {
  await s3?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** A finished local file, as an upload leaves it in DATA_DIR/tmp. */
async function localFile(bytes: Buffer) {
  const file = path.join(scratch, `${randomBytes(8).toString('hex')}.bin`);
  await writeFile(file, bytes);
  return file;
}

const stores: { name: string; make: () => Promise<ObjectStore> }[] = [
  {
    name: 'local disk',
    make: async () => {
      const store = new LocalObjectStore(await mkdtemp(path.join(scratch, 'local-')), ['files', 'thumbs', 'versions']);
      await store.init();
      return store;
    },
  },
  {
    name: 'S3',
    make: async () => {
      // A prefix per store keeps the runs apart in the one bucket.
      const store = s3.store();
      await store.init();
      return store;
    },
  },
];

describe.each(stores)('the object store contract ($name)', ({ make }) => {
  let store: ObjectStore;
  beforeAll(async () => {
    store = await make();
  });

  it('stores a file and gives the same bytes back with their size', async () => {
    const bytes = randomBytes(70_000);
    const key = `files/${'a'.repeat(25)}1`;
    await store.putFile(key, await localFile(bytes), 'application/pdf');
    const got = await store.get(key);
    expect(got?.size).toBe(bytes.length);
    expect((await bytesOf(got!.body)).equals(bytes)).toBe(true);
  });

  it('a second put under the same key replaces the bytes', async () => {
    const key = `files/${'b'.repeat(25)}1`;
    await store.putFile(key, await localFile(Buffer.from('first')), 'text/plain');
    await store.putFile(key, await localFile(Buffer.from('second, longer')), 'text/plain');
    const got = await store.get(key);
    expect((await bytesOf(got!.body)).toString()).toBe('second, longer');
  });

  it('copies an object: the copy keeps the bytes after the original is written again', async () => {
    const from = `files/${'g'.repeat(26)}`;
    const to = `versions/${'h'.repeat(26)}`;
    await store.putFile(from, await localFile(Buffer.from('the first bytes')), 'text/plain');
    await store.copy(from, to);
    await store.putFile(from, await localFile(Buffer.from('the next bytes')), 'text/plain');
    expect((await bytesOf((await store.get(to))!.body)).toString()).toBe('the first bytes');
    expect((await bytesOf((await store.get(from))!.body)).toString()).toBe('the next bytes');
  });

  it('answers undefined for a missing key, and removing a missing key is fine', async () => {
    expect(await store.get(`files/${'c'.repeat(26)}`)).toBeUndefined();
    await expect(store.remove(`files/${'c'.repeat(26)}`)).resolves.toBeUndefined();
  });

  it('removes an object', async () => {
    const key = `thumbs/${'d'.repeat(26)}.webp`;
    await store.putFile(key, await localFile(Buffer.from('thumb')), 'image/webp');
    await store.remove(key);
    expect(await store.get(key)).toBeUndefined();
  });

  it('lists the objects under a prefix with their last change', async () => {
    const key = `thumbs/${'e'.repeat(26)}.webp`;
    const before = Date.now() - 60_000;
    await store.putFile(key, await localFile(Buffer.from('x')), 'image/webp');
    const listed: { key: string; modifiedMs: number }[] = [];
    for await (const entry of store.list('thumbs')) listed.push(entry);
    const entry = listed.find((e) => e.key === key);
    expect(entry?.modifiedMs).toBeGreaterThan(before);
    expect(listed.every((e) => e.key.startsWith('thumbs/'))).toBe(true);
  });

  it('streams a file of several multipart parts', async () => {
    const bytes = randomBytes(20 * 1024 * 1024 + 123);
    const key = `files/${'f'.repeat(26)}`;
    await store.putFile(key, await localFile(bytes), 'application/pdf');
    const got = await store.get(key);
    expect(got?.size).toBe(bytes.length);
    expect((await bytesOf(got!.body)).equals(bytes)).toBe(true);
  }, 60_000);

  it('answers the check', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('an S3 bucket that is missing or away', () => {
  it('a missing bucket fails the check as storage unavailable', async () => {
    await expect(s3.store({ bucket: 'no-such-bucket' }).check()).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe.each(backends)('files on S3 ($name)', (backend) => {
  let h: Harness;
  let token: string;
  const store = () => s3.store();
  beforeAll(async () => {
    await s3.start();
    h = await openHarness(backend, { objects: s3.store() });
  }, 60_000);
  afterAll(() => h?.close());
  beforeEach(async () => {
    await s3.start();
    token = await h.reset();
    // An empty bucket for each test, like the disk after reset().
    for (const prefix of ['files', 'thumbs', 'versions']) {
      for await (const { key } of store().list(prefix)) await store().remove(key);
    }
  });

  const upload = (name: string, data: Buffer | string, type?: string) => h.app.inject(uploadRequest(token, name, data, type));
  const fileRows = async () => (await h.db.query<{ id: string }>('SELECT id FROM files')).rows;
  const health = async () => (await h.app.inject({ url: '/api/health' })).json<Health>();

  it('stores an upload and its thumbnail in the bucket, not on the disk, and streams them back with the same headers', async () => {
    const png = await fixtures.png(800, 600);
    const res = await upload('photo.png', png, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<{ file: StoredFile }>().file;
    const inBucket = await store().get(`files/${file.id}`);
    expect((await bytesOf(inBucket!.body)).equals(png)).toBe(true);
    expect(await store().get(`thumbs/${file.id}.webp`)).toBeDefined();

    const content = await h.app.inject({ url: `/api/files/${file.id}/content` });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(png)).toBe(true);
    expect(content.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': expect.stringMatching(/^inline; filename="photo.png"/),
    });
    expect(content.headers['content-security-policy']).toContain('sandbox');
    const thumb = await h.app.inject({ url: `/api/files/${file.id}/thumbnail` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('keeps the objects of a file in the trash; deleting it forever removes the row, then the objects', async () => {
    const file = (await upload('photo.png', await fixtures.png(), 'image/png')).json<{ file: StoredFile }>().file;
    const res = await h.app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(await store().get(`files/${file.id}`)).toBeDefined();
    expect(await store().get(`thumbs/${file.id}.webp`)).toBeDefined();
    const purged = await h.app.inject({ method: 'DELETE', url: `/api/files/${file.id}/forever`, headers: auth(token) });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(await fileRows()).toEqual([]);
    expect(await store().get(`files/${file.id}`)).toBeUndefined();
    expect(await store().get(`thumbs/${file.id}.webp`)).toBeUndefined();
  });

  it('replaces a file in place in the bucket: same key, the new bytes, the old thumbnail gone when the new has none', async () => {
    const file = (await upload('photo.png', await fixtures.png(), 'image/png')).json<{ file: StoredFile }>().file;
    const pdf = fixtures.pdf(700);
    const body = multipartBody([{ name: 'file', filename: 'report.pdf', contentType: 'application/pdf', data: pdf }]);
    const res = await h.app.inject({
      method: 'PUT',
      url: `/api/files/${file.id}/content`,
      payload: body.payload,
      headers: { ...body.headers, ...auth(token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await bytesOf((await store().get(`files/${file.id}`))!.body)).equals(pdf)).toBe(true);
    const replaced = res.json<{ file: StoredFile }>().file;
    if (replaced.thumbnailUrl === undefined) expect(await store().get(`thumbs/${file.id}.webp`)).toBeUndefined();
    const content = await h.app.inject({ url: file.url });
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.rawPayload.equals(pdf)).toBe(true);
  });

  it('keeps the replaced bytes as a version in the bucket, serves and restores it, and purges it with the file', async () => {
    const png = await fixtures.png();
    const file = (await upload('photo.png', png, 'image/png')).json<{ file: StoredFile }>().file;
    const pdf = fixtures.pdf(710);
    const body = multipartBody([{ name: 'file', filename: 'report.pdf', contentType: 'application/pdf', data: pdf }]);
    const replaced = await h.app.inject({ method: 'PUT', url: `/api/files/${file.id}/content`, payload: body.payload, headers: { ...body.headers, ...auth(token) } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const versions = (await h.app.inject({ url: `/api/files/${file.id}/versions`, headers: auth(token) })).json<{ data: { id: string; url: string }[] }>().data;
    expect(versions).toHaveLength(1);
    expect((await bytesOf((await store().get(`versions/${versions[0]!.id}`))!.body)).equals(png)).toBe(true);
    const download = await h.app.inject({ url: versions[0]!.url, headers: auth(token) });
    expect(download.rawPayload.equals(png)).toBe(true);
    const restored = await h.app.inject({ method: 'POST', url: `/api/files/${file.id}/versions/1/restore`, headers: auth(token) });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await bytesOf((await store().get(`files/${file.id}`))!.body)).equals(png)).toBe(true);
    const after = (await h.app.inject({ url: `/api/files/${file.id}/versions`, headers: auth(token) })).json<{ data: { id: string }[] }>().data;
    expect(after).toHaveLength(2);
    await h.app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: auth(token) });
    expect((await h.app.inject({ method: 'DELETE', url: `/api/files/${file.id}/forever`, headers: auth(token) })).statusCode).toBe(200);
    for (const version of after) expect(await store().get(`versions/${version.id}`)).toBeUndefined();
  });

  it('sweeps objects that have no row, and keeps those that have one', async () => {
    const file = (await upload('photo.png', await fixtures.png(), 'image/png')).json<{ file: StoredFile }>().file;
    const orphan = 'z'.repeat(26);
    await store().putFile(`files/${orphan}`, await localFile(Buffer.from('left by a crash')), 'application/pdf');
    const storage = new FileStorage(h.dataDir, store());
    expect(await storage.sweep(h.db, 0)).toEqual({ tmp: 0, orphans: 1 });
    expect(await store().get(`files/${orphan}`)).toBeUndefined();
    expect(await store().get(`files/${file.id}`)).toBeDefined();
  });

  it('redirects downloads to a presigned URL that serves the bytes, when asked to', async () => {
    const app = await h.buildApp({ objects: s3.store(), presignedDownloads: true });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const file = (await upload('report.pdf', pdf, 'application/pdf')).json<{ file: StoredFile }>().file;
    const res = await app.inject({ url: `/api/files/${file.id}/content?download=1` });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location!;
    expect(location.startsWith(`${s3.endpoint}/`)).toBe(true);
    expect(location).toContain('X-Amz-Expires=300');
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(pdf)).toBe(true);
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment; filename="report.pdf"/);
  });

  it('reports the backend in /api/health, and a bucket that does not answer', async () => {
    expect((await health()).storage).toMatchObject({ backend: 's3', reachable: true });
    await s3.stop();
    expect((await health()).storage).toMatchObject({ backend: 's3', reachable: false });
  }, 30_000);

  it('answers 503 storage_unavailable for a download while the bucket is away; the file is served again once it is back', async () => {
    const png = await fixtures.png();
    const file = (await upload('photo.png', png, 'image/png')).json<{ file: StoredFile }>().file;
    await s3.stop();
    const away = await h.app.inject({ url: `/api/files/${file.id}/content` });
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual({ success: false, code: 'storage_unavailable', message: serverMessages.storageUnavailable });
    expect(await fileRows()).toEqual([{ id: file.id }]);
    await s3.start();
    const back = await h.app.inject({ url: `/api/files/${file.id}/content` });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(png)).toBe(true);
  }, 60_000);

  it('answers 503 storage_unavailable for an upload while the bucket is away, and stores no row', async () => {
    await s3.stop();
    const res = await upload('photo.png', await fixtures.png(), 'image/png');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, code: 'storage_unavailable', message: serverMessages.storageUnavailable });
    expect(await fileRows()).toEqual([]);
    expect(await readFile(path.join(h.dataDir, 'tmp')).catch(() => null)).toBeNull();
  }, 60_000);
});
