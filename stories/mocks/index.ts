/** One place for every MSW handler set the stories use (their sample data: ../fixtures). */
export { articleHandlers, articlesApi } from './articles';
export { fileHandlers, filesApi } from './files';
export { authHandlers, systemHandlers } from './system';
export { accountHandlers } from './account';
export { webhookHandlers } from './webhooks';
export { errorResponse } from './errors';
export { analyticsHandlers } from './analytics';
export { sourceHandlers } from './sources';
export { siteRuleHandlers } from './siteRules';
export { notificationHandlers } from './notifications';
