/** One place for every MSW handler set the stories use. */
export { articleHandlers, articlesApi } from './articles';
export { fileHandlers, filesApi } from './files';
export { authHandlers, systemHandlers } from './system';
export { accountHandlers } from './account';
export { webhookHandlers } from './webhooks';
export { errorResponse } from './errors';
export { analyticsHandlers, emptyAnalytics, sampleAnalytics } from './analytics';
