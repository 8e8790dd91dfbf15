import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileListResultSchema, MAX_UPLOAD_BYTES, serverMessages, type StoredFile } from '../../src/contract/index.ts';
import { auth, backends, fixtures, multipartBody, storedEntries, uploadRequest, useHarness } from './helpers.ts';

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

describe.each(backends)('files ($name)', (backend) => {
  const ctx = useHarness(backend);

  const upload = (name: string, data: Buffer | string, type?: string) => ctx.h.app.inject(uploadRequest(ctx.token, name, data, type));
  const uploadOk = async (name: string, data: Buffer | string, type?: string) => {
    const res = await upload(name, data, type);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ file: StoredFile }>().file;
  };
  const get = (url: string) => ctx.h.app.inject({ url, headers: auth(ctx.token) });
  const fileRows = async () => (await ctx.h.db.query<{ id: string }>('SELECT id FROM files')).rows;

  /** Bad input changes nothing: no row, no stored file, no thumbnail, no temp file. */
  async function expectNothingStored() {
    expect(await fileRows()).toEqual([]);
    expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [], thumbs: [], tmp: [] });
  }

  describe('upload', () => {
    it('stores a PNG with a thumbnail and answers 201 with the file', async () => {
      const png = await fixtures.png(800, 600);
      const res = await upload('photo.png', png, 'image/png');
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'File uploaded successfully' });
      const file: StoredFile = body.file;
      expect(file).toMatchObject({
        name: 'photo.png',
        size: png.length,
        type: 'image',
        mimeType: 'image/png',
        url: `/api/files/${file.id}/content`,
        thumbnailUrl: `/api/files/${file.id}/thumbnail`,
      });
      expect(file.uploadedAt).toBe(file.lastModified);
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [file.id], thumbs: [`${file.id}.webp`], tmp: [] });
      expect(await readFile(path.join(ctx.h.dataDir, 'files', file.id))).toEqual(png);

      const thumb = await get(file.thumbnailUrl!);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    });

    it.each([
      ['JPEG', 'a.jpg', fixtures.jpeg, 'image/jpeg'],
      ['GIF', 'a.gif', fixtures.gif, 'image/gif'],
    ])('stores a %s with a thumbnail', async (_label, name, make, mimeType) => {
      const file = await uploadOk(name, await make());
      expect(file).toMatchObject({ type: 'image', mimeType });
      expect(file.thumbnailUrl).toBeDefined();
    });

    it('stores a PDF without a thumbnail', async () => {
      const file = await uploadOk('report.pdf', fixtures.pdf(), 'application/pdf');
      expect(file).toMatchObject({ type: 'pdf', mimeType: 'application/pdf', size: fixtures.pdf().length });
      expect(file.thumbnailUrl).toBeUndefined();
      expect((await get(`/api/files/${file.id}/thumbnail`)).statusCode).toBe(404);
    });

    it('decides the type from the bytes: a PNG named and declared as PDF is stored as an image', async () => {
      const file = await uploadOk('invoice.pdf', await fixtures.png(), 'application/pdf');
      expect(file).toMatchObject({ name: 'invoice.pdf', type: 'image', mimeType: 'image/png' });
      expect((await get(file.url)).headers['content-type']).toBe('image/png');
    });

    it('accepts a file of exactly the limit', async () => {
      const file = await uploadOk('max.pdf', fixtures.pdf(MAX_UPLOAD_BYTES));
      expect(file.size).toBe(MAX_UPLOAD_BYTES);
    });

    it('keeps the client name for display only: no path, no control characters', async () => {
      // Different bytes each: the same bytes again would answer the first file (files-extra.test.ts).
      const file = await uploadOk('../../../etc/passwd\u0007\u202e.png', await fixtures.png());
      expect(file.name).toBe('passwd.png');
      const win = await uploadOk('C:\\Users\\me\\..\\secret.png', await fixtures.png(65, 48));
      expect(win.name).toBe('secret.png');
      const dots = await uploadOk('..', fixtures.pdf());
      expect(dots.name).toBe('file');
      const entries = await storedEntries(ctx.h.dataDir);
      expect(entries.files.sort()).toEqual([file.id, win.id, dots.id].sort());
      await expect(readFile(path.join(ctx.h.dataDir, 'etc', 'passwd'))).rejects.toThrow();
    });

    describe('SVG', () => {
      const evil = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" onload="alert(1)">
  <script>alert(2)</script>
  <script xlink:href="https://evil.example/x.js"/>
  <defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
  <rect width="10" height="10" fill="url(#g)" onclick="alert(3)"/>
  <circle r="2" style="fill: url(https://evil.example/paint#x)"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></div></foreignObject>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <image xlink:href="http://evil.example/track2.png" width="1" height="1"/>
  <a href="javascript:alert(4)"><text x="1" y="5">hi</text></a>
  <style>@import url(https://evil.example/s.css); rect { fill: blue }</style>
  <animate attributeName="href" to="javascript:alert(5)"/>
</svg>`;

      it('sanitises scripts, handlers, foreignObject and external references; stored bytes are clean', async () => {
        const file = await uploadOk('logo.svg', evil, 'image/svg+xml');
        expect(file).toMatchObject({ type: 'image', mimeType: 'image/svg+xml' });
        expect(file.thumbnailUrl).toBeUndefined();
        const stored = await readFile(path.join(ctx.h.dataDir, 'files', file.id), 'utf8');
        expect(file.size).toBe(Buffer.byteLength(stored));
        for (const bad of ['<script', 'onload', 'onclick', 'foreignObject', 'iframe', 'evil.example', 'javascript:', '@import', 'alert(']) {
          expect(stored).not.toContain(bad);
        }
        expect(stored).toContain('<rect');
        expect(stored).toContain('fill="url(#g)"');
        expect(stored).toContain('<text');
        // What is served is the stored, sanitised document, still a parseable SVG.
        const served = await get(file.url);
        expect(served.headers['content-type']).toBe('image/svg+xml');
        expect(served.body).toBe(stored);
        const meta = await sharp(Buffer.from(stored)).metadata();
        expect(meta.format).toBe('svg');
      });

      it('accepts a plain SVG without an XML declaration', async () => {
        const file = await uploadOk('icon.svg', `<svg ${SVG_NS} viewBox="0 0 4 4"><path d="M0 0h4v4z"/></svg>`);
        expect(file.mimeType).toBe('image/svg+xml');
      });

      it.each([
        ['malformed XML', `<svg ${SVG_NS}><g></svg>`],
        ['XML that is not SVG', '<?xml version="1.0"?><note><to>x</to></note>'],
        ['SVG without the SVG namespace', '<svg><rect/></svg>'],
        ['HTML', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
        ['an entity bomb', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg ${SVG_NS}><text>&b;</text></svg>`],
      ])('refuses %s as a type not allowed (415)', async (_label, body) => {
        const res = await upload('x.svg', body, 'image/svg+xml');
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({
          success: false,
          message: 'File type not allowed. Please upload images or PDF files only.',
          code: 'file_type_not_allowed',
        });
        await expectNothingStored();
      });
    });
  });

  describe('refused uploads store nothing', () => {
    it.each([
      ['a text file named .png', 'notes.png', () => Buffer.from('just some text, not an image'), 'image/png'],
      ['a ZIP archive', 'a.pdf', () => Buffer.from('504b0304140000000800', 'hex'), 'application/pdf'],
      ['a WebP image', 'a.webp', () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).webp().toBuffer(), 'image/webp'],
      ['an executable', 'a.jpg', () => Buffer.from('7f454c46020101000000000000000000', 'hex'), 'image/jpeg'],
    ])('refuses %s with 415', async (_label, name, make, type) => {
      const res = await upload(name, await make(), type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ success: false, message: serverMessages.fileTypeNotAllowed, code: 'file_type_not_allowed' });
      await expectNothingStored();
    });

    it('refuses a truncated PNG with 400', async () => {
      const res = await upload('broken.png', await fixtures.truncatedPng(), 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: serverMessages.imageDamaged, code: 'image_damaged' });
      await expectNothingStored();
    });

    it('refuses a 15000×15000 PNG of a few KB with 400 (pixel limit), without decoding it', async () => {
      const png = fixtures.hugePng();
      expect(png.length).toBeLessThan(64 * 1024);
      const res = await upload('huge.png', png, 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: serverMessages.imageTooLarge, code: 'image_too_large' });
      await expectNothingStored();
    });

    it('refuses an empty file with 400', async () => {
      const res = await upload('empty.pdf', Buffer.alloc(0), 'application/pdf');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: serverMessages.fileEmpty, code: 'file_empty' });
      await expectNothingStored();
    });

    it('refuses MAX+1 bytes with 413 while streaming', async () => {
      const res = await upload('big.pdf', fixtures.pdf(MAX_UPLOAD_BYTES + 1), 'application/pdf');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        success: false,
        message: 'File size too large. Maximum size is 10MB.',
        code: 'file_too_large',
      });
      await expectNothingStored();
    });

    it('refuses an announced oversize body before reading it', async () => {
      const req = uploadRequest(ctx.token, 'big.pdf', fixtures.pdf(MAX_UPLOAD_BYTES + 200 * 1024));
      const res = await ctx.h.app.inject(req);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(serverMessages.fileTooLarge);
      await expectNothingStored();
    });

    it('applies a configured smaller limit with its own figure', async () => {
      const small = await ctx.h.buildApp({ maxUploadBytes: 1024 * 1024 });
      const res = await small.inject(uploadRequest(ctx.token, 'a.pdf', fixtures.pdf(1024 * 1024 + 1)));
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('File size too large. Maximum size is 1MB.');
      await expectNothingStored();
    });

    it.each([
      ['no part named file', () => multipartBody([{ name: 'upload', filename: 'a.pdf', data: fixtures.pdf() }]), 'missing_file'],
      ['only a text field', () => multipartBody([{ name: 'file', data: 'not a file' }]), 'missing_file'],
      ['an empty multipart body', () => multipartBody([]), 'missing_file'],
    ])('refuses %s with 400', async (_label, make, code) => {
      const body = make();
      const res = await ctx.h.app.inject({
        method: 'POST',
        url: '/api/files',
        payload: body.payload,
        headers: { ...body.headers, ...auth(ctx.token) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code });
      await expectNothingStored();
    });

    it('refuses a body that is not multipart with 400', async () => {
      const res = await ctx.h.app.inject({ method: 'POST', url: '/api/files', headers: auth(ctx.token), payload: { file: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'not_multipart' });
      await expectNothingStored();
    });

    it('refuses a malformed multipart body with 400', async () => {
      const res = await ctx.h.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...auth(ctx.token), 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut here',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      await expectNothingStored();
    });

    it('leaves no row when the file cannot be moved into place (the transaction rolls back)', async () => {
      const filesDir = path.join(ctx.h.dataDir, 'files');
      await rm(filesDir, { recursive: true });
      await writeFile(filesDir, 'not a directory');
      try {
        const res = await upload('a.png', await fixtures.png());
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ success: false, message: 'Internal server error', code: 'internal' });
        expect(await fileRows()).toEqual([]);
        expect(await readFile(filesDir, 'utf8')).toBe('not a directory');
      } finally {
        await rm(filesDir, { force: true });
        await mkdir(filesDir);
      }
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [], thumbs: [], tmp: [] });
      const { rows } = await ctx.h.db.query("SELECT 1 FROM activity WHERE kind = 'file.uploaded'");
      expect(rows).toEqual([]);
    });
  });

  describe('list, latest, serve, delete', () => {
    async function seedLibrary() {
      const a = await uploadOk('Alpha.png', await fixtures.png());
      const b = await uploadOk('beta_report.pdf', fixtures.pdf());
      const c = await uploadOk('gamma 100%.pdf', fixtures.pdf(2048));
      const d = await uploadOk('ALPHA-2.gif', await fixtures.gif());
      return { a, b, c, d };
    }
    const list = async (query = '') => {
      const res = await get(`/api/files${query}`);
      expect(res.statusCode).toBe(200);
      return fileListResultSchema.parse(res.json());
    };

    it('lists newest first with the library summary', async () => {
      const { a, b, c, d } = await seedLibrary();
      const all = await list();
      expect(all.data.map((f) => f.id)).toEqual([d.id, c.id, b.id, a.id]);
      expect(all).toMatchObject({ total: 4, page: 1, limit: 50 });
      expect(all.summary).toEqual({ images: 2, pdfs: 2, totalBytes: a.size + b.size + c.size + d.size });
    });

    it('filters by type, searches names case-insensitively and literally, and pages', async () => {
      const { a, b, c, d } = await seedLibrary();
      const images = await list('?type=image');
      expect(images.data.map((f) => f.id)).toEqual([d.id, a.id]);
      expect(images.total).toBe(2);
      // The summary stays the whole library's.
      expect(images.summary.pdfs).toBe(2);
      expect((await list('?type=pdf')).data.map((f) => f.id)).toEqual([c.id, b.id]);
      expect((await list('?search=alpha')).data.map((f) => f.id)).toEqual([d.id, a.id]);
      expect((await list('?search=ALPHA&type=image')).total).toBe(2);
      expect((await list(`?search=${encodeURIComponent('_')}`)).data.map((f) => f.id)).toEqual([b.id]);
      expect((await list(`?search=${encodeURIComponent('100%')}`)).data.map((f) => f.id)).toEqual([c.id]);
      expect((await list(`?search=${encodeURIComponent('%')}`)).data.map((f) => f.id)).toEqual([c.id]);
      const page2 = await list('?limit=3&page=2');
      expect(page2).toMatchObject({ page: 2, limit: 3, total: 4 });
      expect(page2.data.map((f) => f.id)).toEqual([a.id]);
      expect((await list('?type=all')).total).toBe(4);
    });

    it('counts name-search matches up to 1,000 past the page start, so a client can page through them all', async () => {
      await ctx.h.db.query(
        `INSERT INTO files (id, name, stored_name, size, type, mime_type, uploaded_at, last_modified)
         SELECT lpad(to_hex(i), 26, '0'), 'Invoice-' || i || '.pdf', lpad(to_hex(i), 26, '0'), 1000, 'pdf',
                'application/pdf', now() - i * interval '1 second', now()
           FROM generate_series(1, 1100) AS i`,
      );
      const first = await list('?search=invoice');
      // More than 1,000 from the first page: reported as 1,001, and page × limit < total says "more".
      expect(first).toMatchObject({ total: 1001, page: 1, limit: 50 });
      expect(first.data).toHaveLength(50);
      expect(first.summary).toEqual({ images: 0, pdfs: 1100, totalBytes: 1_100_000 });
      // Exact once the rest fits within 1,000 past the page start.
      expect((await list('?search=invoice&page=21')).total).toBe(1100);
      expect((await list('?search=invoice-10')).total).toBe(111);
      // Past the last page: no rows, the totals still right.
      expect(await list('?search=INVOICE&page=100')).toMatchObject({ data: [], total: 1100, summary: first.summary });
      expect(await list('?page=100')).toMatchObject({ data: [], total: 1100 });
      // Walking the pages as the console does reaches every match.
      let seen = 0;
      for (let page = 1, total = Infinity; (page - 1) * 200 < total; page++) {
        const res = await list(`?search=invoice&limit=200&page=${page}`);
        seen += res.data.length;
        total = res.total;
      }
      expect(seen).toBe(1100);
    });

    it.each(['?type=video', '?page=0', '?limit=500', '?limit=x'])('refuses %s with 400', async (query) => {
      const res = await get(`/api/files${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' });
    });

    it('gives the latest files, 10 by default', async () => {
      // Twelve PDFs of different bytes (their padding differs).
      for (let i = 0; i < 12; i++) await uploadOk(`f${i}.pdf`, fixtures.pdf(200 + i));
      const res = await get('/api/files/latest');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((f: StoredFile) => f.name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `f${11 - i}.pdf`),
      );
      expect((await get('/api/files/latest?count=2')).json().data).toHaveLength(2);
      expect((await get('/api/files/latest?count=0')).statusCode).toBe(400);
    });

    it('serves the bytes inline with nosniff and a restrictive CSP; ?download=1 as an attachment', async () => {
      const png = await fixtures.png();
      const file = await uploadOk('Été photo (1).png', png);
      const res = await get(file.url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(png);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'content-length': String(png.length),
      });
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="_t_ photo (1).png"; filename*=UTF-8''%C3%89t%C3%A9%20photo%20%281%29.png`,
      );
      const download = await get(`${file.url}?download=1`);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="_t_ photo \(1\).png"/);
    });

    it('answers 404 with the file shape for unknown ids and paths', async () => {
      for (const url of [
        '/api/files/01m80mg7e2k4y81saapd7rqvrm/content',
        '/api/files/..%2F..%2Fetc%2Fpasswd/content',
        '/api/files/x/thumbnail',
        '/api/files/x/no/such/path',
      ]) {
        const res = await get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false });
      }
    });

    it('moves a deleted file to the trash: out of the list, summary and URLs, its bytes kept', async () => {
      const file = await uploadOk('a.png', await fixtures.png());
      const res = await ctx.h.app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: auth(ctx.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'File deleted successfully' });
      expect(await storedEntries(ctx.h.dataDir)).toEqual({ files: [file.id], thumbs: [`${file.id}.webp`], tmp: [] });
      expect((await get(file.url)).statusCode).toBe(404);
      expect((await get(file.thumbnailUrl!)).statusCode).toBe(404);
      expect((await list()).data).toEqual([]);
      expect((await list()).summary).toEqual({ images: 0, pdfs: 0, totalBytes: 0 });
      expect((await get('/api/files/trash')).json().data.map((f: StoredFile) => f.id)).toEqual([file.id]);
      const kinds = (await get('/api/activity')).json().data.map((x: { kind: string }) => x.kind);
      expect(kinds).toEqual(['file.deleted', 'file.uploaded']);
    });

    it('answers 404 { success: false, message: "File not found" } for an unknown id', async () => {
      for (const id of ['01m80mg7e2k4y81saapd7rqvrm', 'nope']) {
        const res = await ctx.h.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: auth(ctx.token) });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, message: 'File not found', code: 'not_found' });
      }
    });
  });

  describe('start-up sweep', () => {
    it('removes old upload leftovers and orphan files, keeps fresh ones and stored files', async () => {
      const kept = await uploadOk('kept.png', await fixtures.png());
      const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
      const tmpOld = path.join(ctx.h.dataDir, 'tmp', 'leftover');
      const tmpFresh = path.join(ctx.h.dataDir, 'tmp', 'in-progress');
      const orphan = path.join(ctx.h.dataDir, 'files', '01m80mg7e2k4y81saapd7rqvrm');
      const orphanThumb = path.join(ctx.h.dataDir, 'thumbs', '01m80mg7e2k4y81saapd7rqvrm.webp');
      for (const f of [tmpOld, tmpFresh, orphan, orphanThumb]) await writeFile(f, 'x');
      for (const f of [tmpOld, orphan, orphanThumb, path.join(ctx.h.dataDir, 'files', kept.id)]) await utimes(f, old, old);
      await ctx.h.buildApp();
      expect(await storedEntries(ctx.h.dataDir)).toEqual({
        files: [kept.id],
        thumbs: [`${kept.id}.webp`],
        tmp: ['in-progress'],
      });
    });
  });
});
