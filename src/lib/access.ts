/**
 * What the signed-in role may do in the console, and why not: the contract's table of who may
 * call which operation (src/contract/roles.ts, the one the server checks every request against)
 * read for the console, with the words a disabled control or a refused screen shows. Every
 * decision the console makes about roles goes through here (through `useAccess`, src/api/system.ts).
 *
 * How the screens use it: a control the role may never use is left out of lists and menus; one
 * it may use but not here (an author and a published article) stays, disabled, with the reason
 * as its tooltip; the article page shows every control, disabled with the reason; a screen the
 * role may not use says so instead (`screenNotice`).
 */
import {
  mayCall,
  mayCallOnPublished,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLES,
  whoMay,
  type OperationId,
  type Role,
} from '../contract/roles';
import { refusedActions, roleTexts, type RefusableOperation } from './texts-roles';

/** Scheduling: `updateArticle` with `publishAt` or `unpublishAt`, which an author may not send. */
export type ScheduleAction = 'scheduleArticle';
/** What the console asks about: an operation of the API, or scheduling an article. */
export type Action = OperationId | ScheduleAction;

export interface AccessOptions {
  /** The operation is on a published article (an author may change drafts only). */
  published?: boolean;
}

export interface Access {
  role: Role;
  /** 'Editor' */
  label: string;
  /** What the role is for, as the role pickers say it. */
  description: string;
  may: (action: Action, options?: AccessOptions) => boolean;
  /** Why the role may not: 'Only an admin or an editor may publish articles'; null when it may. */
  whyNot: (action: RefusableOperation | ScheduleAction, options?: AccessOptions) => string | null;
  /** A screen the role may not use: 'Only an admin may manage webhooks; you are an editor.'; null when it may. */
  screenNotice: (operation: RefusableOperation) => string | null;
}

/** Scheduling is allowed to whoever may change a published article: the operation without the authors' exception. */
const asOperation = (action: Action, options: AccessOptions): [OperationId, boolean] =>
  action === 'scheduleArticle' ? ['updateArticle', true] : [action, options.published ?? false];

function build(role: Role): Access {
  const may = (action: Action, options: AccessOptions = {}) => {
    const [operation, published] = asOperation(action, options);
    return published ? mayCallOnPublished(role, operation) : mayCall(role, operation);
  };
  return {
    role,
    label: ROLE_LABELS[role],
    description: ROLE_DESCRIPTIONS[role],
    may,
    whyNot: (action, options = {}) => {
      if (may(action, options)) return null;
      const [operation, published] = asOperation(action, options);
      if (action === 'scheduleArticle') return roleTexts.onlyWho(whoMay(operation, true), roleTexts.schedule);
      // Refused only because the article is published: the role may do it to a draft.
      if (published && mayCall(role, operation)) return roleTexts.onlyWho(whoMay(operation, true), roleTexts.changePublished);
      return roleTexts.onlyWho(whoMay(operation), refusedActions[action]);
    },
    screenNotice: (operation) =>
      mayCall(role, operation) ? null : roleTexts.notForRole(whoMay(operation), refusedActions[operation], role),
  };
}

/** One Access per role, made once: a screen's memoised parts see the same object from render to render. */
const byRole = Object.fromEntries(ROLES.map((role) => [role, build(role)])) as Record<Role, Access>;

/** What `role` may do; the `me` of an older server names no role, and it had admins only. */
export function accessFor(role: Role | undefined): Access {
  return byRole[role ?? 'admin'];
}
