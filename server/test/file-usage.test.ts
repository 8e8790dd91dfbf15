// Where each file is used: the index the articles' writes keep (their HTML in every form the
// scraper and the editor write, their social image), GET /api/files/:id/usage, and a delete that
// would break a published article's image refused until confirmed, with nothing changed.
import { describe, expect, it } from 'vitest';
import { serverMessages, type FileUsage } from '../../src/contract/index.ts';
import { libraryFileIds } from '../shared/fileRefs.ts';
import { backends, fixtures, uploadOk as uploadFile, useHarness } from './helpers.ts';

describe('the addresses of library files in an article\'s HTML', () => {
  it('reads content and thumbnail addresses, relative or absolute, with a query, once each; nothing else', () => {
    const a = '01kaaaaaaaaaaaaaaaaaaaaaaa';
    const b = '01kbbbbbbbbbbbbbbbbbbbbbbb';
    const html =
      `<img src="/api/files/${a}/content?w=640&amp;format=auto" srcset="https://cms.example/api/files/${a}/content?w=320 320w">` +
      `<a href="https://cms.example/api/files/${b.toUpperCase()}/thumbnail">x</a><img src="/api/files/${a}/versions/1/content">` +
      `<img src="/api/files/${'c'.repeat(27)}/content">`;
    expect(libraryFileIds(html)).toEqual([a, b]);
    expect(libraryFileIds(null)).toEqual([]);
  });
});

describe.each(backends)('where each file is used ($name)', (backend) => {
  const ctx = useHarness(backend);

  const uploadOk = (name: string, data: Buffer) => uploadFile(ctx, name, data);
  const article = async (title: string, blogData: string, publish = false) => {
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const res = await ctx.api('POST', '/api/articles', { slug, title, blogData });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { id: string } }>().data.id;
    if (publish) expect((await ctx.api('PATCH', `/api/articles/${id}/publish`)).statusCode).toBe(200);
    return id;
  };
  const usage = async (fileId: string) => {
    const res = await ctx.api('GET', `/api/files/${fileId}/usage`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FileUsage>();
  };
  const fileRows = async () => (await ctx.h.db.query('SELECT id, deleted_at FROM files ORDER BY id')).rows;

  it('lists the articles that show or link to a file, published first, and follows their edits', async () => {
    const photo = await uploadOk('harbour.png', await fixtures.png(120, 80));
    const pdf = await uploadOk('report.pdf', fixtures.pdf());
    const draft = await article('draft', `<p><img src="/api/files/${photo.id}/content" alt=""> <a href="/api/files/${pdf.id}/content">Report</a></p>`);
    const published = await article('published', `<p><img src="/api/files/${photo.id}/content?w=640&amp;format=auto" alt="Boats"></p>`, true);
    const social = await article('social', '<p>No image here.</p>');
    expect((await ctx.api('PATCH', `/api/articles/${social}`, { seo: { socialImageId: photo.id } })).statusCode).toBe(200);

    const used = await usage(photo.id);
    expect(used.total).toBe(3);
    expect(used.data[0]).toEqual({ articleId: published, title: 'published', slug: 'published', status: 'published', inTrash: false, places: ['body'] });
    expect(used.data.slice(1).map((u) => [u.articleId, u.places])).toEqual(
      expect.arrayContaining([
        [draft, ['body']],
        [social, ['social']],
      ]),
    );
    expect((await usage(pdf.id)).data.map((u) => u.articleId)).toEqual([draft]);

    // The draft no longer shows the photo; the social image is cleared.
    expect((await ctx.api('PATCH', `/api/articles/${draft}`, { blogData: `<p><a href="/api/files/${pdf.id}/content">Report</a></p>` })).statusCode).toBe(200);
    expect((await ctx.api('PATCH', `/api/articles/${social}`, { seo: { socialImageId: null } })).statusCode).toBe(200);
    expect((await usage(photo.id)).data.map((u) => u.articleId)).toEqual([published]);
    // An article in the trash still uses it (it may come back), and says so; gone for good, it does not.
    expect((await ctx.api('DELETE', `/api/articles/${draft}`)).statusCode).toBe(204);
    expect((await usage(pdf.id)).data).toMatchObject([{ articleId: draft, inTrash: true }]);
    expect((await ctx.api('DELETE', `/api/articles/${draft}/forever`)).statusCode).toBe(204);
    expect(await usage(pdf.id)).toEqual({ data: [], total: 0 });

    const unknown = await ctx.api('GET', '/api/files/0000000000000000000000none/usage');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, code: 'not_found', message: serverMessages.fileNotFound });
  });

  it('refuses to delete a file a published article shows, naming it, unless confirmed; one by one and in bulk', async () => {
    const photo = await uploadOk('harbour.png', await fixtures.png(120, 80));
    const spare = await uploadOk('spare.png', await fixtures.png(60, 40));
    await article('Harbour at dawn', `<p><img src="/api/files/${photo.id}/content" alt="Boats"></p>`, true);
    await article('A draft', `<p><img src="/api/files/${spare.id}/content" alt="Boats"></p>`);
    const before = await fileRows();

    const refused = await ctx.api('DELETE', `/api/files/${photo.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, code: 'file_in_use', message: serverMessages.fileInUse(['Harbour at dawn']) });
    expect(refused.json().message).toBe(
      'A published article shows this file: "Harbour at dawn". Deleting it breaks its image; confirm to delete it anyway.',
    );
    const bulk = await ctx.api('POST', '/api/files/bulk', { action: 'delete', ids: [photo.id, spare.id] });
    expect(bulk.json()).toEqual({
      changed: [spare.id],
      unchanged: [],
      refused: [{ id: photo.id, code: 'file_in_use', message: serverMessages.fileInUse(['Harbour at dawn']) }],
    });
    expect((await fileRows()).find((r) => r.id === photo.id)).toEqual(before.find((r) => r.id === photo.id));

    expect((await ctx.api('DELETE', `/api/files/${photo.id}?confirm=true`)).statusCode).toBe(200);
    expect((await ctx.api('POST', `/api/files/${photo.id}/restore`)).statusCode).toBe(200);
    const confirmed = await ctx.api('POST', '/api/files/bulk', { action: 'delete', ids: [photo.id], confirm: true });
    expect(confirmed.json()).toMatchObject({ changed: [photo.id], refused: [] });
    expect((await ctx.api('DELETE', `/api/files/${photo.id}?confirm=maybe`)).statusCode).toBe(400);
  });
});
