/**
 * Roles, and who may call which operation: one table, read by the server (every request is
 * checked against it before its handler runs: server/accounts/access.ts) and by the console
 * (which hides or disables what the signed-in role may not do, with the reason). Needs no zod
 * (the role's schema is `./accounts`' `roleSchema`), so the console's first screen may import it;
 * re-exported by `./index`.
 *
 * - `admin`: everything.
 * - `editor`: articles, files and sources (create, edit, publish, schedule, delete, restore); no accounts,
 *   invitations or webhooks.
 * - `author`: creates and edits drafts, uploads files; cannot publish, unpublish, schedule,
 *   delete for good or act on several articles at once.
 * - `viewer`: reads everything an editor can; changes nothing.
 */
/** From the most to the least trusted. */
export const ROLES = ['admin', 'editor', 'author', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', editor: 'Editor', author: 'Author', viewer: 'Viewer' };

/** What each role is for, as the role pickers say it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Everything, accounts and webhooks included',
  editor: 'Articles and files: edit, publish, schedule, delete',
  author: 'Writes drafts and uploads files; cannot publish or delete',
  viewer: 'Reads everything; changes nothing',
};

/**
 * Who may call an operation:
 * - `public`: anyone, signed in or not;
 * - a role: that role and every more trusted one (`viewer`: every signed-in account);
 * - `author-drafts`: editors and admins, and authors only on an article that is a draft, without
 *   scheduling it (`publishAt`, `unpublishAt` in the body).
 */
export type Access = 'public' | Role | 'author-drafts';

/** Every operation of the API (its OpenAPI operationId), and who may call it. */
export const OPERATION_ACCESS = {
  // Signing in, and one's own account and sessions.
  signIn: 'public',
  getSignInOptions: 'public',
  signUp: 'public',
  startOidcSignIn: 'public',
  finishOidcSignIn: 'public',
  signOut: 'viewer',
  changePassword: 'viewer',
  listSessions: 'viewer',
  endSession: 'viewer',
  getMe: 'viewer',
  // Articles.
  listArticles: 'viewer',
  listArticleSites: 'viewer',
  listArticleTrash: 'viewer',
  getArticleStats: 'viewer',
  checkSlug: 'viewer',
  getArticle: 'viewer',
  getArticleViews: 'viewer',
  checkArticle: 'viewer',
  getArticleChecks: 'viewer',
  getArticleDuplicates: 'viewer',
  listArticleRevisions: 'viewer',
  getArticleRevision: 'viewer',
  createArticle: 'author',
  scrapeArticle: 'author',
  updateArticle: 'author-drafts',
  rescrapeArticle: 'author-drafts',
  // A source's change of an article: seen by everyone, checked, merged and set aside by those who may edit it.
  getArticleSourceChange: 'viewer',
  recheckArticleSource: 'author-drafts',
  mergeArticleSourceChange: 'author-drafts',
  dismissArticleSourceChange: 'author-drafts',
  deleteArticle: 'author-drafts',
  labelArticleRevision: 'author-drafts',
  restoreArticleRevision: 'author-drafts',
  // Who else has an article open: everyone sees; those who may edit it hold the editing lease.
  streamArticlePresence: 'viewer',
  updateArticlePresence: 'author-drafts',
  takeOverArticle: 'author-drafts',
  publishArticle: 'editor',
  convertArticleToDraft: 'editor',
  bulkArticles: 'editor',
  restoreArticle: 'editor',
  purgeArticle: 'editor',
  retryArticleSchedule: 'editor',
  // The public site's API.
  listPublicArticles: 'public',
  getPublicArticle: 'public',
  // Figures.
  getAnalytics: 'viewer',
  listActivity: 'viewer',
  getHealth: 'public',
  // Files.
  listFiles: 'viewer',
  listLatestFiles: 'viewer',
  // Stored files are read by their unguessable id, like media on a CDN (published pages embed them).
  getFileContent: 'public',
  listFileTrash: 'viewer',
  getFileThumbnail: 'public',
  listFileVersions: 'viewer',
  getFileUsage: 'viewer',
  downloadFileVersion: 'viewer',
  // Review: an author asks for it (the step an author takes); approving and asking for changes
  // are an editor's, checked by the operation with the same 403.
  getArticleReview: 'viewer',
  // Comments: everyone reads them; authors and up write them; a comment's text is its author's,
  // deleting it its author's or an admin's (checked by the operation with the same 403).
  listArticleComments: 'viewer',
  createArticleComment: 'author',
  updateComment: 'author',
  deleteComment: 'author',
  // The calendar of planned days and scheduled changes: everyone sees it.
  getCalendar: 'viewer',
  // One's own notifications and their preferences.
  listNotifications: 'viewer',
  streamNotifications: 'viewer',
  markNotificationsRead: 'viewer',
  getNotificationPreferences: 'viewer',
  setNotificationPreferences: 'viewer',
  // The team, as those who assign and mention see it (no sessions, no passwords).
  listMembers: 'viewer',
  reviewArticle: 'author',
  uploadFile: 'author',
  // A resumable upload is an upload in several calls.
  createUpload: 'author',
  resumeUpload: 'author',
  appendUpload: 'author',
  cancelUpload: 'author',
  // Describing a file (alt text, focal point) is part of writing with it.
  updateFile: 'author',
  replaceFile: 'editor',
  bulkFiles: 'editor',
  deleteFile: 'editor',
  restoreFile: 'editor',
  purgeFile: 'editor',
  restoreFileVersion: 'editor',
  // Folders: everyone sees them; authors make them (and put files in them: updateFile); editors
  // rename, move and delete them.
  listFolders: 'viewer',
  getFolder: 'viewer',
  createFolder: 'author',
  updateFolder: 'editor',
  deleteFolder: 'editor',
  // Accounts, invitations, webhooks.
  listAccounts: 'admin',
  createAccount: 'admin',
  updateAccount: 'admin',
  removeAccount: 'admin',
  listInvitations: 'admin',
  setInvitationSettings: 'admin',
  createInvitation: 'admin',
  revokeInvitation: 'admin',
  listWebhooks: 'admin',
  createWebhook: 'admin',
  updateWebhook: 'admin',
  deleteWebhook: 'admin',
  listWebhookDeliveries: 'admin',
  redeliverWebhook: 'admin',
  sendWebhookTest: 'admin',
  // Sources: editors and admins manage them; everyone signed in sees them.
  listSources: 'viewer',
  getSource: 'viewer',
  listSourceEntries: 'viewer',
  createSource: 'editor',
  updateSource: 'editor',
  deleteSource: 'editor',
  pollSource: 'editor',
  // Rules per site: editors and admins set and try them; everyone signed in sees them.
  listSiteRules: 'viewer',
  saveSiteRules: 'editor',
  deleteSiteRules: 'editor',
  trySiteRules: 'editor',
} as const satisfies Record<string, Access>;

export type OperationId = keyof typeof OPERATION_ACCESS;

const RANK: Record<Role, number> = { admin: 3, editor: 2, author: 1, viewer: 0 };

/** Whether `role` may call the operation at all (`author-drafts`: authors on drafts only). */
export function mayCall(role: Role, operation: OperationId): boolean {
  const access: Access = OPERATION_ACCESS[operation];
  if (access === 'public') return true;
  return RANK[role] >= RANK[access === 'author-drafts' ? 'author' : access];
}

/** Whether `role` may call the operation on an article whatever its status (not an author on a published one). */
export function mayCallOnPublished(role: Role, operation: OperationId): boolean {
  return mayCall(role, operation) && (OPERATION_ACCESS[operation] !== 'author-drafts' || RANK[role] >= RANK.editor);
}

/** A role as a sentence names it: 'an admin', 'a viewer'. */
export const aRole = (role: Role) => `${role === 'viewer' ? 'a' : 'an'} ${role}`;

/** The roles that may call an operation, as a sentence names them: 'an editor or an admin'. */
export function whoMay(operation: OperationId, onPublished = false): string {
  const may = ROLES.filter((role) => (onPublished ? mayCallOnPublished(role, operation) : mayCall(role, operation)));
  const named = may.map(aRole);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} or ${named.at(-1)}` : (named[0] ?? 'nobody');
}

export const roleMessages = {
  /** 403 `forbidden_role`: what was asked, who may do it, and the asker's role. */
  forbidden: (what: string, who: string, role: Role) => `${what}: only ${who} may do this; you are ${aRole(role)}.`,
  /** What an author may not do on a published article, or with a schedule. */
  changePublished: 'Change a published article',
  schedule: 'Schedule an article',
  lastAdmin: 'This is the last admin: make another account an admin first.',
};
