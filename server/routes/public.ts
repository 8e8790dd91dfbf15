/**
 * The public read API (/api/public): published articles for the site that shows them. No
 * session; `ETag` and `Cache-Control` so a CDN can keep an answer for a minute; CORS headers
 * for the origins in PUBLIC_CORS_ORIGINS. Each read of an article counts a view.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARD_PREVIEW_CHARS,
  cutText,
  publicArticleListQuerySchema,
  publicArticleListSchema,
  publicArticleSchema,
  serverMessages,
} from '../../src/contract/index.ts';
import { decodeCursor, encodeCursor } from '../articles/rules.ts';
import type { AppContext } from '../context.ts';
import { apiError, errorResponses } from '../errors.ts';
import { getPublishedBySlug, selectPublicPage } from '../repositories/articles.ts';
import { fileContentUrl } from '../repositories/files.ts';
import { nextPublicChange } from '../repositories/schedule.ts';

/** A CDN (or a browser) may reuse an answer this long, then while it checks again. */
const MAX_AGE_S = 60;
const STALE_S = 300;
const CACHE_CONTROL = `public, max-age=${MAX_AGE_S}, stale-while-revalidate=${STALE_S}`;

/**
 * The Cache-Control of an answer that changes by itself at `changeAt` (a scheduled publish or
 * unpublish): no cache keeps it past that time, stale or not. A change already due (the
 * scheduler makes it within a second or two) allows a second.
 */
export function cacheControlUntil(changeAt: Date | null, now = new Date()): string {
  if (!changeAt) return CACHE_CONTROL;
  const left = Math.ceil((changeAt.getTime() - now.getTime()) / 1000);
  if (left > MAX_AGE_S + STALE_S) return CACHE_CONTROL;
  if (left <= 0) return 'public, max-age=1';
  if (left <= MAX_AGE_S) return `public, max-age=${left}`;
  return `public, max-age=${MAX_AGE_S}, stale-while-revalidate=${left - MAX_AGE_S}`;
}

const slugParams = z.object({ slug: z.string().min(1).max(200) });

export const publicRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, views } = ctx;
  const anyOrigin = ctx.publicCorsOrigins.includes('*');
  const allowed = new Set(ctx.publicCorsOrigins);

  app.addHook('onSend', async (request, reply) => {
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin && (anyOrigin || allowed.has(origin))) {
      reply.header('access-control-allow-origin', anyOrigin ? '*' : origin);
      reply.header('access-control-expose-headers', 'ETag');
    }
  });

  // A preflight (a page sending If-None-Match from script): GET only, nothing else.
  app.options('/*', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('access-control-allow-methods', 'GET');
    reply.header('access-control-allow-headers', 'If-None-Match');
    reply.header('access-control-max-age', '600');
    return reply.code(204).send();
  });

  app.get('/articles', {
    config: { public: true },
    schema: { querystring: publicArticleListQuerySchema, response: { 200: publicArticleListSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { limit, cursor } = request.query;
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
      return cached(request, reply, tag, body, changeAt ? new Date(changeAt) : null);
    },
  });

  app.get('/articles/:slug', {
    config: { public: true },
    schema: { params: slugParams, response: { 200: z.object({ data: publicArticleSchema }), 304: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      const row = await getPublishedBySlug(db, request.params.slug);
      if (!row) throw apiError('not_found', serverMessages.articleNotFound);
      views.count(row.id);
      // (The social image's file going to the trash changes the answer, not the article.)
      const tag = `"${row.id}-${Date.parse(row.updated_iso)}${row.social_image_file ? '-i' : ''}"`;
      const changeAt = row.unpublish_at ? new Date(row.unpublish_at) : null;
      return cached(request, reply, tag, {
        data: {
          slug: row.slug,
          title: row.title,
          blogData: row.blog_data,
          newUrl: row.new_url,
          createdAt: row.created_iso,
          updatedAt: row.updated_iso,
          metaTitle: row.meta_title,
          metaDescription: row.meta_description,
          canonicalUrl: row.canonical_url,
          socialImageUrl: row.social_image_file ? fileContentUrl(row.social_image_file) : null,
        },
      }, changeAt);
    },
  });
};

/**
 * The answer with its ETag and Cache-Control (kept no later than `changeAt`, when it changes by
 * itself then), or 304 when the client has it already.
 */
function cached<T>(request: FastifyRequest, reply: FastifyReply, tag: string, body: T, changeAt: Date | null = null): T | FastifyReply {
  reply.header('etag', tag);
  reply.header('cache-control', cacheControlUntil(changeAt));
  const known = request.headers['if-none-match'];
  if (known && known.split(',').some((t) => t.trim() === tag || t.trim() === '*')) return reply.code(304).send();
  return body;
}
