/**
 * What a search engine and a social card show of an article: its meta title and description,
 * the canonical address it names (the scraped source, for a republished article, so the copy
 * does not compete with it), and its social image (a picture of the file library).
 *
 * - `PATCH /articles/:id` `{ seo: { metaTitle?, metaDescription?, canonicalUrl?, socialImageId? } }`
 *   (drafts only, as every edit; any of the four, null or empty clears one): 400
 *   `validation_failed` with `seoProblem`'s message, nothing stored; `{ data: Article }`.
 * - The article carries the four; the public article carries them too, the image as its address.
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';

/** Lengths a search result or a social card shows whole (longer is allowed, and cut there). */
export const SEO_ADVISED = { metaTitle: 60, metaDescription: 145 } as const;
/** Longest accepted, after trimming. */
export const SEO_MAX = { metaTitle: 300, metaDescription: 500, canonicalUrl: 2048 } as const;

/** The SEO fields of an article as it carries them (null: not set). */
export const articleSeoShape = {
  metaTitle: z.string().nullable().optional(),
  metaDescription: z.string().nullable().optional(),
  canonicalUrl: z.string().nullable().optional(),
  /** A file of the library, an image. */
  socialImageId: z.string().nullable().optional(),
};

/**
 * The change: any of the four; a string is trimmed, and empty (or null) clears the field.
 * Bounded here against abuse only; the limits a person meets are seoProblem's.
 */
export const seoPatchSchema = z.strictObject({
  seo: z
    .strictObject({
      metaTitle: z.string().max(10_000).nullable().optional(),
      metaDescription: z.string().max(10_000).nullable().optional(),
      canonicalUrl: z.string().max(10_000).nullable().optional(),
      socialImageId: z.string().max(64).nullable().optional(),
    })
    .refine((seo) => Object.values(seo).some((value) => value !== undefined), { message: 'Send a field to change' }),
});
export type SeoPatch = z.infer<typeof seoPatchSchema>['seo'];
export type SeoField = keyof SeoPatch;

export const seoMessages = {
  metaTitleTooLong: `A meta title has at most ${SEO_MAX.metaTitle} characters.`,
  metaDescriptionTooLong: `A meta description has at most ${SEO_MAX.metaDescription} characters.`,
  canonicalNotHttp: 'A canonical URL is a web address starting with http:// or https://.',
  canonicalTooLong: `A canonical URL has at most ${SEO_MAX.canonicalUrl} characters.`,
  socialImageNotImage: 'The social image must be an image in the file library.',
} as const;

/** A field's value as stored: trimmed, and null when empty (undefined: unchanged). */
export function seoValue(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Whether `value` is an absolute http(s) address. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * What is wrong with a change of the SEO fields, in the words the console shows, or undefined.
 * Whether the social image is an image of the library is the server's to say (it reads it).
 */
export function seoProblem(seo: SeoPatch): string | undefined {
  const metaTitle = seoValue(seo.metaTitle);
  if (metaTitle && metaTitle.length > SEO_MAX.metaTitle) return seoMessages.metaTitleTooLong;
  const metaDescription = seoValue(seo.metaDescription);
  if (metaDescription && metaDescription.length > SEO_MAX.metaDescription) return seoMessages.metaDescriptionTooLong;
  const canonicalUrl = seoValue(seo.canonicalUrl);
  if (canonicalUrl && canonicalUrl.length > SEO_MAX.canonicalUrl) return seoMessages.canonicalTooLong;
  if (canonicalUrl && !isHttpUrl(canonicalUrl)) return seoMessages.canonicalNotHttp;
  return undefined;
}
