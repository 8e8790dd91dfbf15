/**
 * History: every write of an article makes a revision (what the article was after it, who,
 * when, why, which fields changed), and "Replace…" keeps a file's previous bytes as a version.
 * Nothing is overwritten for good: any revision or version can be compared and restored.
 * Re-exported by `./index`.
 *
 * Articles (404 `not_found` for an unknown article or revision, or one in the trash):
 * - `GET /articles/:id/revisions?limit=&cursor=` → RevisionList: newest first, keyset pages.
 * - `GET /articles/:id/revisions/:rev` → `{ data: Revision }`: the snapshot.
 * - `POST /articles/:id/revisions/:rev/restore` (If-Match: the `updatedAt` the admin saw, as for a
 *   save) → `{ data: Article }`: the revision's content written as a new revision; 409
 *   `article_published` on a published article, `stale_article` when another admin wrote since,
 *   `slug_taken` when another article has the revision's slug now.
 * - `PATCH /articles/:id/revisions/:rev` `{ pinned?, name? }` → `{ data: RevisionSummary }`: a
 *   pinned revision is never removed by the retention sweep.
 * Files (docs/product.md, 'File calls': `success: false` on errors):
 * - `GET /files/:id/versions` → FileVersionList, newest first.
 * - `GET /files/:id/versions/:v/content` → the version's bytes (a download).
 * - `POST /files/:id/versions/:v/restore` → FileResult: the version's bytes become the file's
 *   (checked like an upload), the current ones a version in turn.
 */
import { z } from 'zod';
import { articleStatusSchema, fileTypeSchema } from './enums';

/** What a write did to an article (a revision's `action`). */
export const revisionActionSchema = z.enum([
  /** How an article written before history began was, recorded at its first write since. */
  'baseline',
  'create',
  'scrape',
  'edit',
  'rescrape',
  'publish',
  'draft',
  'trash',
  'untrash',
  'bulk_publish',
  'bulk_draft',
  'bulk_trash',
  'restore',
  /** Published, or turned back into a draft, by the scheduler at the time an admin chose. */
  'scheduled_publish',
  'scheduled_draft',
  /** A change of its source's merged by the editor (./sourceChange.ts). */
  'source_merge',
]);
export type RevisionAction = z.infer<typeof revisionActionSchema>;

/** The fields a revision may change: the article's, `trash` (moved in or out) and `source` (the scraped page). */
export const revisionFieldSchema = z.enum([
  'title',
  'slug',
  'status',
  'blogData',
  'scrappedData',
  'scrapedUrl',
  'newUrl',
  /** Any of the SEO fields (./seo). */
  'seo',
  'trash',
  'source',
]);
export type RevisionField = z.infer<typeof revisionFieldSchema>;

/** Why a revision was made, as the history lists it. */
export function revisionReason(action: RevisionAction, restoredFrom: number | null = null): string {
  switch (action) {
    case 'baseline':
      return 'As it was before the history began';
    case 'create':
      return 'Created';
    case 'scrape':
      return 'Scraped';
    case 'edit':
      return 'Edited';
    case 'rescrape':
      return 'Re-scraped';
    case 'publish':
      return 'Published';
    case 'draft':
      return 'Converted to draft';
    case 'trash':
      return 'Moved to the trash';
    case 'untrash':
      return 'Restored from the trash';
    case 'bulk_publish':
      return 'Bulk publish';
    case 'bulk_draft':
      return 'Bulk convert to draft';
    case 'bulk_trash':
      return 'Bulk delete';
    case 'restore':
      return restoredFrom === null ? 'Restored an earlier revision' : `Restored revision ${restoredFrom}`;
    case 'scheduled_publish':
      return 'Published on schedule';
    case 'scheduled_draft':
      return 'Unpublished on schedule';
    case 'source_merge':
      return 'Merged the source\'s changes';
  }
}

/** How the console names each field in "what changed". */
export const revisionFieldLabels: Record<RevisionField, string> = {
  title: 'Title',
  slug: 'Slug',
  status: 'Status',
  blogData: 'Blog HTML',
  scrappedData: 'Raw text',
  scrapedUrl: 'Scraped URL',
  newUrl: 'New URL',
  seo: 'SEO and social',
  trash: 'Trash',
  source: 'Source page',
};

