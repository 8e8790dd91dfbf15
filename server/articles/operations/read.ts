/**
 * What the console reads of articles: one article, the list and its sites, the trash, the
 * dashboard's figures, an article's views, checks and near-copies, and whether a slug is free.
 */
import { serverMessages, type Article } from '../../../src/contract/index.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { keptArticleChecks } from '../../repositories/articleChecks.ts';
import { articleExists, getArticle, isSlugTaken } from '../../repositories/articles.ts';
import { toArticle } from '../../repositories/articleRows.ts';
import { duplicatesOf } from '../duplicates.ts';
import { runArticleChecks, withFileAlts } from '../runChecks.ts';
import { articleViews, assertValidSlug, freeSlug, slugify } from '../rules.ts';
import { articleNotFound } from './create.ts';

export { articleStats, listArticles, listSites, listTrash } from '../rules.ts';

/** GET /articles/:id: the article out of the trash. */
export async function readArticle(ctx: { db: Queryable }, id: string): Promise<Article> {
  const row = await getArticle(ctx.db, id);
  if (!row) throw articleNotFound();
  return toArticle(row);
}

/** GET /articles/slug/check/:slug: whether the slug is valid and free, with a free one when it is not. */
export async function checkSlug(ctx: { db: Queryable }, slug: string, excludeId: string | undefined) {
  try {
    assertValidSlug(slug);
  } catch (error) {
    return { available: false, message: (error as Error).message, slug: await freeSlug(ctx.db, slugify(slug), excludeId) };
  }
  if (await isSlugTaken(ctx.db, slug, excludeId)) {
    return { available: false, message: serverMessages.slugTaken, slug: await freeSlug(ctx.db, slug, excludeId) };
  }
  return { available: true, message: serverMessages.slugAvailable, slug };
}

/** GET /articles/:id/views: its views per day. */
export async function readArticleViews(ctx: { db: Queryable }, id: string) {
  if (!(await getArticle(ctx.db, id))) throw articleNotFound();
  return articleViews(ctx.db, id);
}

/** GET /articles/:id/checks: the last result kept, stale while a run waits or is under way (a new article has none yet). */
export async function readArticleChecks(ctx: Pick<AppContext, 'db' | 'checks'>, id: string) {
  const kept = await keptArticleChecks(ctx.db, id);
  if (!kept) throw articleNotFound();
  const data = kept.data && (await withFileAlts(ctx.db, kept.data));
  return { data, stale: kept.stale || ctx.checks.has(id) };
}

/** POST /articles/:id/checks: the checks run now on the saved article. */
export async function checkArticle(ctx: Pick<AppContext, 'db' | 'workers' | 'scrape'>, id: string) {
  const article = await getArticle(ctx.db, id);
  if (!article) throw articleNotFound();
  return withFileAlts(ctx.db, await runArticleChecks(ctx, article));
}

/** GET /articles/:id/duplicates: the articles it looks like a copy of. */
export async function readDuplicates(ctx: Pick<AppContext, 'db' | 'workers'>, id: string) {
  const article = await getArticle(ctx.db, id);
  if (!article) throw articleNotFound();
  return duplicatesOf(ctx, article);
}

/** 404 unless an article with this id exists (in the trash or not). */
export async function assertArticleExists(db: Queryable, id: string): Promise<void> {
  if (!(await articleExists(db, id))) throw articleNotFound();
}
