// What the file manager's users asked for: bytes kept once, replacing a file in place, a trash
// (restore, delete forever, the 30-day sweep) and bulk actions. Each refusal is checked for its
// exact answer and for changing nothing: rows, stored bytes, the summary.
import { readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  bulkResultSchema,
  fileListResultSchema,
  fileTrashResultSchema,
  MAX_BULK_IDS,
  MAX_UPLOAD_BYTES,
  serverMessages,
  TRASH_RETENTION_DAYS,
  uploadResultSchema,
  type StoredFile,
} from '../../src/contract/index.ts';
import { sweepFileTrash } from '../files/operations.ts';
import { FileStorage } from '../files/storage.ts';
import { auth, backends, fixtures, multipartBody, storedEntries, uploadRequest, useHarness } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)('file library extras ($name)', (backend) => {
  const ctx = useHarness(backend);

  const upload = (name: string, data: Buffer | string, type?: string) => ctx.h.app.inject(uploadRequest(ctx.token, name, data, type));
  const uploadOk = async (name: string, data: Buffer | string) => {
    const res = await upload(name, data);
    expect(res.statusCode, res.body).toBe(201);
    return uploadResultSchema.parse(res.json()).file!;
  };
  const replace = (id: string, name: string, data: Buffer | string) => {
    const body = multipartBody([{ name: 'file', filename: name, contentType: 'application/octet-stream', data }]);
    return ctx.h.app.inject({ method: 'PUT', url: `/api/files/${id}/content`, payload: body.payload, headers: { ...body.headers, ...auth(ctx.token) } });
  };
  const list = async () => fileListResultSchema.parse((await ctx.api('GET', '/api/files')).json());
  const trash = async (query = '') => {
    const res = await ctx.api('GET', `/api/files/trash${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return fileTrashResultSchema.parse(res.json());
  };
  const remove = async (id: string) => expect((await ctx.api('DELETE', `/api/files/${id}`)).statusCode).toBe(200);
  const bulk = (payload: unknown) => ctx.api('POST', '/api/files/bulk', payload);
  const activity = async () =>
    (await ctx.h.db.query<{ kind: string; message: string }>('SELECT kind, message FROM activity ORDER BY id DESC')).rows;
  const rows = async () =>
    (
      await ctx.h.db.query<{ id: string; name: string; size: string; sha256: string; deleted_at: Date | null; last_modified: Date }>(
        'SELECT id, name, size::text AS size, sha256, deleted_at, last_modified FROM files ORDER BY id',
      )
    ).rows;
  const stored = (id: string) => readFile(path.join(ctx.h.dataDir, 'files', id));
  /** Everything a refused call must leave as it was. */
  const snapshot = async () => ({
    rows: await rows(),
    entries: await storedEntries(ctx.h.dataDir),
    list: await list(),
    trash: await trash(),
    activity: await activity(),
  });

  describe('bytes kept once', () => {
    it('answers the file that has the bytes with 200 and the message; nothing is stored twice', async () => {
      const png = await fixtures.png();
      const first = await uploadOk('photo.png', png);
      const before = await snapshot();
      const again = await upload('photo-copy.png', png, 'image/png');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        success: true,
        file: first,
        message: 'Already in the library as photo.png',
        duplicate: true,
      });
      expect(serverMessages.alreadyInLibrary('photo.png')).toBe('Already in the library as photo.png');
      // No row, no bytes, no activity: nothing happened.
      expect(await snapshot()).toEqual(before);
      expect((await list()).total).toBe(1);
    });

    it('brings the file back from the trash when its bytes are uploaded again, and says so', async () => {
      const pdf = fixtures.pdf(300);
      const first = await uploadOk('contract.pdf', pdf);
      await remove(first.id);
      expect((await ctx.api('GET', first.url)).statusCode).toBe(404);
      const again = await upload('contract-v2.pdf', pdf);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        success: true,
        file: first,
        message: serverMessages.restoredFromTrash('contract.pdf'),
        duplicate: true,
        restored: true,
      });
      expect((await list()).data.map((f) => f.id)).toEqual([first.id]);
      expect((await trash()).total).toBe(0);
      expect((await ctx.api('GET', first.url)).rawPayload).toEqual(pdf);
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [first.id], thumbs: [], tmp: [] });
      expect((await activity())[0]).toEqual({
        kind: 'file.restored',
        message: 'File "contract.pdf" restored from the trash (its bytes were uploaded again)',
      });
    });

    it('stores the same bytes sent twice at once as one file', async () => {
      const png = await fixtures.png(70, 50);
      const answers = await Promise.all([upload('one.png', png), upload('two.png', png)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      const ids = answers.map((r) => uploadResultSchema.parse(r.json()).file!.id);
      expect(ids[0]).toBe(ids[1]);
      expect(await rows()).toHaveLength(1);
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [ids[0]], thumbs: [`${ids[0]}.webp`], tmp: [] });
    });
  });

  describe('replace in place', () => {
    it('keeps the id and URL; name, size, type, thumbnail and last modified follow the new bytes', async () => {
      const png = await fixtures.png(800, 600);
      const file = await uploadOk('hero.png', png);
      const oldThumb = (await ctx.api('GET', file.thumbnailUrl!)).rawPayload;
      const bigger = await fixtures.jpeg();
      const res = await replace(file.id, 'hero.jpg', bigger);
      expect(res.statusCode, res.body).toBe(200);
      const body = uploadResultSchema.parse(res.json());
      expect(body).toMatchObject({ success: true, message: 'File replaced successfully' });
      const replaced = body.file!;
      expect(replaced).toMatchObject({
        id: file.id,
        url: file.url,
        thumbnailUrl: file.thumbnailUrl,
        name: 'hero.jpg',
        size: bigger.length,
        type: 'image',
        mimeType: 'image/jpeg',
        uploadedAt: file.uploadedAt,
      });
      expect(Date.parse(replaced.lastModified)).toBeGreaterThan(Date.parse(file.lastModified));
      const served = await ctx.api('GET', file.url);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload).toEqual(bigger);
      const newThumb = (await ctx.api('GET', file.thumbnailUrl!)).rawPayload;
      expect(newThumb).not.toEqual(oldThumb);
      expect((await sharp(newThumb).metadata()).width).toBe(320);
      expect((await list()).data).toEqual([replaced]);
      expect((await list()).summary).toEqual({ images: 1, pdfs: 0, totalBytes: bigger.length });
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [file.id], thumbs: [`${file.id}.webp`], tmp: [] });
      expect((await activity())[0]).toEqual({ kind: 'file.replaced', message: 'File "hero.png" replaced by "hero.jpg"' });
    });

    it('removes the old thumbnail when the new bytes have none (an SVG)', async () => {
      const file = await uploadOk('icon.png', await fixtures.png());
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h4v4z"/></svg>';
      const res = await replace(file.id, 'icon.svg', svg);
      expect(res.statusCode, res.body).toBe(200);
      const replaced = uploadResultSchema.parse(res.json()).file!;
      expect(replaced).toMatchObject({ id: file.id, type: 'image', mimeType: 'image/svg+xml' });
      expect(replaced.thumbnailUrl).toBeUndefined();
      expect((await ctx.api('GET', `/api/files/${file.id}/thumbnail`)).statusCode).toBe(404);
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [file.id], thumbs: [], tmp: [] });
      expect((await list()).summary).toEqual({ images: 1, pdfs: 0, totalBytes: replaced.size });
    });

    it('takes the bytes it already has (the name may change)', async () => {
      const png = await fixtures.png();
      const file = await uploadOk('a.png', png);
      const res = await replace(file.id, 'b.png', png);
      expect(res.statusCode, res.body).toBe(200);
      expect(uploadResultSchema.parse(res.json()).file).toMatchObject({ id: file.id, name: 'b.png', size: png.length });
    });

    it('refuses what an upload refuses, bytes another file has, a missing or trashed file: the old bytes stay', async () => {
      const png = await fixtures.png();
      const file = await uploadOk('keep.png', png);
      const other = await uploadOk('other.pdf', fixtures.pdf(400));
      const trashed = await uploadOk('gone.pdf', fixtures.pdf(500));
      await remove(trashed.id);
      const before = await snapshot();
      const cases: [string, () => ReturnType<typeof replace>, number, string, string][] = [
        ['a text file', () => replace(file.id, 'notes.png', 'just text\n'), 415, 'file_type_not_allowed', serverMessages.fileTypeNotAllowed],
        ['an empty file', () => replace(file.id, 'empty.png', Buffer.alloc(0)), 400, 'file_empty', serverMessages.fileEmpty],
        ['a truncated PNG', async () => replace(file.id, 'half.png', await fixtures.truncatedPng()), 400, 'image_damaged', serverMessages.imageDamaged],
        ['MAX+1 bytes', () => replace(file.id, 'big.pdf', fixtures.pdf(MAX_UPLOAD_BYTES + 1)), 413, 'file_too_large', serverMessages.fileTooLarge],
        ['the bytes of another file', () => replace(file.id, 'x.pdf', fixtures.pdf(400)), 409, 'file_duplicate', 'Already in the library as other.pdf'],
        ['the bytes of a file in the trash', () => replace(file.id, 'y.pdf', fixtures.pdf(500)), 409, 'file_duplicate', 'Already in the trash as gone.pdf'],
        ['a missing file', () => replace('01m80mg7e2k4y81saapd7rqvrm', 'z.pdf', fixtures.pdf(600)), 404, 'not_found', serverMessages.fileNotFound],
        ['a malformed id', () => replace('nope', 'z.pdf', fixtures.pdf(600)), 404, 'not_found', serverMessages.fileNotFound],
        ['a file in the trash', () => replace(trashed.id, 'z.pdf', fixtures.pdf(600)), 404, 'not_found', serverMessages.fileNotFound],
      ];
      for (const [label, send, status, code, message] of cases) {
        const res = await send();
        expect(res.statusCode, label).toBe(status);
        expect(res.json(), label).toEqual({ success: false, message, code });
        expect(await stored(file.id), label).toEqual(png);
        expect(await snapshot(), label).toEqual(before);
      }
      const notMultipart = await ctx.h.app.inject({
        method: 'PUT',
        url: `/api/files/${file.id}/content`,
        payload: { file: 'x' },
        headers: auth(ctx.token),
      });
      expect(notMultipart.statusCode).toBe(400);
      expect(notMultipart.json().code).toBe('not_multipart');
      expect(await snapshot()).toEqual(before);
      expect(other.id).not.toBe(file.id);
    });
  });

  describe('the trash', () => {
    it('lists deleted files, most recently deleted first, by pages', async () => {
      const files: StoredFile[] = [];
      for (let i = 0; i < 3; i++) files.push(await uploadOk(`f${i}.pdf`, fixtures.pdf(200 + i)));
      const before = Date.now();
      for (const file of files) await remove(file.id);
      const after = Date.now();
      const all = await trash();
      expect(all).toMatchObject({ total: 3, page: 1, limit: 50 });
      expect(all.data.map((f) => f.id)).toEqual([files[2]!.id, files[1]!.id, files[0]!.id]);
      expect(all.data[0]).toEqual({ ...files[2], deletedAt: all.data[0]!.deletedAt });
      expect(Date.parse(all.data[0]!.deletedAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(all.data[0]!.deletedAt)).toBeLessThanOrEqual(after);
      expect((await trash('?limit=2&page=2')).data.map((f) => f.id)).toEqual([files[0]!.id]);
      expect((await list()).total).toBe(0);
      expect((await ctx.api('GET', '/api/files/latest')).json().data).toEqual([]);
      for (const query of ['?page=0', '?limit=500', '?limit=x']) {
        const res = await ctx.api('GET', `/api/files/trash${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
      }
    });

    it('restores a file with its id, URL and bytes; refuses one out of the trash or unknown', async () => {
      const png = await fixtures.png();
      const file = await uploadOk('back.png', png);
      await remove(file.id);
      const res = await ctx.api('POST', `/api/files/${file.id}/restore`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, file, message: 'File restored successfully' });
      expect((await ctx.api('GET', file.url)).rawPayload).toEqual(png);
      expect((await list()).summary).toEqual({ images: 1, pdfs: 0, totalBytes: png.length });
      expect((await activity())[0]).toEqual({ kind: 'file.restored', message: 'File "back.png" restored from the trash' });
      const before = await snapshot();
      for (const id of [file.id, '01m80mg7e2k4y81saapd7rqvrm', 'nope']) {
        const refused = await ctx.api('POST', `/api/files/${id}/restore`);
        expect(refused.statusCode, id).toBe(404);
        expect(refused.json()).toEqual({ success: false, message: serverMessages.fileNotFound, code: 'not_found' });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('deletes for good only from the trash: the row, then the bytes', async () => {
      const file = await uploadOk('live.png', await fixtures.png());
      const before = await snapshot();
      const live = await ctx.api('DELETE', `/api/files/${file.id}/forever`);
      expect(live.statusCode).toBe(409);
      expect(live.json()).toEqual({ success: false, message: 'Only a file in the trash can be deleted forever.', code: 'not_in_trash' });
      expect(await snapshot()).toEqual(before);
      for (const id of ['01m80mg7e2k4y81saapd7rqvrm', 'nope']) {
        const unknown = await ctx.api('DELETE', `/api/files/${id}/forever`);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ success: false, message: serverMessages.fileNotFound, code: 'not_found' });
      }
      await remove(file.id);
      const purged = await ctx.api('DELETE', `/api/files/${file.id}/forever`);
      expect(purged.statusCode).toBe(200);
      expect(purged.json()).toEqual({ success: true, message: 'File deleted forever' });
      expect(await rows()).toEqual([]);
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [], thumbs: [], tmp: [] });
      expect((await trash()).total).toBe(0);
      expect((await activity())[0]).toEqual({ kind: 'file.purged', message: 'File "live.png" deleted for good' });
      // Gone for good: its bytes uploaded again are a new file.
      expect((await upload('live.png', await fixtures.png())).statusCode).toBe(201);
    });

    it(`empties itself after ${TRASH_RETENTION_DAYS} days, at start and by the sweep, rows then bytes`, async () => {
      const old = await uploadOk('old.pdf', fixtures.pdf(210));
      const recent = await uploadOk('recent.png', await fixtures.png());
      const live = await uploadOk('live.pdf', fixtures.pdf(220));
      await remove(old.id);
      await remove(recent.id);
      await ctx.h.db.query(`UPDATE files SET deleted_at = now() - interval '${TRASH_RETENTION_DAYS} days 1 hour' WHERE id = $1`, [old.id]);
      await ctx.h.db.query(`UPDATE files SET deleted_at = now() - interval '${TRASH_RETENTION_DAYS - 1} days' WHERE id = $1`, [recent.id]);
      // The storage sweep keeps a trashed file's bytes, however old.
      const longAgo = new Date(Date.now() - 40 * DAY);
      for (const id of [old.id, recent.id]) await utimes(path.join(ctx.h.dataDir, 'files', id), longAgo, longAgo);
      // Another process starting: its start-up sweeps run.
      await ctx.h.buildApp();
      expect((await rows()).map((r) => r.id).sort()).toEqual([recent.id, live.id].sort());
      expect((await storedEntries(ctx.h.dataDir)).files.sort()).toEqual([recent.id, live.id].sort());
      expect((await trash()).data.map((f) => f.id)).toEqual([recent.id]);
      const purged = (await activity()).filter((a) => a.kind === 'file.purged');
      expect(purged).toEqual([{ kind: 'file.purged', message: 'File "old.pdf" deleted for good from the trash' }]);
      const { rows: actors } = await ctx.h.db.query<{ actor: string | null }>("SELECT actor FROM activity WHERE kind = 'file.purged'");
      expect(actors).toEqual([{ actor: null }]);
      // A day later, the sweep takes the other one.
      expect(await sweepFileTrash({ db: ctx.h.db, storage: new FileStorage(ctx.h.dataDir) }, new Date(Date.now() + 2 * DAY))).toBe(1);
      expect((await rows()).map((r) => r.id)).toEqual([live.id]);
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [live.id], thumbs: [], tmp: [] });
    });
  });

  describe('bulk actions', () => {
    async function seed() {
      const a = await uploadOk('a.pdf', fixtures.pdf(201));
      const b = await uploadOk('b.pdf', fixtures.pdf(202));
      const c = await uploadOk('c.png', await fixtures.png());
      await remove(c.id);
      return { a, b, c };
    }

    it('deletes, restores and purges in one request: changed, unchanged and refused, in the order asked', async () => {
      const { a, b, c } = await seed();
      const unknown = '01m80mg7e2k4y81saapd7rqvrm';
      const deleted = await bulk({ action: 'delete', ids: [unknown, b.id, c.id, a.id, b.id] });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(bulkResultSchema.parse(deleted.json())).toEqual({
        changed: [b.id, a.id],
        unchanged: [c.id],
        refused: [{ id: unknown, code: 'not_found', message: serverMessages.fileNotFound }],
      });
      expect((await list()).total).toBe(0);
      expect((await trash()).total).toBe(3);
      expect(await storedEntries(ctx.h.dataDir)).toMatchObject({ files: [a.id, b.id, c.id].sort() });

      const restored = bulkResultSchema.parse((await bulk({ action: 'restore', ids: [a.id, 'nope'] })).json());
      expect(restored).toEqual({ changed: [a.id], unchanged: [], refused: [{ id: 'nope', code: 'not_found', message: serverMessages.fileNotFound }] });
      const again = bulkResultSchema.parse((await bulk({ action: 'restore', ids: [a.id] })).json());
      expect(again).toEqual({ changed: [], unchanged: [a.id], refused: [] });

      const purged = bulkResultSchema.parse((await bulk({ action: 'purge', ids: [a.id, b.id, c.id] })).json());
      expect(purged).toEqual({
        changed: [b.id, c.id],
        unchanged: [],
        refused: [{ id: a.id, code: 'not_in_trash', message: serverMessages.fileNotInTrash }],
      });
      expect((await rows()).map((r) => r.id)).toEqual([a.id]);
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [a.id], thumbs: [], tmp: [] });
      expect((await list()).data.map((f) => f.id)).toEqual([a.id]);
      const kinds = (await activity()).map((e) => e.kind);
      expect(kinds.slice(0, 5)).toEqual(['file.purged', 'file.purged', 'file.restored', 'file.deleted', 'file.deleted']);
      expect((await activity()).filter((e) => e.kind === 'file.purged').map((e) => e.message).sort()).toEqual([
        'File "b.pdf" deleted for good',
        'File "c.png" deleted for good',
      ]);
    });

    it('refuses the purge of a live file, changing nothing', async () => {
      const { a } = await seed();
      const before = await snapshot();
      const res = await bulk({ action: 'purge', ids: [a.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        changed: [],
        unchanged: [],
        refused: [{ id: a.id, code: 'not_in_trash', message: 'Only a file in the trash can be deleted forever.' }],
      });
      expect(await snapshot()).toEqual(before);
    });

    it(`refuses more than ${MAX_BULK_IDS} ids, no ids, an unknown action or extra fields with 400, changing nothing`, async () => {
      const { a } = await seed();
      const before = await snapshot();
      const tooMany = await bulk({ action: 'delete', ids: Array.from({ length: MAX_BULK_IDS + 1 }, () => a.id) });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: 'Invalid body field "ids": Select at most 500 files at a time.',
      });
      const unknownAction = await bulk({ action: 'archive', ids: [a.id] });
      expect(unknownAction.statusCode).toBe(400);
      expect(unknownAction.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: 'Invalid body field "action": Invalid option: expected one of "delete"|"restore"|"purge"|"move"',
      });
      for (const payload of [{ action: 'delete', ids: [] }, { action: 'delete', ids: [a.id], force: true }, { ids: [a.id] }, { action: 'delete' }]) {
        const res = await bulk(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
      }
      expect(await snapshot()).toEqual(before);
    });

    it(`takes ${MAX_BULK_IDS} ids at once`, async () => {
      await ctx.h.db.query(
        `INSERT INTO files (id, name, stored_name, size, type, mime_type, uploaded_at, last_modified)
         SELECT lpad(to_hex(i), 26, '0'), 'bulk-' || i || '.pdf', lpad(to_hex(i), 26, '0'), 10, 'pdf', 'application/pdf', now(), now()
           FROM generate_series(1, ${MAX_BULK_IDS}) AS i`,
      );
      const ids = Array.from({ length: MAX_BULK_IDS }, (_, i) => (i + 1).toString(16).padStart(26, '0'));
      const res = await bulk({ action: 'delete', ids });
      expect(res.statusCode, res.body).toBe(200);
      expect(bulkResultSchema.parse(res.json()).changed).toHaveLength(MAX_BULK_IDS);
      expect((await list()).summary).toEqual({ images: 0, pdfs: 0, totalBytes: 0 });
      expect((await trash()).total).toBe(MAX_BULK_IDS);
    });
  });
});
