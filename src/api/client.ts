/**
 * The one API client: base URL `/api` (or VITE_API_URL), JSON, credentials included. The
 * session lives only in the server's httpOnly cookie: the console never stores or sends the
 * bearer token (that is for API clients), so an injected script has no token to carry away.
 * Any 401 hands over to the app (which goes to /login and comes back afterwards). Answers are
 * checked against the shared contract.
 */
import type { ZodType } from 'zod';
import type * as AnswerSchemaModule from './schemas';

export const API_BASE = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '/api';
/** Where earlier versions of the console kept the token; removed wherever it is still found. */
export const LEGACY_TOKEN_KEY = 'accessToken';

export function forgetLegacyToken(): void {
  try {
    localStorage.removeItem(LEGACY_TOKEN_KEY);
  } catch {
    /* storage unavailable: nothing stored either */
  }
}
forgetLegacyToken();

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** With `already_scraped`: the article made from that page before. */
    readonly articleId?: string,
    /** With `restore_slug_taken`: a free slug to restore the article with. */
    readonly suggestion?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The answer schemas (`./schemas`): zod and the contract, in a chunk of their own. */
export type AnswerSchemas = typeof AnswerSchemaModule;

let schemasLoading: Promise<AnswerSchemas> | undefined;
let schemasLoaded: AnswerSchemas | undefined;

/**
 * Loads the answer schemas once. The app calls it at start-up, and every request calls it as
 * it starts, so the chunk downloads alongside the request rather than after it. A chunk that
 * failed to load is asked for again by the next call.
 */
export function loadAnswerSchemas(): Promise<AnswerSchemas> {
  schemasLoading ??= import('./schemas').then(
    (schemas) => (schemasLoaded = schemas),
    (cause: unknown) => {
      schemasLoading = undefined;
      throw cause;
    },
  );
  return schemasLoading;
}

/** The answer schemas when they are here: always, once an answer has been read (each is checked with them). */
export const loadedAnswerSchemas = () => schemasLoaded;

const unreachable = () => new ApiError('Cannot reach the server. Check your connection and try again.', 0, 'network');

/** The answer schemas, or the network error the admin sees when their chunk cannot be loaded. */
export async function answerSchemas(): Promise<AnswerSchemas> {
  try {
    return await loadAnswerSchemas();
  } catch {
    throw unreachable();
  }
}

let unauthorizedHandler: () => void = () => {};

/** The app registers what a 401 does (navigate to /login, remembering where the admin was). */
export function onUnauthorized(handler: () => void): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = () => {};
  };
}


/** Reads the server's `{ message }` from a failed answer, or says what went wrong. */
export async function errorFrom(response: Response): Promise<ApiError> {
  let message = `Request failed (${response.status})`;
  let code: string | undefined;
  let articleId: string | undefined;
  let suggestion: string | undefined;
  try {
    const [{ apiErrorSchema }, answer] = await Promise.all([loadAnswerSchemas(), response.json()]);
    const parsed = apiErrorSchema.safeParse(answer);
    if (parsed.success) {
      message = parsed.data.message;
      code = parsed.data.code;
      articleId = parsed.data.articleId;
      suggestion = parsed.data.suggestion;
    }
  } catch {
    /* not JSON (or the schemas could not be loaded): keep the status line */
  }
  return new ApiError(message, response.status, code, articleId, suggestion);
}

export function handleUnauthorized(path: string): void {
  // A refused sign-in is an answer for the form, not a lost session.
  if (path === '/auth/login') return;
  forgetLegacyToken();
  unauthorizedHandler();
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The answer's schema, picked from the lazily loaded answer schemas (or given as is). */
  schema?: ZodType<T> | ((schemas: AnswerSchemas) => ZodType<T>);
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function api<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, headers, signal } = options;
  // Not awaited yet: the schemas chunk (if not already here) loads while the request is out.
  const schemas = answerSchemas();
  schemas.catch(() => {}); // a failure is reported below, where the answer needs them
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw unreachable();
  }
  if (response.status === 401) handleUnauthorized(path);
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204 || !schema) return undefined as T;
  const answerSchema = typeof schema === 'function' ? schema(await schemas) : schema;
  const parsed = answerSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new ApiError('The server sent an answer this console does not understand.', response.status, 'bad_response');
  }
  return parsed.data;
}
