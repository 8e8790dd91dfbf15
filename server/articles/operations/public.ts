/**
 * The public read API's articles: published ones for the site that shows them, with what an
 * answer's cache needs (its tag, and when it changes by itself: a scheduled publish or
 * unpublish). Each read of an article counts a view.
 */
import { createHash } from 'node:crypto';
import { CARD_PREVIEW_CHARS, cutText, serverMessages } from '../../../src/contract/index.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { apiError } from '../../errors.ts';
import { getPublishedBySlug, selectPublicPage } from '../../repositories/publicArticles.ts';
import { fileContentUrl, rasterImageSizes } from '../../repositories/files.ts';
import { libraryImageIds, responsiveImages } from '../../files/operations.ts';
import { nextPublicChange } from '../../repositories/schedule.ts';
import { decodeCursor, encodeCursor } from '../rules.ts';

/** GET /public/articles: a page of published articles, newest first. */
export async function listPublishedArticles(db: Queryable, query: { limit: number; cursor?: string }) {
  const { limit, cursor } = query;
  const after = cursor ? decodeCursor(cursor, 'newest') : undefined;
  const rows = await selectPublicPage(db, after, limit);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const body = {
    data: page.map((row) => ({
      slug: row.slug,
      title: row.title,
      excerpt: cutText(row.scrapped_head, CARD_PREVIEW_CHARS).text,
      newUrl: row.new_url,
      createdAt: row.created_iso,
      updatedAt: row.updated_iso,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor({ created_at: last.created_iso, id: last.id }, 'newest') : null,
  };
  const tag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  const changeAt = rows[0] ? rows[0].next_change : await nextPublicChange(db);
  return { body, tag, changeAt: changeAt ? new Date(changeAt) : null };
}

/** GET /public/articles/:slug: the published article with this slug (a view counted), or 404. */
export async function readPublishedArticle(ctx: Pick<AppContext, 'db' | 'views'>, slug: string) {
  const row = await getPublishedBySlug(ctx.db, slug);
  if (!row) throw apiError('not_found', serverMessages.articleNotFound);
  ctx.views.count(row.id);
  // Library images gain srcset, sizes, width and height (server/files/responsive.ts).
  const sizes = row.blog_data ? await rasterImageSizes(ctx.db, libraryImageIds(row.blog_data)) : new Map<string, never>();
  const blogData = row.blog_data && sizes.size ? responsiveImages(row.blog_data, sizes) : row.blog_data;
  // (The social image's file going to the trash changes the answer, not the article; so do the
  // sizes of its images, when one is replaced.)
  const images = sizes.size ? `-${createHash('sha256').update(JSON.stringify([...sizes])).digest('base64url').slice(0, 8)}` : '';
  // (So does the social image's alt text, a file's detail.)
  const alt = row.social_image_alt || null;
  const image = row.social_image_file ? `-i${alt ? createHash('sha256').update(alt).digest('base64url').slice(0, 8) : ''}` : '';
  const tag = `"${row.id}-${Date.parse(row.updated_iso)}${image}${images}"`;
  const body = {
    data: {
      slug: row.slug,
      title: row.title,
      blogData,
      newUrl: row.new_url,
      createdAt: row.created_iso,
      updatedAt: row.updated_iso,
      metaTitle: row.meta_title,
      metaDescription: row.meta_description,
      canonicalUrl: row.canonical_url,
      socialImageUrl: row.social_image_file ? fileContentUrl(row.social_image_file) : null,
      socialImageAlt: row.social_image_file ? alt : null,
    },
  };
  return { body, tag, changeAt: row.unpublish_at ? new Date(row.unpublish_at) : null };
}
