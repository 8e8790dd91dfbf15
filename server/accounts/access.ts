/**
 * Roles, enforced: every request to an operation is checked against the contract's table
 * (src/contract/roles.ts `OPERATION_ACCESS`) before its handler runs, so no handler checks a
 * role of its own. An operation the role may not call answers 403 `forbidden_role`, naming who
 * may; an author's call to an `author-drafts` operation is checked once its body is read: on a
 * draft only, and without a schedule. The If-Match rule and the handlers' own checks stay.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  OPERATION_ACCESS,
  mayCall,
  mayCallOnPublished,
  operationOf,
  roleMessages,
  whoMay,
  type OperationId,
  type Role,
} from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { articleStatusOf } from '../repositories/articles.ts';

const forbidden = (what: string, operation: OperationId, role: Role, onPublished = false) =>
  apiError('forbidden_role', roleMessages.forbidden(what, whoMay(operation, onPublished), role));

/** The body's fields that schedule an article (an author may not). */
const SCHEDULE_FIELDS = ['publishAt', 'unpublishAt'] as const;

/**
 * Adds the checks to `app` (the API's plugin), after its session check: `request.user` is set
 * for every route that is not public.
 */
export function enforceRoles(app: FastifyInstance, db: Queryable) {
  app.addHook('onRequest', async (request) => {
    const user = request.user;
    if (!user || !request.routeOptions.url) return;
    const operation = operationOf(request.method, request.routeOptions.url);
    // A route the API's document does not list is an admin's (none is, today: openapi.test.ts).
    if (!operation) {
      if (user.role !== 'admin') throw apiError('forbidden_role', roleMessages.forbidden('This', 'an admin', user.role));
      return;
    }
    if (!mayCall(user.role, operation.operationId)) throw forbidden(operation.summary, operation.operationId, user.role);
  });

  app.addHook('preHandler', async (request: FastifyRequest) => {
    const user = request.user;
    if (!user || !request.routeOptions.url) return;
    const operation = operationOf(request.method, request.routeOptions.url);
    if (!operation || mayCallOnPublished(user.role, operation.operationId)) return;
    if (OPERATION_ACCESS[operation.operationId] !== 'author-drafts') return;
    const body = request.body as Record<string, unknown> | undefined;
    if (body && SCHEDULE_FIELDS.some((field) => body[field] !== undefined)) {
      throw forbidden(roleMessages.schedule, 'publishArticle', user.role);
    }
    const { id } = request.params as { id?: string };
    // An unknown article is the handler's to answer (404).
    const status = id === undefined ? undefined : await articleStatusOf(db, id);
    if (status === 'published') throw forbidden(roleMessages.changePublished, operation.operationId, user.role, true);
  });
}
