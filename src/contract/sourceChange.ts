/**
 * A source that changed after its article was scraped. The article's page is fetched again
 * (conditionally, politely): on a schedule for the articles of a source that watches its
 * articles, or when an admin asks. When the text extracted differs from the raw text last
 * imported (`scrappedData`), the article is flagged `sourceChanged` and the change is kept
 * until the editor merges or dismisses it: nothing is taken without the editor.
 *
 * The merge is three-way (node-diff3), block by block of the blog HTML: the HTML last imported,
 * the editor's current blog HTML and the source's new HTML. The source's edits are applied where
 * the editor did not touch; where both changed, the editor's blocks stay unless the merge is told
 * to take the source's (`take`: the conflicts' indexes).
 *
 * - `POST /articles/:id/source-check` → `{ data: SourceCheck }` when the page has been read
 * - `GET /articles/:id/source-change` → `{ data: SourceChange }` (404 no_source_change when none)
 * - `POST /articles/:id/source-change/merge` `{ take? }` (If-Match) → `{ data: Article, conflicts }`
 * - `POST /articles/:id/source-change/dismiss` → 204: the change is set aside (the same text is
 *   not flagged again)
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';
import { articleSchema } from './articles';
import { provenanceSchema } from './sources';

/** How often the articles of a watching source are fetched again, unless configured (SOURCE_RECHECK_HOURS). */
export const SOURCE_RECHECK_HOURS = 24;
/** Articles fetched again at most per pass of the watcher; the rest wait for the next pass. */
export const SOURCE_RECHECKS_PER_PASS = 50;

export const sourceCheckSchema = z.object({
  /** Whether the text differs from the one last imported (a change is kept, the article flagged). */
  changed: z.boolean(),
  /** The page answered 304 Not Modified to the conditional request. */
  notModified: z.boolean(),
});
export type SourceCheck = z.infer<typeof sourceCheckSchema>;
export const sourceCheckResultSchema = z.object({ data: sourceCheckSchema });

export const diffPartSchema = z.object({ kind: z.enum(['same', 'removed', 'added']), text: z.string() });

/** Where the editor and the source both changed the same blocks of the blog HTML. */
export const mergeConflictSchema = z.object({
  index: z.number().int().nonnegative(),
  /** The blocks as imported, as the editor has them, and as the source has them now. */
  base: z.string(),
  editor: z.string(),
  source: z.string(),
});
export type MergeConflict = z.infer<typeof mergeConflictSchema>;

export const sourceChangeSchema = z.object({
  articleId: z.string(),
  detectedAt: z.string(),
  /** The raw text last imported, and the source's text now. */
  oldText: z.string(),
  newText: z.string(),
  /** oldText → newText word by word (the history's comparison); by lines, or none, when too long to compare in time. */
  diff: z.object({ granularity: z.enum(['words', 'lines', 'none']), parts: z.array(diffPartSchema) }),
  /** The source's title now. */
  newTitle: z.string().nullable(),
  /** How the changed page was fetched. */
  provenance: provenanceSchema,
  /** The merge with the article's current blog HTML, as it would be made now. */
  merge: z.object({
    /** Changes of the source's the merge takes, where the editor did not touch (blocks changed, added or removed). */
    applied: z.number().int().nonnegative(),
    conflicts: z.array(mergeConflictSchema),
  }),
});
export type SourceChange = z.infer<typeof sourceChangeSchema>;
export const sourceChangeResultSchema = z.object({ data: sourceChangeSchema });

export const sourceMergeSchema = z.strictObject({
  /** The conflicts (their indexes) where the source's blocks are taken; elsewhere the editor's stay. */
  take: z.array(z.number().int().nonnegative()).max(10_000).optional(),
});
export type SourceMerge = z.infer<typeof sourceMergeSchema>;

/** The merged article, and the conflicts where the editor's blocks were kept. */
export const sourceMergeResultSchema = z.object({ data: articleSchema, conflicts: z.array(mergeConflictSchema) });
export type SourceMergeResult = z.infer<typeof sourceMergeResultSchema>;
