/**
 * One error shape for the whole API: `{ message, code }`, plus `success: false` on file routes
 * (SPEC.md's upload/delete results). Routes throw ApiError; everything else is mapped here.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiErrorSchema, serverMessages } from '../src/contract/index.ts';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More fields of the error body (e.g. `articleId` with `already_scraped`). */
    readonly extra: { articleId?: string } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new ApiError(400, code, message);
export const notFound = (message: string = serverMessages.notFound) => new ApiError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);

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

/** How long a client should wait before retrying while the database is unreachable (seconds). */
export const DATABASE_RETRY_AFTER_S = 5;
export const databaseUnavailable = () =>
  new ApiError(503, 'database_unavailable', serverMessages.databaseUnavailable, {
    'retry-after': String(DATABASE_RETRY_AFTER_S),
  });

/** The disk under DATA_DIR is full (or the process is over its quota). */
export const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as { code?: string } | null)?.code ?? '');
export const storageFull = () => new ApiError(507, 'storage_full', serverMessages.storageFull);

/** Response schema entries for errors, for every route's `response`. */
export const errorResponses = {
  '4xx': apiErrorSchema,
  '5xx': apiErrorSchema,
} as const;

const isFileRoute = (request: FastifyRequest) => request.url.startsWith('/api/files');

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  // The rest of an oversize body is not read: close the connection rather than drain it.
  if (error.statusCode === 413) reply.header('connection', 'close');
  const body = isFileRoute(request)
    ? { success: false, message: error.message, code: error.code, ...error.extra }
    : { message: error.message, code: error.code, ...error.extra };
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
  if (isDiskFull(error)) return storageFull();
  const e = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(e) || e.validation) {
    return badRequest(describeValidation(e), 'validation_failed');
  }
  switch (e.code) {
    // PostgreSQL text cannot hold U+0000 (character_not_in_repertoire / untranslatable_character).
    case '22021':
    case '22P05':
      return badRequest(serverMessages.nulCharacter, 'invalid_text');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('The request body is not valid JSON', 'invalid_json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, 'too_large', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(415, 'unsupported_media_type', 'Unsupported Content-Type; send JSON');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('Send the file as multipart/form-data with one part named "file"', 'not_multipart');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('Send one file per request, in a part named "file"', 'too_many_parts');
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('The multipart body is malformed', 'bad_multipart');
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new ApiError(e.statusCode, 'bad_request', e.message);
  }
  return new ApiError(500, 'internal', 'Internal server error');
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: apiError.code, reason: error.message }, 'request refused');
    return sendError(request, reply, apiError);
  });
}
