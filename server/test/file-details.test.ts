// A file's details (alt text, caption, credit, focal point) and its images made to measure:
// sizes from a fixed set, crops around the focal point, formats chosen from Accept, each made
// once and kept, never served stale, gone with the file. Each refusal is checked for its exact
// message and for changing nothing.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { serverMessages, type StoredFile } from '../../src/contract/index.ts';
import { libraryImageIds, responsiveImages } from '../files/operations.ts';
import { auth, backends, fixtures, multipartBody, uploadOk as uploadFile, useHarness } from './helpers.ts';

/** A 1200 × 800 photo: red on its left half, blue on its right. */
const halves = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: 600, height: 800, channels: 3, background: '#0000ff' } }, left: 600, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();

/** The colour at the middle of an image: 'red' or 'blue'. */
async function middle(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return data[at]! > data[at + 2]! ? 'red' : 'blue';
}

describe('library images made responsive in the public HTML', () => {
  const id = '01kxyzabcdefghjkmnpqrstvwx';
  const sizes = new Map([[id, { width: 1000, height: 500 }]]);

  it('adds srcset up to the image\'s own width, sizes, width and height; leaves other images and quoted > alone', () => {
    const html = `<p>x</p><img alt="a > b" src="/api/files/${id}/content"><img src="https://elsewhere.example/a.jpg">`;
    expect(libraryImageIds(html)).toEqual([id]);
    expect(responsiveImages(html, sizes)).toBe(
      `<p>x</p><img alt="a > b" src="/api/files/${id}/content" srcset="` +
        [160, 320, 480, 640, 960].map((w) => `/api/files/${id}/content?w=${w}&amp;format=auto ${w}w`).join(', ') +
        `, /api/files/${id}/content?w=1280&amp;format=auto 1000w" sizes="(max-width: 800px) 100vw, 800px" width="1000" height="500">` +
        '<img src="https://elsewhere.example/a.jpg">',
    );
  });

  it('keeps the origin of an absolute address, the HTML\'s own width and height, and a srcset already there', () => {
    const absolute = `<img src="https://cms.example/api/files/${id}/content" width="300">`;
    expect(responsiveImages(absolute, sizes)).toContain(`srcset="https://cms.example/api/files/${id}/content?w=160&amp;format=auto 160w`);
    expect(responsiveImages(absolute, sizes)).not.toContain('height=');
    const own = `<img src="/api/files/${id}/content" srcset="/x.jpg 2x">`;
    expect(responsiveImages(own, sizes)).toBe(own);
    const unknown = `<img src="/api/files/${'z'.repeat(26)}/content">`;
    expect(responsiveImages(unknown, sizes)).toBe(unknown);
  });
});

