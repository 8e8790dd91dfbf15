/**
 * A story signed in as a role: `/auth/me` names it, and every call the role may not make is
 * refused as the server refuses it (403 `forbidden_role`, its message `roleMessages.forbidden`),
 * before the resource's handlers see it. Who may call what is the contract's table
 * (src/contract/roles.ts); which call is which operation is the server's (src/contract/operations.ts).
 */
import { notificationsApi } from './notifications';
import { http, HttpResponse } from 'msw';
import {
  OPERATIONS,
  mayCall,
  mayCallOnPublished,
  roleMessages,
  whoMay,
  type Role,
} from '../../src/contract';
import { articles, publishedArticle, scheduledSamples } from '../fixtures';
import { errorResponse } from './errors';

const routes = Object.entries(OPERATIONS).map(([route, { operationId: operation, summary }]) => {
  const [method, path] = route.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
  return { method, pattern, operation, summary };
});

/** The operation a request calls (src/contract/operations.ts: the server's routes). */
export function operationOf(method: string, pathname: string) {
  return routes.find((route) => route.method === method && route.pattern.test(pathname));
}

/** The article a request is about (`/api/articles/:id…`). */
const articleIdOf = (pathname: string) => /^\/api\/articles\/([^/]+)/.exec(pathname)?.[1];

/** The stories' published articles (an author's changes to these are refused). */
const publishedInSamples = () =>
  new Set([...articles, publishedArticle, ...scheduledSamples()].filter((a) => a.status === 'published').map((a) => a.id));

export interface SignedInAsOptions {
  email?: string;
  /** The articles that are published, for an author's changes (the stories' samples' by default). */
  published?: ReadonlySet<string>;
}

/**
 * Signed in as `role`. Its handlers must answer before the resource handlers: give them to a
 * later `msw.use` call (a story's `beforeEach`, after its meta's), or first in the same call. A
 * refused call never reaches the resource handlers; the others pass on to them.
 */
export function signedInAs(role: Role, { email = `${role}@example.com`, published = publishedInSamples() }: SignedInAsOptions = {}) {
  return [
    http.get('*/api/auth/me', () => HttpResponse.json({ user: { id: `u-${role}`, email, role, mustChangePassword: false } })),
    http.post('*/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
    ...notificationsApi(),
    http.all('*/api/*', async ({ request }) => {
      const { pathname } = new URL(request.url);
      const called = operationOf(request.method, pathname);
      if (!called) return undefined;
      const { operation, summary } = called;
      if (!mayCall(role, operation)) {
        return errorResponse('forbidden_role', roleMessages.forbidden(summary, whoMay(operation), role), {
          shape: pathname.startsWith('/api/files') ? 'file' : 'api',
        });
      }
      if (mayCallOnPublished(role, operation)) return undefined;
      // An author's change of an article: of a draft only, and without a schedule.
      const id = articleIdOf(pathname);
      if (id && published.has(id)) {
        return errorResponse('forbidden_role', roleMessages.forbidden(roleMessages.changePublished, whoMay(operation, true), role));
      }
      const body = request.method === 'PATCH' ? await request.clone().text() : '';
      if (/"(publishAt|unpublishAt)"\s*:/.test(body)) {
        return errorResponse('forbidden_role', roleMessages.forbidden(roleMessages.schedule, whoMay(operation, true), role));
      }
      return undefined;
    }),
  ];
}
