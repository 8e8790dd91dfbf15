/**
 * An article's history (registered under /articles): its revisions, a revision's snapshot,
 * restoring one (as a new revision, so the current content stays in the history), and pinning
 * or naming one. The shapes are in src/contract/history.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleResultSchema,
  revisionListQuerySchema,
  revisionListSchema,
  revisionParamsSchema,
  revisionPatchSchema,
  revisionResultSchema,
  revisionSummaryResultSchema,
  serverMessages,
} from '../../src/contract/index.ts';
import { articleLabel, isStale, nextUpdatedAt } from '../articles/rules.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import { apiError, errorResponses } from '../errors.ts';
import {
  getRevision,
  listRevisions,
  pruneRevisions,
  recordRevision,
  revisionNotFound,
  snapshotOf,
  toRevisionSummary,
} from '../history/articles.ts';
import { recordActivity } from '../repositories/activity.ts';
import { emitArticleEvents } from '../webhooks/events.ts';
import { getArticle, isSlugTaken, seoOf, toArticle, updateContent } from '../repositories/articles.ts';
import { selectRevision, updateRevisionLabel } from '../repositories/revisions.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const articleNotFound = () => apiError('not_found', serverMessages.articleNotFound);

export const historyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx;

  /** 404 unless the article is there (out of the trash). */
  const assertArticle = async (id: string) => {
    if (!(await getArticle(db, id))) throw articleNotFound();
  };

  app.get('/:id/revisions', {
    schema: {
      params: idParams,
      querystring: revisionListQuerySchema,
      response: { 200: revisionListSchema, ...errorResponses },
    },
    handler: async (request) => {
      await assertArticle(request.params.id);
      return listRevisions(db, request.params.id, request.query);
    },
  });

  app.get('/:id/revisions/:rev', {
    schema: {
      params: revisionParamsSchema,
      response: { 200: revisionResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      await assertArticle(request.params.id);
      return { data: await getRevision(db, request.params.id, request.params.rev) };
    },
  });

  app.patch('/:id/revisions/:rev', {
    schema: {
      params: revisionParamsSchema,
      body: revisionPatchSchema,
      response: { 200: revisionSummaryResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, rev } = request.params;
      const { pinned, name } = request.body;
      return db.transaction(async (tx) => {
        if (!(await getArticle(tx, id, true))) throw articleNotFound();
        const found = await selectRevision(tx, id, rev);
        if (!found) throw revisionNotFound();
        const updated = (await updateRevisionLabel(tx, id, rev, { pinned, name: name === undefined ? undefined : name || null }))!;
        // Unpinned: it may be one the policy no longer keeps (the answer still shows it as it was labelled).
        if (pinned === false) await pruneRevisions(tx, id, ctx.retention, new Date());
        return { data: toRevisionSummary(id, updated, Number(found.latest)) };
      });
    },
  });

  app.post('/:id/revisions/:rev/restore', {
    schema: {
      params: revisionParamsSchema,
      headers: z.object({ 'if-match': z.string().max(100).optional() }),
      response: { 200: articleResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, rev } = request.params;
      const actor = request.user!.email;
      try {
        const row = await db.transaction(async (tx) => {
          const current = await getArticle(tx, id, true);
          if (!current) throw articleNotFound();
          const revision = await selectRevision(tx, id, rev);
          if (!revision) throw revisionNotFound();
          if (current.status === 'published') throw apiError('article_published');
          if (isStale(request.headers['if-match'], current.updated_at)) throw apiError('stale_article');
          const snapshot = await snapshotOf(tx, id, revision);
          const content = {
            title: snapshot.title,
            slug: snapshot.slug,
            blog_data: snapshot.blogData,
            scrapped_data: snapshot.scrappedData,
            scraped_url: snapshot.scrapedUrl,
            new_url: snapshot.newUrl,
          };
          // A revision recorded before the SEO fields existed had none set.
          const seo = snapshot.seo ?? seoOf({});
          const currentSeo = seoOf(current);
          const same =
            (Object.keys(content) as (keyof typeof content)[]).every((key) => content[key] === current[key]) &&
            (Object.keys(seo) as (keyof typeof seo)[]).every((field) => seo[field] === currentSeo[field]);
          if (same) return current;
          if (content.slug !== null && content.slug !== current.slug && (await isSlugTaken(tx, content.slug, id))) {
            throw apiError('slug_taken');
          }
          const at = nextUpdatedAt(current.updated_at);
          const restored = await updateContent(tx, id, { ...content, seo }, at);
          await recordRevision(tx, current, restored, { actor, action: 'restore', restoredFrom: rev, at, retention: ctx.retention });
          await recordActivity(tx, 'article.html', `Article ${articleLabel(current)} restored to revision ${rev}`, at, actor);
          await emitArticleEvents(tx, 'article.updated', [current.id], at);
          return restored;
        });
        ctx.checks.add(row.id);
        return { data: toArticle(row) };
      } catch (error) {
        if (isUniqueViolation(error, 'articles_slug_key')) throw apiError('slug_taken');
        throw error;
      }
    },
  });
};