export const MAX_REVISION_NAME_LENGTH = 100;

/** One revision as the history lists it. `current`: the article is as this revision says (the newest). */
export const revisionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int().positive(),
  createdAt: z.string(),
  /** Later than createdAt when edits by the same admin within 10 minutes were folded into it. */
  updatedAt: z.string(),
  actor: z.string().nullable(),
  action: revisionActionSchema,
  reason: z.string(),
  restoredFrom: z.number().int().positive().nullable(),
  changed: z.array(revisionFieldSchema),
  pinned: z.boolean(),
  name: z.string().nullable(),
  current: z.boolean(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export const revisionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The nextCursor of the previous page. */
  cursor: z.string().regex(/^[1-9][0-9]{0,9}$/, 'Invalid cursor: pass back the nextCursor of the previous page').optional(),
});
export type RevisionListQuery = z.input<typeof revisionListQuerySchema>;

export const revisionListSchema = z.object({
  data: z.array(revisionSummarySchema),
  /** How many revisions the article has. */
  total: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type RevisionList = z.infer<typeof revisionListSchema>;

/** The article as a revision recorded it, and the page it was last scraped from then. */
export const revisionSnapshotSchema = z.object({
  status: articleStatusSchema,
  inTrash: z.boolean(),
  title: z.string().nullable(),
  slug: z.string().nullable(),
  blogData: z.string().nullable(),
  scrappedData: z.string(),
  scrapedUrl: z.string().nullable(),
  newUrl: z.string().nullable(),
  /** The article's HTML as the extractor found it on the page at the last scrape (null: never scraped since history began). */
  sourceHtml: z.string().nullable(),
  /** Its SEO fields then (./seo): each null where not set. Optional so that another server's answers still parse. */
  seo: z
    .object({
      metaTitle: z.string().nullable(),
      metaDescription: z.string().nullable(),
      canonicalUrl: z.string().nullable(),
      socialImageId: z.string().nullable(),
    })
    .optional(),
});
export type RevisionSnapshot = z.infer<typeof revisionSnapshotSchema>;

export const revisionSchema = revisionSummarySchema.extend({ snapshot: revisionSnapshotSchema });
export type Revision = z.infer<typeof revisionSchema>;
export const revisionResultSchema = z.object({ data: revisionSchema });

export const revisionParamsSchema = z.object({
  id: z.string().min(1).max(64),
  rev: z.coerce.number().int().positive().max(2_147_483_647),
});

/** PATCH /articles/:id/revisions/:rev: pin (never removed) and name it; an empty name clears it. */
export const revisionPatchSchema = z
  .strictObject({
    pinned: z.boolean().optional(),
    name: z.string().trim().max(MAX_REVISION_NAME_LENGTH, 'A revision name has at most 100 characters.').nullable().optional(),
  })
  .refine((patch) => patch.pinned !== undefined || patch.name !== undefined, { message: 'Send pinned, name or both' });
export type RevisionPatch = z.infer<typeof revisionPatchSchema>;
export const revisionSummaryResultSchema = z.object({ data: revisionSummarySchema });

/** An earlier version of a replaced file: its bytes as they were, and when "Replace…" put them aside. */
export const fileVersionSchema = z.object({
  id: z.string(),
  number: z.number().int().positive(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: fileTypeSchema,
  mimeType: z.string(),
  /** When these bytes became the file's. */
  uploadedAt: z.string(),
  /** When they were replaced. */
  replacedAt: z.string(),
  replacedBy: z.string().nullable(),
  /** Download these bytes. */
  url: z.string(),
});
export type FileVersion = z.infer<typeof fileVersionSchema>;
export const fileVersionListSchema = z.object({ data: z.array(fileVersionSchema) });
export type FileVersionList = z.infer<typeof fileVersionListSchema>;
export const fileVersionParamsSchema = z.object({
  id: z.string().min(1).max(64),
  v: z.coerce.number().int().positive().max(2_147_483_647),
});
