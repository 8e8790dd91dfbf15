/**
 * The public read API (/api/public): published articles for the site that shows them. No
 * session; `ETag` and `Cache-Control` so a CDN can keep an answer for a minute; CORS headers
 * for the origins in PUBLIC_CORS_ORIGINS. Each read of an article counts a view.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicArticleListQuerySchema, publicArticleListSchema, publicArticleSchema } from '../../src/contract/index.ts';
import { listPublishedArticles, readPublishedArticle } from '../articles/operations/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';

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
  const { db } = ctx;
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
      const { body, tag, changeAt } = await listPublishedArticles(db, request.query);
      return cached(request, reply, tag, body, changeAt);
    },
  });

  app.get('/articles/:slug', {
    config: { public: true },
    schema: { params: slugParams, response: { 200: z.object({ data: publicArticleSchema }), 304: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      const { body, tag, changeAt } = await readPublishedArticle(ctx, request.params.slug);
      return cached(request, reply, tag, body, changeAt);
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
