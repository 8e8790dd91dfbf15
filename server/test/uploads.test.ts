/**
 * Resumable uploads (src/contract/uploads.ts) over real HTTP: the tus protocol's calls, a
 * connection dropped in the middle of the bytes and the upload going on from what the server
 * kept, the last bytes answered as POST /files answers (into its folder, deduplicated), and every
 * refusal in the API's words with nothing kept.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileListResultSchema, folderMessages, OPERATIONS, roleMessages, serverMessages, uploadResultSchema, whoMay } from '../../src/contract/index.ts';
import { uploadMessages } from '../../src/contract/uploads.ts';
import { createSession } from '../accounts/auth.ts';
import { createAccount } from '../accounts/operations.ts';
import { backends, fixtures, TEST_HASHING, useHarness } from './helpers.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe.each(backends)('resumable uploads ($name)', (backend) => {
  const ctx = useHarness(backend, { maxUploadBytes: 2 * 1024 * 1024 });
  let base: string;
  beforeAll(async () => {
    await ctx.h.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.h.app.server.close());

  const tus = (method: string, url: string, headers: Record<string, string> = {}, body?: Buffer, token = ctx.token) =>
    fetch(`${base}${url}`, {
      method,
      headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, ...headers },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  const create = (size: number, metadata: Record<string, string>, token?: string) =>
    tus('POST', '/api/uploads', {
      'Upload-Length': String(size),
      'Upload-Metadata': Object.entries(metadata).map(([key, value]) => `${key} ${b64(value)}`).join(','),
    }, undefined, token);
  const send = (location: string, offset: number, bytes: Buffer) =>
    tus('PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, bytes);
  const offsetOf = async (location: string) => Number((await tus('HEAD', location)).headers.get('upload-offset'));
  const kept = async () => (await readdir(path.join(ctx.h.dataDir, 'uploads'))).sort();
  const library = async () => fileListResultSchema.parse((await ctx.api('GET', '/api/files')).json()).data.map((file) => file.name);

  /** A PATCH whose connection drops after `bytes` went out (the rest of the announced body never comes). */
  const dropAfter = (location: string, offset: number, bytes: Buffer, announced: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          authorization: `Bearer ${ctx.token}`,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(announced),
        },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      request.write(bytes, () => setImmediate(() => request.destroy()));
    });

  it('goes on after a dropped connection from what the server kept, and lands in the library in its folder', async () => {
    const folder = (await ctx.api('POST', '/api/folders', { name: 'Harbour' })).json<{ folder: { id: string } }>().folder.id;
    const photo = await fixtures.png(900, 600);
    const created = await create(photo.length, { filename: 'harbour at dawn.png', filetype: 'image/png', folder });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

    const half = Math.floor(photo.length / 2);
    const first = await send(location, 0, photo.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    // The connection drops in the middle of the rest: the server keeps what reached it.
    await dropAfter(location, half, photo.subarray(half, half + 1000), photo.length - half);
    const offset = await offsetOf(location);
    expect(offset).toBeGreaterThanOrEqual(half);
    expect(offset).toBeLessThan(photo.length);
    expect(await library()).toEqual([]);

    const last = await send(location, offset, photo.subarray(offset));
    expect(last.status).toBe(201);
    const answer = uploadResultSchema.parse(await last.json());
    expect(answer).toMatchObject({ success: true, message: serverMessages.fileUploaded, file: { name: 'harbour at dawn.png', folderId: folder, width: 900, height: 600, size: photo.length } });
    expect(answer.file!.url).toBe(`/api/files/${answer.file!.id}/content`);
    expect(Buffer.from(await (await fetch(`${base}${answer.file!.url}`)).arrayBuffer()).equals(photo)).toBe(true);
    // The upload's bytes are gone; asking after it says so.
    expect(await kept()).toEqual([]);
    const gone = await tus('HEAD', location);
    expect(gone.status).toBe(404);

    // The same bytes again: the file that has them, as POST /files answers.
    const again = await create(photo.length, { filename: 'copy.png' });
    const repeated = await send(again.headers.get('location')!, 0, photo);
    expect(repeated.status).toBe(200);
    expect(uploadResultSchema.parse(await repeated.json())).toMatchObject({ duplicate: true, message: serverMessages.alreadyInLibrary('harbour at dawn.png') });
    expect(await library()).toEqual(['harbour at dawn.png']);
  });

  it('refuses what an upload refuses, in the API\'s words, and keeps nothing', async () => {
    const error = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
    expect(await error(await create(3 * 1024 * 1024, { filename: 'huge.png' }))).toEqual({
      status: 413,
      body: { success: false, code: 'file_too_large', message: 'File size too large. Maximum size is 2MB.' },
    });
    expect(await error(await create(100, { filetype: 'image/png' }))).toEqual({
      status: 400,
      body: { success: false, code: 'missing_file', message: serverMessages.sendMultipart },
    });
    expect(await error(await create(100, { filename: 'x.png', folder: 'no-such-folder' }))).toEqual({
      status: 422,
      body: { success: false, code: 'folder_target_not_found', message: folderMessages.targetNotFound },
    });
    expect(await kept()).toEqual([]);

    // Bytes the library refuses, found once they are all in: refused as POST /files refuses them.
    const script = Buffer.from('MZ\x90\x00 this is not a picture of anything');
    const created = await create(script.length, { filename: 'photo.png' });
    const refused = await send(created.headers.get('location')!, 0, script);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({ success: false, code: 'file_type_not_allowed', message: serverMessages.fileTypeNotAllowed });
    expect(await kept()).toEqual([]);
    expect(await library()).toEqual([]);
  });

  it('is its account\'s own: another account\'s calls, an unknown id and a viewer are refused; a cancel removes its bytes', async () => {
    const photo = await fixtures.png(40, 30);
    const created = await create(photo.length, { filename: 'mine.png' });
    const location = created.headers.get('location')!;
    const { account } = await createAccount(ctx.h.db, 'other@example.com', TEST_HASHING, null, 'editor');
    await ctx.h.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [account.id]);
    const other = (await createSession(ctx.h.db, account.id)).token;
    const theirs = await tus('PATCH', location, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, photo, other);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ success: false, code: 'upload_not_found', message: uploadMessages.notFound });
    expect((await tus('HEAD', '/api/uploads/0123456789abcdef0123456789abcdef')).status).toBe(404);
    expect(await offsetOf(location)).toBe(0);

    const { account: reader } = await createAccount(ctx.h.db, 'reader@example.com', TEST_HASHING, null, 'viewer');
    await ctx.h.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [reader.id]);
    const viewer = await create(photo.length, { filename: 'x.png' }, (await createSession(ctx.h.db, reader.id)).token);
    expect(viewer.status).toBe(403);
    expect(await viewer.json()).toMatchObject({ code: 'forbidden_role', message: roleMessages.forbidden(OPERATIONS['POST /api/uploads']!.summary, whoMay('createUpload'), 'viewer') });
    expect((await fetch(`${base}/api/uploads`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' } })).status).toBe(401);

    expect((await tus('DELETE', location)).status).toBe(204);
    expect((await tus('HEAD', location)).status).toBe(404);
    expect(await kept()).toEqual([]);
  });
});
