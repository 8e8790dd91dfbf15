/** The Analytics screen's figures. Needs zod; re-exported by `./index`. */
import { z } from 'zod';

/**
 * GET /analytics?days=30|90: what the console's Analytics screen charts, for the last `days` UTC
 * days (oldest first, every day present): articles created, published and deleted per day (from
 * the activity log), public views per day, the most read articles of the period, the source
 * sites with the most articles, and the library's bytes by type at the end of each day (of the
 * files it holds now, by upload date).
 */
export const ANALYTICS_PERIODS = [30, 90] as const;
export const analyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (ANALYTICS_PERIODS as readonly number[]).includes(n), { message: 'Choose 30 or 90 days' })
    .default(30),
});
export const analyticsSchema = z.object({
  days: z.number().int(),
  articles: z.array(z.object({ day: z.string(), created: z.number().int(), published: z.number().int(), deleted: z.number().int() })),
  views: z.array(z.object({ day: z.string(), views: z.number().int() })),
  topArticles: z.array(z.object({ id: z.string(), title: z.string().nullable(), slug: z.string().nullable(), views: z.number().int() })),
  topSites: z.array(z.object({ site: z.string(), count: z.number().int() })),
  storage: z.array(z.object({ day: z.string(), images: z.number().int(), pdfs: z.number().int() })),
});
export type Analytics = z.infer<typeof analyticsSchema>;
