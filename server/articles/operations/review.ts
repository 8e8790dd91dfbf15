/**
 * An article's review (src/contract/review.ts): asked for by anyone who may edit it, approved or
 * sent back with a note by an editor or an admin. Each step is one transaction with its activity
 * entry; the article's content and revisions are not touched.
 */
import {
  notificationMessages,
  reviewMessages,
  reviewProblem,
  roleMessages,
  whoMay,
  type ArticleReview,
  type ReviewRequest,
  type Role,
} from '../../../src/contract/index.ts';
import type { Queryable } from '../../db/database.ts';
import { apiError } from '../../errors.ts';
import { recordActivity } from '../../repositories/activity.ts';
import { getArticle } from '../../repositories/articles.ts';
import { accountsAmong, decideReview, lockReviewState, requestReview, reviewOf } from '../../repositories/reviews.ts';
import { articleLabel } from '../rules.ts';
import { deciderIds, notify } from '../../notifications/operations.ts';
import { writeArticles, type ArticleWriteContext } from '../commit.ts';
import { articleNotFound } from './create.ts';
import { applySchedule } from './schedule.ts';
import { applySwitch } from './status.ts';

/** GET /articles/:id/review. */
export async function readReview(ctx: { db: Queryable }, id: string): Promise<ArticleReview> {
  if (!(await getArticle(ctx.db, id))) throw articleNotFound();
  return reviewOf(ctx.db, id);
}

/** Roles that decide a review (approve, ask for changes). */
const DECIDERS: readonly Role[] = ['admin', 'editor'];

/**
 * POST /articles/:id/review: the step taken, and the review as it now is. An approval that
 * publishes or schedules writes both in one transaction: a refused publish time leaves the
 * review in review.
 */
export async function reviewArticle(
  ctx: ArticleWriteContext,
  user: { id: string; email: string; role: Role },
  id: string,
  request: ReviewRequest,
): Promise<{ data: ArticleReview; message: string }> {
  const problem = reviewProblem(request);
  if (problem) throw apiError('validation_failed', problem);
  if (request.action !== 'request' && !DECIDERS.includes(user.role)) {
    throw apiError('forbidden_role', roleMessages.forbidden('Approve an article or ask for changes', whoMay('publishArticle'), user.role));
  }
  const reviewerIds = [...new Set(request.reviewerIds ?? [])];
  const note = request.note?.trim() ?? '';
  const message = await writeArticles(ctx, async (writer) => {
    const tx = writer.tx;
    const article = await getArticle(tx, id, true);
    if (!article) throw articleNotFound();
    const state = await lockReviewState(tx, id);
    const at = new Date();
    if (request.action === 'request') {
      if (article.status === 'published') throw apiError('article_published');
      const accounts = await accountsAmong(tx, reviewerIds);
      const stranger = reviewerIds.find((reviewer) => !DECIDERS.includes(accounts.get(reviewer)?.role ?? 'viewer'));
      if (stranger) throw apiError('validation_failed', reviewMessages.notAReviewer(accounts.get(stranger)?.email ?? stranger));
      await requestReview(tx, id, user.id, reviewerIds, at);
      await notify(tx, {
        kind: 'review_requested',
        articleId: id,
        actorId: user.id,
        userIds: reviewerIds.length ? reviewerIds : await deciderIds(tx),
        message: notificationMessages.review_requested(user.email, articleLabel(article)),
        at,
      });
      const of = accounts.size ? ` of ${[...accounts.values()].map((a) => a.email).sort().join(', ')}` : '';
      await recordActivity(tx, 'article.review_requested', `Review of article ${articleLabel(article)} requested${of}`, at, user.email);
      return reviewMessages.requested;
    }
    if (state !== 'in_review') throw apiError('review_not_requested');
    const approve = request.action === 'approve';
    const asker = (await reviewOf(tx, id)).requestedBy?.id;
    await decideReview(tx, id, approve ? 'approved' : 'changes_requested', note, user.id, at);
    await notify(tx, {
      kind: 'review_decided',
      articleId: id,
      actorId: user.id,
      userIds: asker ? [asker] : [],
      message: (approve ? notificationMessages.approved : notificationMessages.changes_requested)(user.email, articleLabel(article)),
      at,
    });
    await recordActivity(
      tx,
      approve ? 'article.approved' : 'article.changes_requested',
      approve ? `Article ${articleLabel(article)} approved` : `Changes requested on article ${articleLabel(article)}`,
      at,
      user.email,
    );
    if (!approve) return reviewMessages.changesRequested;
    if (request.publish === 'now') {
      await applySwitch(writer, user.email, id, 'publish');
      return reviewMessages.approvedAndPublished;
    }
    if (request.publish) {
      await applySchedule(writer, user.email, id, { publishAt: request.publish.publishAt, timeZone: request.publish.timeZone }, at);
      return reviewMessages.approvedAndScheduled;
    }
    return reviewMessages.approved;
  });
  return { data: await reviewOf(ctx.db, id), message };
}
