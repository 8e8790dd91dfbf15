/**
 * One error shape for the whole API: `{ message, code }`, plus `success: false` where a route
 * plugin asks for the file shape (docs/product.md, 'File calls'). Every code and message comes
 * from the contract's list (src/contract/errors.ts): routes throw `apiError(code)`; everything
 * else is mapped here.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  apiErrorMessage,
  apiErrors,
  apiErrorSchema,
  errorBodyOf,
  serverMessages,
  type ApiErrorArgs,
  type ApiErrorCode,
  type ErrorShape,
} from '../src/contract/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The shape of this request's error answers, when a route plugin decorates its requests
     * with one (the files plugin: 'file'); 'api' otherwise.
     */
    errorShape?: ErrorShape;
  }
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More fields of the error body (e.g. `articleId` with `already_scraped`). */
    readonly extra: { articleId?: string; suggestion?: string } = {},
  ) {
    super(message);
  }
}

interface ApiErrorOptions {
  headers?: Record<string, string>;
  extra?: { articleId?: string; suggestion?: string };
  /** Another status than the list's: only for client errors of Fastify's own, passed through. */
  status?: number;
}

/**
 * The error `code` of the contract's list, with its status and message; the message is given
 * only where the list has several or builds it at run time: `apiError('slug_taken')`,
 * `apiError('not_found', serverMessages.fileNotFound)`, `apiError('fetch_failed', 'Too many redirects')`.
 */
export function apiError<C extends ApiErrorCode>(code: C, ...args: ApiErrorArgs<C, ApiErrorOptions>): ApiError {
  const [message, options = {}] = (typeof args[0] === 'string' ? args : [undefined, args[0]]) as [
    string | undefined,
    ApiErrorOptions | undefined,
  ];
  return new ApiError(
    options.status ?? apiErrors[code].status,
    code,
    apiErrorMessage(code, message),
    options.headers,
    options.extra,
  );
}

export const notFound = () => apiError('not_found', serverMessages.notFound);

/**
 * The database cannot be reached right now: refused or lost connections, a server shutting
 * down, starting up or recovering (thrown by server/db/database.ts). A retry may succeed: the
 * API answers 503. `commitUnknown`: the connection was lost during COMMIT, so whether the
 * transaction was committed is not known.
 */
export class DatabaseUnavailableError extends Error {
  commitUnknown = false;
  constructor(readonly cause: unknown) {
    super(`database unavailable: ${(cause as Error | undefined)?.message ?? String(cause)}`);
  }
}

/**
 * The embedded database did not start this request's statement in time: statements before it
 * held it (see pglite-host.ts). Nothing of it ran.
 */
export class DatabaseBusyError extends Error {
  constructor(waitedMs: number) {
    super(`database busy: waited ${waitedMs} ms for the embedded database`);
  }
}

/** How long a client should wait before retrying while the database is unreachable (seconds). */
export const DATABASE_RETRY_AFTER_S = 5;
export const databaseUnavailable = () =>
  apiError('database_unavailable', { headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) } });

/** The object store (an S3 bucket) failed or did not answer: nothing was changed. */
export class StorageUnavailableError extends Error {
  constructor(readonly cause: unknown) {
    super(`file storage unavailable: ${(cause as Error | undefined)?.message ?? String(cause)}`);
  }
}
export const storageUnavailable = () =>
  apiError('storage_unavailable', { headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) } });

/** The disk under DATA_DIR is full (or the process is over its quota). */
export const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as { code?: string } | null)?.code ?? '');
export const storageFull = () => apiError('storage_full');

/** Response schema entries for errors, for every route's `response`. */
export const errorResponses = {
  '4xx': apiErrorSchema,
  '5xx': apiErrorSchema,
} as const;

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  // The rest of an oversize body is not read: close the connection rather than drain it.
  if (error.statusCode === 413) reply.header('connection', 'close');
  const body = errorBodyOf(error, request.errorShape ?? 'api');
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

function describeValidation(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  const first = error.validation?.[0];
  if (!first) return `Invalid ${where}`;
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return `Invalid ${where}${field ? ` field "${field}"` : ''}: ${first.message}`;
}

/** Maps Fastify's, multipart's and our own errors onto the one shape. */
export function toApiError(error: FastifyError | ApiError | Error): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DatabaseUnavailableError) return databaseUnavailable();
  if (error instanceof DatabaseBusyError) return apiError('database_busy', { headers: { 'retry-after': '2' } });
  if (error instanceof StorageUnavailableError) return storageUnavailable();
  if (isDiskFull(error)) return storageFull();
  const e = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(e) || e.validation) {
    return apiError('validation_failed', describeValidation(e));
  }
  switch (e.code) {
    // PostgreSQL text cannot hold U+0000 (character_not_in_repertoire / untranslatable_character).
    case '22021':
    case '22P05':
      return apiError('invalid_text');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return apiError('invalid_json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return apiError('too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return apiError('unsupported_media_type');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return apiError('not_multipart');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return apiError('too_many_parts');
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return apiError('bad_multipart');
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return apiError('bad_request', e.message, { status: e.statusCode });
  }
  return apiError('internal');
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: apiError.code, reason: error.message }, 'request refused');
    return sendError(request, reply, apiError);
  });
}