describe.each(backends)('file details and images made to measure ($name)', (backend) => {
  const ctx = useHarness(backend);

  const uploadOk = (name: string, data: Buffer) => uploadFile(ctx, name, data);
  const get = (url: string, headers: Record<string, string> = {}) => ctx.h.app.inject({ method: 'GET', url, headers });
  const row = async (id: string) =>
    (await ctx.h.db.query('SELECT alt, caption, credit, focal_x, focal_y, width, height, last_modified FROM files WHERE id = $1', [id])).rows[0];
  const derivatives = async (id: string) => (await readdir(path.join(ctx.h.dataDir, 'derivs', id)).catch(() => [] as string[])).sort();

  it('keeps what a file says about itself, its size in pixels, and says so in the activity', async () => {
    const photo = await uploadOk('harbour.jpg', await halves());
    expect(photo).toMatchObject({ alt: '', caption: '', credit: '', focalPoint: null, width: 1200, height: 800 });
    const pdf = await uploadOk('report.pdf', fixtures.pdf());
    expect(pdf).toMatchObject({ width: null, height: null });

    const saved = await ctx.api('PATCH', `/api/files/${photo.id}`, { alt: 'Boats in the harbour at dawn', credit: 'Ana Ruiz', focalPoint: { x: 0.9, y: 0.5 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: serverMessages.fileDetailsSaved,
      file: { id: photo.id, alt: 'Boats in the harbour at dawn', caption: '', credit: 'Ana Ruiz', focalPoint: { x: 0.9, y: 0.5 } },
    });
    // Only what is sent changes; '' and null clear.
    const cleared = await ctx.api('PATCH', `/api/files/${photo.id}`, { credit: '', focalPoint: null });
    expect(cleared.json<{ file: StoredFile }>().file).toMatchObject({ alt: 'Boats in the harbour at dawn', credit: '', focalPoint: null });
    const listed = (await ctx.api('GET', '/api/files')).json<{ data: StoredFile[] }>().data.find((f) => f.id === photo.id);
    expect(listed).toMatchObject({ alt: 'Boats in the harbour at dawn', width: 1200, height: 800 });
    const entries = (await ctx.h.db.query<{ kind: string; message: string }>("SELECT kind, message FROM activity WHERE kind = 'file.details' ORDER BY id")).rows;
    expect(entries.map((e) => e.message)).toEqual(['File "harbour.jpg": alt text, credit, focal point saved', 'File "harbour.jpg": credit, focal point saved']);
  });

  it('refuses bad details with the rule broken, and changes nothing', async () => {
    const photo = await uploadOk('harbour.jpg', await halves());
    await ctx.api('PATCH', `/api/files/${photo.id}`, { alt: 'Boats', focalPoint: { x: 0.25, y: 0.75 } });
    const before = await row(photo.id);
    const refusals: [unknown, string][] = [
      [{ alt: 'a'.repeat(1001) }, `Invalid body field "alt": ${serverMessages.fileAltTooLong}`],
      [{ caption: 'c'.repeat(2001) }, `Invalid body field "caption": ${serverMessages.fileCaptionTooLong}`],
      [{ credit: 'c'.repeat(301) }, `Invalid body field "credit": ${serverMessages.fileCreditTooLong}`],
      [{ focalPoint: { x: 1.5, y: 0.5 } }, `Invalid body field "focalPoint.x": ${serverMessages.focalPointOutside}`],
      [{ focalPoint: { x: 0.5, y: -0.1 } }, `Invalid body field "focalPoint.y": ${serverMessages.focalPointOutside}`],
      [{}, `Invalid body: ${serverMessages.fileUpdateEmpty}`],
    ];
    for (const [body, message] of refusals) {
      const res = await ctx.api('PATCH', `/api/files/${photo.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ success: false, code: 'validation_failed', message });
    }
    const unknownField = await ctx.api('PATCH', `/api/files/${photo.id}`, { colour: 'red' });
    expect(unknownField.statusCode).toBe(400);
    expect(await row(photo.id)).toEqual(before);
    const missing = await ctx.api('PATCH', '/api/files/0000000000000000000000none', { alt: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, code: 'not_found', message: serverMessages.fileNotFound });
  });

  it('serves sizes from the set, crops around the focal point, picks the format from Accept, and makes each once', async () => {
    const photo = await uploadOk('harbour.jpg', await halves());
    const url = `/api/files/${photo.id}/content`;

    const webp = await get(`${url}?w=640&format=auto`, { accept: 'image/webp,image/*;q=0.8' });
    expect(webp.statusCode, webp.body).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('Accept');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 427 });
    const avif = await get(`${url}?w=640&format=auto`, { accept: 'image/avif,image/webp,*/*' });
    expect(avif.headers['content-type']).toBe('image/avif');
    const plain = await get(`${url}?w=640&format=auto`, { accept: '*/*' });
    expect(plain.headers['content-type']).toBe('image/jpeg');
    const notAvif = await get(`${url}?w=640&format=auto`, { accept: 'image/avif;q=0, image/webp;q=0.9' });
    expect(notAvif.headers['content-type']).toBe('image/webp');
    // Never larger than the image.
    expect(await sharp((await get(`${url}?w=3840`)).rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });

    // A square crop: the middle by default, the focal point once set.
    const square = `${url}?w=320&h=320&fit=cover&format=png`;
    const centred = await get(square);
    expect(await sharp(centred.rawPayload).metadata()).toMatchObject({ width: 320, height: 320 });
    await ctx.api('PATCH', `/api/files/${photo.id}`, { focalPoint: { x: 0.1, y: 0.5 } });
    expect(await middle((await get(square)).rawPayload)).toBe('red');
    await ctx.api('PATCH', `/api/files/${photo.id}`, { focalPoint: { x: 0.9, y: 0.5 } });
    const right = await get(square);
    expect(await middle(right.rawPayload)).toBe('blue');
    // The crops of the earlier focal points went with them.
    expect((await derivatives(photo.id)).filter((name) => name.includes('cover'))).toHaveLength(1);

    // Kept: asked again, the same bytes under the same ETag, or 304.
    const etag = right.headers.etag as string;
    const again = await get(square);
    expect(again.headers.etag).toBe(etag);
    expect(Buffer.compare(again.rawPayload, right.rawPayload)).toBe(0);
    const notModified = await get(square, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    const kept = (await derivatives(photo.id)).length;
    await Promise.all([1, 2, 3].map(() => get(`${url}?w=480&format=webp`)));
    expect(await derivatives(photo.id)).toHaveLength(kept + 1);

    // New bytes under the same id: a new ETag, the new picture.
    const body = multipartBody([{ name: 'file', filename: 'harbour.png', contentType: 'image/png', data: await fixtures.png(800, 600) }]);
    const replaced = await ctx.h.app.inject({ method: 'PUT', url, payload: body.payload, headers: { ...body.headers, ...auth(ctx.token) } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await get(square);
    expect(after.headers.etag).not.toBe(etag);

    // Gone with the file.
    expect((await ctx.api('DELETE', `/api/files/${photo.id}`)).statusCode).toBe(200);
    expect((await get(square)).statusCode).toBe(404);
    expect((await ctx.api('DELETE', `/api/files/${photo.id}/forever`)).statusCode).toBe(200);
    expect(await derivatives(photo.id)).toEqual([]);
  });

  it('serves a published article whose library images have srcset, sizes, width and height', async () => {
    const photo = await uploadOk('harbour.jpg', await halves());
    const created = await ctx.api('POST', '/api/articles', { slug: 'harbour', blogData: `<p>The harbour.</p><img src="/api/files/${photo.id}/content" alt="Boats">` });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    expect((await ctx.api('PATCH', `/api/articles/${id}/publish`)).statusCode).toBe(200);
    const shown = await get('/api/public/articles/harbour');
    const html = shown.json<{ data: { blogData: string } }>().data.blogData;
    expect(html).toContain(`srcset="/api/files/${photo.id}/content?w=160&amp;format=auto 160w,`);
    expect(html).toContain(`/api/files/${photo.id}/content?w=1280&amp;format=auto 1200w"`);
    expect(html).toContain('width="1200" height="800"');
    // Each candidate is served: a WebP to a browser that takes one.
    const candidate = await get(`/api/files/${photo.id}/content?w=640&format=auto`, { accept: 'image/webp' });
    expect(candidate.headers['content-type']).toBe('image/webp');
  });

  it('refuses sizes outside the set, unknown formats and files that are not raster images, storing nothing', async () => {
    const photo = await uploadOk('harbour.jpg', await halves());
    const pdf = await uploadOk('report.pdf', fixtures.pdf());
    const size = `Invalid querystring field "w": ${serverMessages.imageSizeNotOffered}`;
    const refusals: [string, string][] = [
      ['w=0', size],
      ['w=-320', size],
      ['w=100000', size],
      ['w=500', size],
      ['w=wide', size],
      ['h=401', `Invalid querystring field "h": ${serverMessages.imageSizeNotOffered}`],
      ['w=320&format=gif', `Invalid querystring field "format": ${serverMessages.imageFormatNotOffered}`],
      ['w=320&format=svg', `Invalid querystring field "format": ${serverMessages.imageFormatNotOffered}`],
      ['w=320&fit=stretch', 'Invalid querystring field "fit": Invalid option: expected one of "cover"|"contain"'],
    ];
    for (const [query, message] of refusals) {
      const res = await get(`/api/files/${photo.id}/content?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ success: false, code: 'validation_failed', message });
    }
    const notRaster = await get(`/api/files/${pdf.id}/content?w=320`);
    expect(notRaster.statusCode).toBe(400);
    expect(notRaster.json()).toEqual({ success: false, code: 'not_resizable', message: serverMessages.notResizable });
    expect(await derivatives(photo.id)).toEqual([]);
    expect(await derivatives(pdf.id)).toEqual([]);
  });
});
