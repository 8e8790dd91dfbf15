/**
 * The contract's answer schemas as the console reads them. Only `client.ts` loads this module,
 * and only with a dynamic import: zod and the schemas (~24 KB gzip) stay out of the JavaScript
 * the first screen waits for. The client starts loading it at start-up and at every request,
 * alongside the request, and checks every answer with it before handing it over. The role rules
 * (src/lib/access.ts, the contract's table of roles) come with it too, out of the first screen's
 * JavaScript (its budget is nearly spent): `me` is read through this module, so with `me` the
 * rules are here (useAccess, ./system).
 */
import { z } from 'zod';
export { accessFor } from '../lib/access';
import {
  accountListSchema,
  analyticsSchema,
  activityListSchema,
  articleViewsSchema,
  articleChecksResultSchema,
  keptArticleChecksResultSchema,
  articleReviewResultSchema,
  reviewActionResultSchema,
  memberListSchema,
  commentListSchema,
  commentResultSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationsReadResultSchema,
  calendarResultSchema,
  duplicatesResultSchema,
  sourceChangeResultSchema,
  sourceCheckResultSchema,
  sourceMergeResultSchema,
  apiErrorSchema,
  authOptionsSchema,
  createAccountResultSchema,
  createInvitationResultSchema,
  invitationListSchema,
  sessionListSchema,
  articleListResultSchema,
  articleResultSchema,
  articleSchema,
  articleSitesResultSchema,
  articleStatsSchema,
  bulkResultSchema,
  deleteResultSchema,
  fileListResultSchema,
  fileVersionListSchema,
  fileUsageSchema,
  fileResultSchema,
  fileTrashResultSchema,
  folderDetailSchema,
  folderListSchema,
  folderResultSchema,
  healthSchema,
  latestFilesResultSchema,
  loginResultSchema,
  meResultSchema,
  presenceListSchema,
  revisionListSchema,
  revisionResultSchema,
  revisionSummaryResultSchema,
  scrapeResultSchema,
  slugCheckResultSchema,
  toArticleCard,
  trashListResultSchema,
  updateAccountResultSchema,
  uploadResultSchema,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliveryResultSchema,
  webhookListSchema,
  webhookResultSchema,
  sourceCreatedSchema,
  sourceEntryListSchema,
  sourceListSchema,
  sourcePollResultSchema,
  sourceResultSchema,
  siteRuleListSchema,
  siteRuleResultSchema,
  siteRuleTrialResultSchema,
  type ArticleListResult,
} from '../contract';

export {
  accountListSchema,
  analyticsSchema,
  activityListSchema,
  articleViewsSchema,
  articleChecksResultSchema,
  keptArticleChecksResultSchema,
  articleReviewResultSchema,
  reviewActionResultSchema,
  memberListSchema,
  commentListSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  calendarResultSchema,
  notificationsReadResultSchema,
  commentResultSchema,
  duplicatesResultSchema,
  sourceChangeResultSchema,
  sourceCheckResultSchema,
  sourceMergeResultSchema,
  apiErrorSchema,
  authOptionsSchema,
  createAccountResultSchema,
  createInvitationResultSchema,
  invitationListSchema,
  sessionListSchema,
  articleResultSchema,
  articleSitesResultSchema,
  articleStatsSchema,
  bulkResultSchema,
  deleteResultSchema,
  fileListResultSchema,
  fileResultSchema,
  fileTrashResultSchema,
  fileVersionListSchema,
  fileUsageSchema,
  folderDetailSchema,
  folderListSchema,
  folderResultSchema,
  healthSchema,
  latestFilesResultSchema,
  loginResultSchema,
  meResultSchema,
  presenceListSchema,
  revisionListSchema,
  revisionResultSchema,
  revisionSummaryResultSchema,
  scrapeResultSchema,
  slugCheckResultSchema,
  trashListResultSchema,
  updateAccountResultSchema,
  uploadResultSchema,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliveryResultSchema,
  webhookListSchema,
  webhookResultSchema,
  sourceCreatedSchema,
  sourceEntryListSchema,
  sourceListSchema,
  sourcePollResultSchema,
  sourceResultSchema,
  siteRuleListSchema,
  siteRuleResultSchema,
  siteRuleTrialResultSchema,
};

/**
 * docs/product.md, 'Article calls': the list is read as a `data` array or as a bare array of articles. Our server sends
 * cards; whole articles from another server are cut into cards here.
 */
const articleListShapes = z.union([articleListResultSchema, z.array(articleSchema), z.object({ data: z.array(articleSchema) })]);

export function normaliseArticleList(answer: z.infer<typeof articleListShapes>): ArticleListResult {
  if (!Array.isArray(answer) && 'counts' in answer) return answer;
  const data = (Array.isArray(answer) ? answer : answer.data).map(toArticleCard);
  const published = data.filter((a) => a.status === 'published').length;
  return { data, counts: { all: data.length, published, draft: data.length - published }, nextCursor: null };
}

/** Any of the list shapes above, read as the list our server sends. */
export const articleListAnswerSchema = articleListShapes.transform(normaliseArticleList);

/** An article, wrapped in `{ data }` (our server) or bare. */
export const articleDetailAnswerSchema = z
  .union([articleResultSchema, articleSchema])
  .transform((answer) => ('data' in answer ? answer.data : answer));
