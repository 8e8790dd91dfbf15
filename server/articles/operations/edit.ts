/**
 * An admin's edit of one draft (PATCH /articles/:id): its slug, title, blog HTML or SEO fields,
 * one at a time, refused for a published article or when the client saw an older version
 * (If-Match). A change of its schedule goes to schedule.ts.
 */
import { seoMessages, seoProblem, seoValue, type Article, type ArticlePatch, type SeoPatch } from '../../../src/contract/index.ts';
import type { Queryable } from '../../db/database.ts';
import { apiError } from '../../errors.ts';
import { isSlugTaken, updateBlogData, updateSeo, updateSlug, updateTitle } from '../../repositories/articles.ts';
import { SEO_COLUMNS, toArticle, type ArticleRow } from '../../repositories/articleRows.ts';
import { findFileById } from '../../repositories/files.ts';
import { lockArticleForWrite } from '../../repositories/revisions.ts';
import { writeArticles, type ArticleChange, type ArticleWriteContext } from '../commit.ts';
import { articleLabel, assertValidSlug, isStale, nextUpdatedAt, normalTitle } from '../rules.ts';
import { articleNotFound } from './create.ts';
import { assignArticle } from './assign.ts';
import { changeSchedule } from './schedule.ts';

/** The fields of the patch an edit takes (the schedule's are schedule.ts's). */
export type ContentPatch = Extract<ArticlePatch, { slug: string } | { title: string | null } | { blogData: string } | { seo: SeoPatch }>;

/**
 * A change of the SEO fields as stored (trimmed, empty as null), or 400 with what is wrong:
 * seoProblem's rules, and a social image that is an image of the library (out of its trash).
 */
async function checkedSeo(ctx: ArticleWriteContext, patch: SeoPatch): Promise<SeoPatch> {
  const problem = seoProblem(patch);
  if (problem) throw apiError('validation_failed', problem);
  const seo: SeoPatch = {};
  for (const field of Object.keys(patch) as (keyof SeoPatch)[]) seo[field] = seoValue(patch[field]);
  if (seo.socialImageId) {
    const file = await findFileById(ctx.db, seo.socialImageId);
    if (file?.type !== 'image') throw apiError('validation_failed', seoMessages.socialImageNotImage);
  }
  return seo;
}

/** The edit's change of `current`, written; undefined when it changes nothing. */
async function applyEdit(tx: Parameters<typeof updateSlug>[0], current: ArticleRow, patch: ContentPatch, seo: SeoPatch | undefined, at: Date) {
  const label = articleLabel(current);
  if ('slug' in patch) {
    if (patch.slug === current.slug) return undefined;
    if (await isSlugTaken(tx, patch.slug, current.id)) throw apiError('slug_taken');
    return { row: await updateSlug(tx, current.id, patch.slug, at), activity: { kind: 'article.slug', message: `Slug of ${label} changed to "${patch.slug}"` } } as const;
  }
  if ('seo' in patch) {
    const change = seo!;
    const changed = (Object.keys(change) as (keyof SeoPatch)[]).some((field) => change[field] !== (current[SEO_COLUMNS[field]] ?? null));
    if (!changed) return undefined;
    // Recorded as a content edit ('article.html'), as the title is.
    return { row: await updateSeo(tx, current.id, change, at), activity: { kind: 'article.html', message: `SEO fields of ${label} edited` } } as const;
  }
  if ('title' in patch) {
    const title = normalTitle(patch.title);
    if (title === current.title) return undefined;
    const what = title === null ? 'removed' : `changed to "${title}"`;
    // Recorded as a content edit ('article.html') until the console has an icon for 'article.title'.
    return { row: await updateTitle(tx, current.id, title, at), activity: { kind: 'article.html', message: `Title of ${label} ${what}` } } as const;
  }
  if (patch.blogData === current.blog_data) return undefined;
  return { row: await updateBlogData(tx, current.id, patch.blogData, at), activity: { kind: 'article.html', message: `Blog HTML of ${label} edited` } } as const;
}

/**
 * The article an editor's write changes, locked, with its last revision (what the write's
 * revision builds on): refused when it is gone, published, or changed since the editor read it
 * (If-Match).
 */
export async function lockedDraft(tx: Queryable, id: string, ifMatch: string | undefined) {
  const read = await lockArticleForWrite(tx, id);
  if (!read) throw articleNotFound();
  if (read.row.status === 'published') throw apiError('article_published');
  if (isStale(ifMatch, read.row.updated_at)) throw apiError('stale_article');
  return read;
}

/** PATCH /articles/:id with one content field: the article as saved (unchanged when the value is the same). */
async function editArticle(ctx: ArticleWriteContext, actor: string, id: string, patch: ContentPatch, ifMatch: string | undefined): Promise<ArticleRow> {
  if ('slug' in patch) assertValidSlug(patch.slug);
  const seo = 'seo' in patch ? await checkedSeo(ctx, patch.seo) : undefined;
  return writeArticles(ctx, async (writer) => {
    const read = await lockedDraft(writer.tx, id, ifMatch);
    const current = read.row;
    const at = nextUpdatedAt(current.updated_at);
    // What the checks read changed (or may have; the canonical address: the signature's): they
    // run again on the saved article, even when the value was the same.
    const checks = !('slug' in patch);
    const edit = await applyEdit(writer.tx, current, patch, seo, at);
    if (!edit) {
      if (checks) writer.recheck(current.id);
      return current;
    }
    const change: ArticleChange = { actor, at, revision: 'edit', activity: edit.activity, event: 'article.updated', checks };
    await writer.commit(current, edit.row, change, read);
    return edit.row;
  });
}

/** PATCH /articles/:id: a change of its schedule (schedule.ts), of its assignment (assign.ts), or of one content field. */
export async function updateArticle(ctx: ArticleWriteContext, actor: string, id: string, patch: ArticlePatch, ifMatch: string | undefined): Promise<Article> {
  if ('publishAt' in patch || 'unpublishAt' in patch) return toArticle(await changeSchedule(ctx, actor, id, patch));
  if ('assigneeId' in patch || 'dueAt' in patch || 'plannedAt' in patch) return assignArticle(ctx, actor, id, patch);
  if (!('slug' in patch || 'title' in patch || 'blogData' in patch || 'seo' in patch)) throw apiError('validation_failed', 'Send one field to change');
  return toArticle(await editArticle(ctx, actor, id, patch, ifMatch));
}
