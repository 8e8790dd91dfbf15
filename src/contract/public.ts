/** The public read API's shapes (the site that shows published articles). Needs zod; re-exported by `./index`. */
import { z } from 'zod';

/**
 * The public read API: published articles, for the site that shows them. No session; answers
 * carry `ETag` and `Cache-Control` (a CDN may keep them a minute), and CORS headers for the
 * origins in PUBLIC_CORS_ORIGINS. Each read of an article counts a view.
 * - `GET /public/articles?limit=&cursor=` → PublicArticleList: newest first, keyset pages.
 * - `GET /public/articles/:slug` → `{ data: PublicArticle }`; 404 when no published article
 *   has that slug; 304 for a matching `If-None-Match`.
 */
export const publicArticleCardSchema = z.object({
  slug: z.string(),
  title: z.string().nullable(),
  /** The first CARD_PREVIEW_CHARS characters of the raw text. */
  excerpt: z.string(),
  newUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicArticleCard = z.infer<typeof publicArticleCardSchema>;
export const publicArticleListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(400).optional(),
});
export const publicArticleListSchema = z.object({ data: z.array(publicArticleCardSchema), nextCursor: z.string().nullable() });
export type PublicArticleList = z.infer<typeof publicArticleListSchema>;
export const publicArticleSchema = publicArticleCardSchema.omit({ excerpt: true }).extend({
  blogData: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  /** The social image's address (a public file of the library), or null. */
  socialImageUrl: z.string().nullable(),
  /** The social image's alt text (the file's, for `og:image:alt`), or null when it has none. */
  socialImageAlt: z.string().nullable(),
});
export type PublicArticle = z.infer<typeof publicArticleSchema>;
