import { aRole, type OperationId, type Role } from '../contract/roles';

/**
 * What the console says about roles: why a control is disabled, and why a screen is not shown.
 * The role names and descriptions are the contract's (ROLE_LABELS, ROLE_DESCRIPTIONS), and so
 * are who may do something (`whoMay`: 'an admin or an editor') and a role in a sentence (`aRole`).
 */

/**
 * What the console may say is refused, as it completes "Only an admin or an editor may …": the
 * controls it shows disabled, and the screens it shows refused. (What a role may never do is
 * otherwise left out of lists and menus, with nothing to say.)
 */
export const refusedActions = {
  createArticle: 'create articles',
  updateArticle: 'edit articles',
  rescrapeArticle: 'scrape articles again',
  // The Source card's check, merge and dismissal, refused together (all three `author-drafts`).
  mergeArticleSourceChange: 'check sources again or merge their changes',
  deleteArticle: 'delete articles',
  // The Comments card's new comment, replies, resolve and reopen.
  createArticleComment: 'comment on articles',
  // The History card's Restore, Pin and Name, refused together (both operations are `author-drafts`).
  restoreArticleRevision: 'restore, pin or name revisions',
  publishArticle: 'publish articles',
  convertArticleToDraft: 'turn articles back into drafts',
  listWebhooks: 'manage webhooks',
  // Every signed-in role sees the sources; this names what only editors and admins may do.
  listSources: 'see sources',
  createSource: 'add, poll, pause or remove sources',
  saveSiteRules: 'set or remove rules per site',
} as const satisfies Partial<Record<OperationId, string>>;

/** An operation the console may be refused, with its words. */
export type RefusableOperation = keyof typeof refusedActions;

export const roleTexts = {
  /** Scheduling is an edit that authors may not make (src/contract/roles.ts, `author-drafts`). */
  schedule: 'schedule articles',
  /** What an author may not do to a published article (the server's `roleMessages.changePublished`). */
  changePublished: 'change a published article',
  /** A disabled control's tooltip: 'Only an admin or an editor may publish articles'. */
  onlyWho: (who: string, action: string) => `Only ${who} may ${action}`,
  /** A screen the role may not use, as the server's 403 says it: 'Only an admin may manage webhooks; you are an editor.' */
  notForRole: (who: string, action: string, role: Role) => `Only ${who} may ${action}; you are ${aRole(role)}.`,
} as const;
