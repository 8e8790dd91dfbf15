/**
 * The one API client: base URL `/api` (or VITE_API_URL), JSON, credentials included, Bearer
 * from the stored accessToken. Any 401 clears the token and hands over to the app (which goes
 * to /login and comes back afterwards). Answers are checked against the shared contract.
 */
import type { ZodType } from 'zod';
import { apiErrorSchema } from '../contract';

export const API_BASE = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '/api';
export const TOKEN_KEY = 'accessToken';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** With `already_scraped`: the article made from that page before. */
    readonly articleId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
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

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage unavailable: the session cookie still signs requests */
  }
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Reads the server's `{ message }` from a failed answer, or says what went wrong. */
export async function errorFrom(response: Response): Promise<ApiError> {
  let message = `Request failed (${response.status})`;
  let code: string | undefined;
  let articleId: string | undefined;
  try {
    const parsed = apiErrorSchema.safeParse(await response.json());
    if (parsed.success) {
      message = parsed.data.message;
      code = parsed.data.code;
      articleId = parsed.data.articleId;
    }
  } catch {
    /* not JSON: keep the status line */
  }
  return new ApiError(message, response.status, code, articleId);
}

export function handleUnauthorized(path: string): void {
  // A refused sign-in is an answer for the form, not a lost session.
  if (path === '/auth/login') return;
  setToken(null);
  unauthorizedHandler();
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: ZodType<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function api<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, headers, signal } = options;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...authHeaders(),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 0, 'network');
  }
  if (response.status === 401) handleUnauthorized(path);
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204 || !schema) return undefined as T;
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    throw new ApiError('The server sent an answer this console does not understand.', response.status, 'bad_response');
  }
  return parsed.data;
}
