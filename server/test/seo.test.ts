/**
 * The SEO fields of an article (src/contract/seo.ts): stored trimmed, refused with a clear
 * message and nothing stored, drafts only, kept in the history and restored with a revision,
 * served by the public API, and never changed without a revision.
 */
import { describe, expect, it } from 'vitest';
import {
  articleSchema,
  revisionListSchema,
  revisionResultSchema,
  seoMessages,
  SEO_MAX,
  uploadResultSchema,
  type Article,
} from '../../src/contract/index.ts';
import { auth, backends, fixtures, uploadRequest, useHarness } from './helpers.ts';

describe.each(backends)('the SEO fields of articles ($name)', (backend) => {
  const ctx = useHarness(backend);

  const create = async (fields: Partial<Article> = {}) => {
    const res = await ctx.api('POST', '/api/articles', { slug: 'tomatoes', title: 'Tomatoes', blogData: '<p>Sun</p>', ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return articleSchema.parse(res.json().data);
  };
  const patchSeo = (id: string, seo: object) =>
    ctx.h.app.inject({ method: 'PATCH', url: `/api/articles/${id}`, headers: auth(ctx.token), payload: { seo } });
  const read = async (id: string) => articleSchema.parse((await ctx.api('GET', `/api/articles/${id}`)).json().data);
  const upload = async (name: string, data: Buffer) => {
    const res = await ctx.h.app.inject(uploadRequest(ctx.token, name, data));
    expect(res.statusCode, res.body).toBeLessThan(300);
    return uploadResultSchema.parse(res.json()).file!;
  };

  // Tests that upload give the image checks (a worker) time on a loaded machine.
  const UPLOADS_MS = 20_000;

  it('stores the four fields trimmed, an empty one as none, and sends them with the article', async () => {
    const article = await create({ scrapedUrl: 'https://garden.example.com/tomatoes' });
    expect(article).toMatchObject({ metaTitle: null, metaDescription: null, canonicalUrl: null, socialImageId: null });
    const image = await upload('cover.png', await fixtures.png());
    const res = await patchSeo(article.id, {
      metaTitle: '  Grow tomatoes on a balcony  ',
      metaDescription: 'Sun, water and patience: a summer of fruit from one pot.',
      canonicalUrl: 'https://garden.example.com/tomatoes',
      socialImageId: image.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = articleSchema.parse(res.json().data);
    expect(saved).toMatchObject({
      metaTitle: 'Grow tomatoes on a balcony',
      metaDescription: 'Sun, water and patience: a summer of fruit from one pot.',
      canonicalUrl: 'https://garden.example.com/tomatoes',
      socialImageId: image.id,
    });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(article.updatedAt));
    expect(await read(article.id)).toEqual(saved);

    // One field at a time; empty clears it, the others stay.
    const cleared = articleSchema.parse((await patchSeo(article.id, { metaTitle: '   ' })).json().data);
    expect(cleared).toMatchObject({ metaTitle: null, canonicalUrl: 'https://garden.example.com/tomatoes', socialImageId: image.id });
    // The same values again: nothing written.
    const same = articleSchema.parse((await patchSeo(article.id, { canonicalUrl: 'https://garden.example.com/tomatoes' })).json().data);
    expect(same.updatedAt).toBe(cleared.updatedAt);
  }, UPLOADS_MS);

  it('refuses bad values with what is wrong, and stores nothing', async () => {
    const article = await create();
    const pdf = await upload('report.pdf', fixtures.pdf());
    const gone = await upload('old.png', await fixtures.png(32, 32));
    expect((await ctx.api('DELETE', `/api/files/${gone.id}`)).statusCode).toBeLessThan(300);
    const cases: [object, string][] = [
      [{ canonicalUrl: 'javascript:alert(1)' }, seoMessages.canonicalNotHttp],
      [{ canonicalUrl: 'ftp://files.example.com/a' }, seoMessages.canonicalNotHttp],
      [{ canonicalUrl: '/relative/path' }, seoMessages.canonicalNotHttp],
      [{ canonicalUrl: `https://example.com/${'a'.repeat(SEO_MAX.canonicalUrl)}` }, seoMessages.canonicalTooLong],
      [{ metaDescription: 'd'.repeat(SEO_MAX.metaDescription + 1) }, seoMessages.metaDescriptionTooLong],
      [{ metaTitle: 't'.repeat(SEO_MAX.metaTitle + 1) }, seoMessages.metaTitleTooLong],
      [{ socialImageId: pdf.id }, seoMessages.socialImageNotImage],
      [{ socialImageId: 'file_unknown' }, seoMessages.socialImageNotImage],
      [{ socialImageId: gone.id }, seoMessages.socialImageNotImage],
      // A good field beside a bad one: neither is stored.
      [{ metaTitle: 'Fine', canonicalUrl: 'mailto:a@example.com' }, seoMessages.canonicalNotHttp],
    ];
    for (const [seo, message] of cases) {
      const res = await patchSeo(article.id, seo);
      expect(res.statusCode, JSON.stringify(seo)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message });
    }
    // Unknown fields and an empty change are refused by the schema.
    expect((await patchSeo(article.id, { keywords: 'a' })).statusCode).toBe(400);
    expect((await patchSeo(article.id, {})).statusCode).toBe(400);
    expect(await read(article.id)).toEqual(article);
  }, UPLOADS_MS);

  it('is a draft edit: a published article refuses it', async () => {
    const article = await create();
    expect((await ctx.api('PATCH', `/api/articles/${article.id}/publish`)).statusCode).toBe(200);
    const res = await patchSeo(article.id, { metaTitle: 'Late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('article_published');
    expect((await read(article.id)).metaTitle).toBeNull();
  });

  it('is kept in the history: a revision says what changed, and a restore brings the fields back', async () => {
    const article = await create();
    const first = articleSchema.parse((await patchSeo(article.id, { metaTitle: 'First', canonicalUrl: 'https://a.example/1' })).json().data);
    // The next edit makes a revision of its own (past the fold window).
    await ctx.h.db.query(
      `UPDATE article_revisions SET created_at = created_at - interval '1 hour', updated_at = updated_at - interval '1 hour' WHERE article_id = $1`,
      [article.id],
    );
    const second = articleSchema.parse((await patchSeo(article.id, { metaTitle: 'Second', canonicalUrl: null })).json().data);
    const list = revisionListSchema.parse((await ctx.api('GET', `/api/articles/${article.id}/revisions`)).json());
    expect(list.data.map((r) => r.changed)).toEqual([['seo'], ['seo'], ['title', 'slug', 'blogData']]);
    const [newest, older] = list.data;
    const snapshot = async (rev: number) =>
      revisionResultSchema.parse((await ctx.api('GET', `/api/articles/${article.id}/revisions/${rev}`)).json()).data.snapshot;
    expect((await snapshot(newest!.number)).seo).toEqual({ metaTitle: 'Second', metaDescription: null, canonicalUrl: null, socialImageId: null });
    expect((await snapshot(older!.number)).seo).toEqual({ metaTitle: 'First', metaDescription: null, canonicalUrl: 'https://a.example/1', socialImageId: null });

    const res = await ctx.h.app.inject({
      method: 'POST',
      url: `/api/articles/${article.id}/revisions/${older!.number}/restore`,
      headers: { ...auth(ctx.token), 'if-match': second.updatedAt },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(articleSchema.parse(res.json().data)).toMatchObject({ metaTitle: 'First', canonicalUrl: 'https://a.example/1' });
    expect(first.metaTitle).toBe('First');
    // The first revision (before any SEO field) restores them to none.
    const back = await ctx.h.app.inject({
      method: 'POST',
      url: `/api/articles/${article.id}/revisions/1/restore`,
      headers: auth(ctx.token),
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(articleSchema.parse(back.json().data)).toMatchObject({ metaTitle: null, canonicalUrl: null });
  });

  it('never changes without a revision: the database refuses an unversioned write of them', async () => {
    const article = await create();
    await expect(ctx.h.db.query(`UPDATE articles SET meta_description = 'sneaky' WHERE id = $1`, [article.id])).rejects.toThrow(
      /without a new version/,
    );
    expect((await read(article.id)).metaDescription).toBeNull();
  });

  it('serves them on the public article, the social image as its address and alt text while it is an image of the library', async () => {
    const article = await create({ slug: 'public-seo' });
    const image = await upload('social.png', await fixtures.png(40, 30));
    expect((await patchSeo(article.id, { metaDescription: 'For the card', socialImageId: image.id })).statusCode).toBe(200);
    expect((await ctx.api('PATCH', `/api/articles/${article.id}/publish`)).statusCode).toBe(200);
    const get = () => ctx.h.app.inject({ method: 'GET', url: '/api/public/articles/public-seo' });
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      metaTitle: null,
      metaDescription: 'For the card',
      canonicalUrl: null,
      socialImageUrl: `/api/files/${image.id}/content`,
      socialImageAlt: null,
    });
    // The file's alt text is the social image's, under another ETag once it is written.
    expect((await ctx.api('PATCH', `/api/files/${image.id}`, { alt: 'Boats in the harbour' })).statusCode).toBe(200);
    const described = await get();
    expect(described.json().data).toMatchObject({ socialImageUrl: `/api/files/${image.id}/content`, socialImageAlt: 'Boats in the harbour' });
    expect(described.headers.etag).not.toBe(res.headers.etag);
    const etag = String(described.headers.etag);
    // The image goes to the trash (confirmed: the published article shows it): the public article
    // no longer names it, under another ETag.
    expect((await ctx.api('DELETE', `/api/files/${image.id}`)).statusCode).toBe(409);
    expect((await ctx.api('DELETE', `/api/files/${image.id}?confirm=true`)).statusCode).toBeLessThan(300);
    const after = await get();
    expect(after.json().data).toMatchObject({ socialImageUrl: null, socialImageAlt: null });
    expect(after.headers.etag).not.toBe(etag);
  }, UPLOADS_MS);
});
