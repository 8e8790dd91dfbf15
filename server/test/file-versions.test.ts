/**
 * Earlier versions of files: "Replace…" keeps the bytes it replaces; a version is listed,
 * downloaded and restored (the current bytes becoming a version in turn); refusals change
 * nothing; purging a file purges its versions; the retention sweep and the cap; orphans swept.
 */
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileVersionListSchema, serverMessages, uploadResultSchema, type FileVersion } from '../../src/contract/index.ts';
import { FileStorage } from '../files/storage.ts';
import { sweepFileVersions } from '../history/sweep.ts';
import { sweepFileTrash } from '../files/operations.ts';
import { auth, backends, fixtures, multipartBody, uploadRequest, useHarness } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)('file versions ($name)', (backend) => {
  const ctx = useHarness(backend);

  const upload = async (name: string, data: Buffer | string) => {
    const res = await ctx.h.app.inject(uploadRequest(ctx.token, name, data));
    expect(res.statusCode, res.body).toBe(201);
    return uploadResultSchema.parse(res.json()).file!;
  };
  const replace = (id: string, name: string, data: Buffer | string, app = ctx.h.app) => {
    const body = multipartBody([{ name: 'file', filename: name, contentType: 'application/octet-stream', data }]);
    return app.inject({ method: 'PUT', url: `/api/files/${id}/content`, payload: body.payload, headers: { ...body.headers, ...auth(ctx.token) } });
  };
  const versions = async (id: string): Promise<FileVersion[]> => {
    const res = await ctx.api('GET', `/api/files/${id}/versions`);
    expect(res.statusCode, res.body).toBe(200);
    return fileVersionListSchema.parse(res.json()).data;
  };
  const restore = (id: string, v: number) => ctx.api('POST', `/api/files/${id}/versions/${v}/restore`);
  const content = async (id: string) => (await ctx.api('GET', `/api/files/${id}/content`)).rawPayload;
  const versionObjects = async () => (await readdir(path.join(ctx.h.dataDir, 'versions'))).sort();

  it('keeps the bytes a replacement replaces, lists and serves them, and restores them, the current bytes kept in turn', async () => {
    const first = await fixtures.png(80, 60);
    const file = await upload('logo.png', first);
    const second = fixtures.pdf(900);
    expect((await replace(file.id, 'logo.pdf', second)).statusCode).toBe(200);
    const third = await fixtures.jpeg();
    expect((await replace(file.id, 'logo.jpg', third)).statusCode).toBe(200);

    const listed = await versions(file.id);
    expect(listed.map((v) => [v.number, v.name, v.size, v.type, v.mimeType, v.replacedBy])).toEqual([
      [2, 'logo.pdf', second.length, 'pdf', 'application/pdf', 'admin@example.com'],
      [1, 'logo.png', first.length, 'image', 'image/png', 'admin@example.com'],
    ]);
    expect(listed[1]!.uploadedAt).toBe(file.lastModified);
    expect(listed[1]!.url).toBe(`/api/files/${file.id}/versions/1/content`);
    const download = await ctx.api('GET', listed[1]!.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(first);
    expect(download.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': expect.stringMatching(/^attachment; filename="logo.png"/),
    });
    // History is not published media: a version needs a session.
    expect((await ctx.h.app.inject({ url: listed[1]!.url })).statusCode).toBe(401);

    const res = await restore(file.id, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: serverMessages.fileVersionRestored,
      file: { id: file.id, url: file.url, name: 'logo.png', size: first.length, mimeType: 'image/png', uploadedAt: file.uploadedAt },
    });
    expect(res.json().file.thumbnailUrl).toBe(`/api/files/${file.id}/thumbnail`);
    expect(await content(file.id)).toEqual(first);
    expect((await versions(file.id)).map((v) => [v.number, v.name])).toEqual([
      [3, 'logo.jpg'],
      [2, 'logo.pdf'],
      [1, 'logo.png'],
    ]);
    const activity = await ctx.h.db.query<{ message: string }>("SELECT message FROM activity WHERE kind = 'file.replaced' ORDER BY id DESC LIMIT 1");
    expect(activity.rows[0]!.message).toBe('File "logo.jpg" restored to version 1');
    expect(await versionObjects()).toHaveLength(3);
    // The same bytes again keep no version (only the name changes).
    expect((await replace(file.id, 'renamed.png', first)).statusCode).toBe(200);
    expect(await versions(file.id)).toHaveLength(3);
  });

  it('refuses a restore whose bytes another file has now, an unknown version, a file in the trash: nothing changes', async () => {
    const pdf = fixtures.pdf(800);
    const file = await upload('a.pdf', pdf);
    await replace(file.id, 'b.pdf', fixtures.pdf(810));
    // Another file took the first bytes meanwhile: kept once, so the restore is refused.
    const other = await upload('copy.pdf', pdf);
    const before = { versions: await versions(file.id), bytes: await content(file.id), objects: await versionObjects() };
    const cases: [string, number, string, number, string][] = [
      ['bytes another file has', 1, 'file_duplicate', 409, serverMessages.alreadyInLibrary('copy.pdf')],
      ['an unknown version', 9, 'not_found', 404, serverMessages.fileVersionNotFound],
    ];
    for (const [label, v, code, status, message] of cases) {
      const res = await restore(file.id, v);
      expect(res.statusCode, label).toBe(status);
      expect(res.json(), label).toEqual({ success: false, code, message });
      expect({ versions: await versions(file.id), bytes: await content(file.id), objects: await versionObjects() }, label).toEqual(before);
    }
    expect((await ctx.api('GET', `/api/files/${file.id}/versions/9/content`)).json()).toEqual({
      success: false,
      code: 'not_found',
      message: serverMessages.fileVersionNotFound,
    });
    await ctx.api('DELETE', `/api/files/${file.id}`);
    for (const url of [`/api/files/${file.id}/versions`, `/api/files/${file.id}/versions/1/content`, '/api/files/nope/versions']) {
      expect((await ctx.api('GET', url)).json(), url).toEqual({ success: false, code: 'not_found', message: serverMessages.fileNotFound });
    }
    expect((await restore(file.id, 1)).statusCode).toBe(404);
    expect(other.id).not.toBe(file.id);
  });

  it('purges the versions with the file: forever, in bulk, and by the trash sweep', async () => {
    const files = [];
    for (let i = 0; i < 3; i++) {
      const file = await upload(`f${i}.pdf`, fixtures.pdf(300 + i));
      await replace(file.id, `f${i}-2.pdf`, fixtures.pdf(400 + i));
      files.push(file);
    }
    expect(await versionObjects()).toHaveLength(3);
    for (const file of files) await ctx.api('DELETE', `/api/files/${file.id}`);
    // Trashed files keep their versions.
    expect(await versionObjects()).toHaveLength(3);
    await ctx.api('DELETE', `/api/files/${files[0]!.id}/forever`);
    expect(await versionObjects()).toHaveLength(2);
    await ctx.api('POST', '/api/files/bulk', { action: 'purge', ids: [files[1]!.id] });
    expect(await versionObjects()).toHaveLength(1);
    await ctx.h.db.query("UPDATE files SET deleted_at = now() - interval '40 days' WHERE id = $1", [files[2]!.id]);
    expect(await sweepFileTrash({ db: ctx.h.db, storage: new FileStorage(ctx.h.dataDir) })).toBe(1);
    expect(await versionObjects()).toEqual([]);
    expect((await ctx.h.db.query('SELECT * FROM file_versions')).rows).toEqual([]);
  });

  it('keeps versions by the retention policy and the cap, rows then bytes; sweeps version bytes without a row', async () => {
    const file = await upload('v.pdf', fixtures.pdf(500));
    for (let i = 1; i <= 4; i++) await replace(file.id, `v${i}.pdf`, fixtures.pdf(500 + i));
    const at = (v: number, daysAgo: number, hour: number) => {
      const day = new Date(Date.now() - daysAgo * DAY);
      day.setUTCHours(hour, 0, 0, 0);
      return ctx.h.db.query('UPDATE file_versions SET replaced_at = $3 WHERE file_id = $1 AND number = $2', [file.id, v, day]);
    };
    // 1 and 2 on one day 40 days ago (2 is that day's last), 3 over a year ago, 4 recent.
    await at(1, 40, 8);
    await at(2, 40, 9);
    await at(3, 400, 9);
    const storage = new FileStorage(ctx.h.dataDir);
    expect(await sweepFileVersions({ db: ctx.h.db, storage }, { keepAllDays: 30, keepDailyDays: 365, max: 200 })).toBe(2);
    expect((await versions(file.id)).map((v) => v.number)).toEqual([4, 2]);
    expect(await versionObjects()).toHaveLength(2);

    // The cap, as the next replacement keeps one more.
    const capped = await ctx.h.buildApp({ retention: { keepAllDays: 30, keepDailyDays: 365, max: 2 } });
    expect((await replace(file.id, 'v5.pdf', fixtures.pdf(600), capped)).statusCode).toBe(200);
    expect((await versions(file.id)).map((v) => v.number)).toEqual([5, 4]);
    expect(await versionObjects()).toHaveLength(2);

    // Bytes of a version whose row never committed (a crash): swept at start once old enough.
    const orphan = path.join(ctx.h.dataDir, 'versions', 'z'.repeat(26));
    await writeFile(orphan, 'left by a crash');
    const longAgo = new Date(Date.now() - 2 * DAY);
    await utimes(orphan, longAgo, longAgo);
    expect(await storage.sweepOrphans(ctx.h.db, 60 * 60 * 1000)).toBe(1);
    expect(await versionObjects()).toHaveLength(2);
    for (const version of await versions(file.id)) {
      expect(await readFile(path.join(ctx.h.dataDir, 'versions', version.id))).toHaveLength(version.size);
    }
  });
});
