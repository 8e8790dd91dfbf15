/**
 * Every operation of the API by its route (`METHOD /path`, as the server declares it: `:id`):
 * its operationId and its summary, as the served OpenAPI document names them. The server's
 * document and role checks read it (server/openapi.ts, server/accounts/access.ts), and so do the
 * stories' mocks (stories/mocks/roles.ts): the 403 `forbidden_role` message names the summary.
 * Needs no zod; re-exported by `./index`.
 */
import type { OperationId } from './roles';

export const OPERATIONS: Record<string, { operationId: OperationId; summary: string }> = {
  'POST /api/auth/login': { operationId: 'signIn', summary: 'Sign in with email and password' },
  'GET /api/auth/options': { operationId: 'getSignInOptions', summary: 'Sign-in options (invitations, OpenID Connect)' },
  'POST /api/auth/signup': { operationId: 'signUp', summary: 'Create an account from an invitation' },
  'GET /api/auth/oidc/start': { operationId: 'startOidcSignIn', summary: 'Start an OpenID Connect sign-in (redirect)' },
  'GET /api/auth/oidc/callback': { operationId: 'finishOidcSignIn', summary: 'OpenID Connect provider\'s callback (redirect)' },
  'POST /api/auth/logout': { operationId: 'signOut', summary: 'Sign out (ends this session)' },
  'POST /api/auth/password': { operationId: 'changePassword', summary: 'Change the password' },
  'GET /api/auth/sessions': { operationId: 'listSessions', summary: 'List the user\'s sessions' },
  'DELETE /api/auth/sessions/:id': { operationId: 'endSession', summary: 'End a session' },
  'GET /api/auth/me': { operationId: 'getMe', summary: 'The signed-in user' },
  'GET /api/articles/admin/articles': { operationId: 'listArticles', summary: 'List articles (cards, filtered, searched, paged)' },
  'GET /api/articles/admin/sites': { operationId: 'listArticleSites', summary: 'The source sites with the most articles' },
  'GET /api/articles/admin/trash': { operationId: 'listArticleTrash', summary: 'List the articles in the trash (paged)' },
  'GET /api/articles/admin/stats': { operationId: 'getArticleStats', summary: 'Article counts and weekly figures' },
  'GET /api/articles/slug/check/:slug': { operationId: 'checkSlug', summary: 'Check that a slug is free (or suggest one)' },
  'GET /api/articles/:id': { operationId: 'getArticle', summary: 'Get an article' },
  'PATCH /api/articles/:id': { operationId: 'updateArticle', summary: 'Edit an article\'s title, slug, blog HTML, SEO fields or schedule' },
  'DELETE /api/articles/:id': { operationId: 'deleteArticle', summary: 'Move an article to the trash' },
  'POST /api/articles': { operationId: 'createArticle', summary: 'Create a draft article' },
  'POST /api/articles/scrape': { operationId: 'scrapeArticle', summary: 'Scrape a page into a new draft' },
  'POST /api/articles/:id/rescrape': { operationId: 'rescrapeArticle', summary: 'Scrape an article\'s page again' },
  'POST /api/articles/:id/source-check': {
    operationId: 'recheckArticleSource',
    summary: 'Fetch an article\'s page again (conditionally) and say whether its source changed it',
  },
  'GET /api/articles/:id/source-change': {
    operationId: 'getArticleSourceChange',
    summary: 'The change of an article\'s source waiting for the editor: old and new text, their diff, and the merge',
  },
  'POST /api/articles/:id/source-change/merge': {
    operationId: 'mergeArticleSourceChange',
    summary: 'Merge the source\'s change into the article (three-way; conflicts the editor\'s unless taken)',
  },
  'POST /api/articles/:id/source-change/dismiss': {
    operationId: 'dismissArticleSourceChange',
    summary: 'Set the source\'s change aside (the same text is not flagged again)',
  },
  'PATCH /api/articles/:id/publish': { operationId: 'publishArticle', summary: 'Publish an article' },
  'PATCH /api/articles/:id/draft': { operationId: 'convertArticleToDraft', summary: 'Turn an article back into a draft' },
  'GET /api/articles/:id/views': { operationId: 'getArticleViews', summary: 'An article\'s public reads per day' },
  'GET /api/articles/:id/checks': {
    operationId: 'getArticleChecks',
    summary: 'The last checks before publishing kept for an article, and whether it was saved since',
  },
  'GET /api/articles/:id/duplicates': {
    operationId: 'getArticleDuplicates',
    summary: 'The articles an article looks like a copy of: the same address once normalised, or a text at least 90% alike',
  },
  'POST /api/articles/:id/checks': {
    operationId: 'checkArticle',
    summary: 'Run the checks before publishing on an article\'s saved HTML: title, alt text, heading order, word count and reading time',
  },
  'POST /api/articles/bulk': { operationId: 'bulkArticles', summary: 'Publish, convert or delete several articles at once' },
  'POST /api/articles/:id/restore': { operationId: 'restoreArticle', summary: 'Bring an article back from the trash' },
  'DELETE /api/articles/:id/forever': { operationId: 'purgeArticle', summary: 'Delete an article of the trash for good' },
  'GET /api/articles/:id/revisions': { operationId: 'listArticleRevisions', summary: 'List an article\'s revisions (newest first, keyset pages)' },
  'GET /api/articles/:id/revisions/:rev': { operationId: 'getArticleRevision', summary: 'Get a revision of an article, with the article as it was then' },
  'PATCH /api/articles/:id/revisions/:rev': { operationId: 'labelArticleRevision', summary: 'Pin a revision (never removed) or name it' },
  'POST /api/articles/:id/revisions/:rev/restore': { operationId: 'restoreArticleRevision', summary: 'Write a revision\'s content back as a new revision (the current one stays in the history)' },
  'GET /api/articles/:id/presence/stream': { operationId: 'streamArticlePresence', summary: 'Who has the article open, live (server-sent events of an open page)' },
  'PUT /api/articles/:id/presence': { operationId: 'updateArticlePresence', summary: 'Say whether this page is editing the article (the editing lease)' },
  'POST /api/articles/:id/presence/takeover': { operationId: 'takeOverArticle', summary: 'Take over the editing lease of another page' },
  'GET /api/public/articles': { operationId: 'listPublicArticles', summary: 'List the published articles (no session; cached)' },
  'GET /api/public/articles/:slug': { operationId: 'getPublicArticle', summary: 'Get a published article by its slug (no session; cached; counts a view)' },
  'GET /api/analytics': { operationId: 'getAnalytics', summary: 'The Analytics screen\'s figures for 30 or 90 days' },
  'GET /api/files': { operationId: 'listFiles', summary: 'List files (filtered, paged)' },
  'POST /api/files': { operationId: 'uploadFile', summary: 'Upload a file (multipart/form-data, part "file")' },
  'GET /api/files/latest': { operationId: 'listLatestFiles', summary: 'The latest uploads' },
  'PUT /api/files/:id/content': { operationId: 'replaceFile', summary: 'Replace a file\'s bytes, keeping its id and URL' },
  'GET /api/files/:id/content': { operationId: 'getFileContent', summary: 'A file\'s content, or a raster image made to measure (w, h, fit, format)' },
  'PATCH /api/files/:id': { operationId: 'updateFile', summary: 'Set a file\'s alt text, caption, credit or focal point' },
  'GET /api/files/trash': { operationId: 'listFileTrash', summary: 'List the files in the trash (paged)' },
  'POST /api/files/bulk': { operationId: 'bulkFiles', summary: 'Delete, restore or purge several files at once' },
  'DELETE /api/files/:id': { operationId: 'deleteFile', summary: 'Move a file to the trash' },
  'POST /api/files/:id/restore': { operationId: 'restoreFile', summary: 'Bring a file back from the trash' },
  'DELETE /api/files/:id/forever': { operationId: 'purgeFile', summary: 'Delete a file of the trash for good' },
  'GET /api/files/:id/thumbnail': { operationId: 'getFileThumbnail', summary: 'An image\'s thumbnail' },
  'GET /api/files/:id/versions': { operationId: 'listFileVersions', summary: 'List a file\'s earlier versions (newest first)' },
  'GET /api/files/:id/versions/:v/content': { operationId: 'downloadFileVersion', summary: 'Download an earlier version\'s bytes' },
  'POST /api/files/:id/versions/:v/restore': { operationId: 'restoreFileVersion', summary: 'Make an earlier version\'s bytes the file\'s again (the current ones become a version)' },
  'GET /api/users': { operationId: 'listAccounts', summary: 'List accounts and their roles' },
  'POST /api/users': { operationId: 'createAccount', summary: 'Create an account (an admin unless a role is given)' },
  'PATCH /api/users/:id': { operationId: 'updateAccount', summary: 'Change an account\'s role' },
  'DELETE /api/users/:id': { operationId: 'removeAccount', summary: 'Remove an account' },
  'GET /api/invitations': { operationId: 'listInvitations', summary: 'List invitation links' },
  'PUT /api/invitations/settings': { operationId: 'setInvitationSettings', summary: 'Turn sign-up by invitation on or off' },
  'POST /api/invitations': { operationId: 'createInvitation', summary: 'Create an invitation link' },
  'DELETE /api/invitations/:id': { operationId: 'revokeInvitation', summary: 'Revoke an invitation link' },
  'POST /api/articles/:id/schedule/retry': { operationId: 'retryArticleSchedule', summary: 'Try a failed scheduled publish or unpublish again, now' },
  'GET /api/webhooks': { operationId: 'listWebhooks', summary: 'List webhook endpoints' },
  'POST /api/webhooks': { operationId: 'createWebhook', summary: 'Register a webhook endpoint (its signing secret is answered once)' },
  'PATCH /api/webhooks/:id': { operationId: 'updateWebhook', summary: 'Change an endpoint\'s URL or events, or enable or disable it' },
  'DELETE /api/webhooks/:id': { operationId: 'deleteWebhook', summary: 'Remove a webhook endpoint and its delivery log' },
  'GET /api/webhooks/:id/deliveries': { operationId: 'listWebhookDeliveries', summary: 'An endpoint\'s delivery log, newest first (keyset pages)' },
  'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver': { operationId: 'redeliverWebhook', summary: 'Send a delivery again (same webhook-id), now' },
  'POST /api/webhooks/:id/test': { operationId: 'sendWebhookTest', summary: 'Send a webhook.test event to one endpoint' },
  'GET /api/sources': { operationId: 'listSources', summary: 'List the feeds and sitemaps followed, with their health' },
  'POST /api/sources': {
    operationId: 'createSource',
    summary: 'Follow a feed or sitemap (or the feed a page names): its new entries become drafts',
  },
  'GET /api/sources/:id': { operationId: 'getSource', summary: 'Get a source, with its health' },
  'PATCH /api/sources/:id': { operationId: 'updateSource', summary: 'Change a source\'s poll interval, URL pattern or watching, or pause or resume it' },
  'DELETE /api/sources/:id': { operationId: 'deleteSource', summary: 'Stop following a source (its articles stay)' },
  'POST /api/sources/:id/poll': { operationId: 'pollSource', summary: 'Poll a source now; answers what the poll did when it ends' },
  'GET /api/sources/:id/entries': { operationId: 'listSourceEntries', summary: 'A source\'s entries and what became of each, newest first (keyset pages)' },
  'GET /api/site-rules': { operationId: 'listSiteRules', summary: 'List the rules per site (what to drop, what to keep, where the title is)' },
  'PUT /api/site-rules/:host': { operationId: 'saveSiteRules', summary: 'Set a site\'s rules: every scrape of its pages uses them' },
  'DELETE /api/site-rules/:host': { operationId: 'deleteSiteRules', summary: 'Remove a site\'s rules (its pages are extracted as any other)' },
  'POST /api/site-rules/try': { operationId: 'trySiteRules', summary: 'Try rules on a page of the site: its article as they make it, nothing saved' },
  'GET /api/health': { operationId: 'getHealth', summary: 'Health of the API, database and storage' },
  'GET /api/activity': { operationId: 'listActivity', summary: 'Recent activity' },
};

/** The operation of a route as the server declares it (`GET`, `/api/articles/:id`; HEAD is GET's), if any. */
export function operationOf(method: string, route: string): { operationId: OperationId; summary: string } | undefined {
  const path = route.length > 1 ? route.replace(/\/$/, '') : route;
  return OPERATIONS[`${method === 'HEAD' ? 'GET' : method} ${path}`];
}
