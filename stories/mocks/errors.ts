/**
 * Error answers of the MSW handlers, built from the contract's list of the server's errors
 * (src/contract/errors.ts): the code's status, its message and the body's shape, as the server
 * sends them. A handler never writes an error body by hand.
 */
import { HttpResponse } from 'msw';
import {
  apiErrorMessage,
  apiErrors,
  errorBodyOf,
  type ApiErrorArgs,
  type ApiErrorCode,
  type ErrorShape,
} from '../../src/contract';

interface ErrorResponseOptions {
  /** 'file' on the file routes: the body carries `success: false`. */
  shape?: ErrorShape;
  /** With `already_scraped`: the article made from that page before. */
  articleId?: string;
  /** With `restore_slug_taken`: a free slug to restore the article with. */
  suggestion?: string;
  headers?: Record<string, string>;
}

/**
 * The server's answer for the error `code`: `errorResponse('article_published')`; the message is
 * given only where the list has several or the server builds it at run time:
 * `errorResponse('not_found', serverMessages.fileNotFound, { shape: 'file' })`.
 */
export function errorResponse<C extends ApiErrorCode>(code: C, ...args: ApiErrorArgs<C, ErrorResponseOptions>) {
  const [message, options = {}] = (typeof args[0] === 'string' ? args : [undefined, args[0]]) as [
    string | undefined,
    ErrorResponseOptions | undefined,
  ];
  const extra = {
    ...(options.articleId === undefined ? {} : { articleId: options.articleId }),
    ...(options.suggestion === undefined ? {} : { suggestion: options.suggestion }),
  };
  const body = errorBodyOf({ code, message: apiErrorMessage(code, message), extra }, options.shape);
  return HttpResponse.json(body, { status: apiErrors[code].status, headers: options.headers });
}

/** The server's words for a body or query its schema refuses (server/errors.ts describeValidation). */
export function invalidInput(where: 'body' | 'querystring', error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.');
  return errorResponse('validation_failed', `Invalid ${where}${field ? ` field "${field}"` : ''}: ${issue.message}`);
}

/** A host the fakes treat as private, loopback or link-local, as the server's address checks refuse them. */
export const PRIVATE_HOST = /^(localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/;
