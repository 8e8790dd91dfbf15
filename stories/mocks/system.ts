/** MSW handlers for sign-in, health and activity. */
import { delay, http, HttpResponse } from 'msw';
import type { Activity, Health, LoginResult } from '../../src/contract';
import { activities as sampleActivities, healthy } from '../fixtures';
import { errorResponse } from './errors';
import { notificationsApi } from './notifications';
import { signedInAs } from './roles';

export const authHandlers = {
  /** Signed in as an admin. */
  signedIn: (email = 'admin@example.com') => [
    http.get('*/api/auth/me', () => HttpResponse.json({ user: { id: 'u1', email, role: 'admin' } })),
    http.post('*/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
    // Nothing new for the bell unless a story says.
    ...notificationsApi(),
  ],
  /**
   * Signed in as another role: every call it may not make answers 403 `forbidden_role` (its
   * handlers answer before the resource handlers; see ./roles).
   */
  signedInAs,
  /** An older server's `me`, which names no role (it had admins only). */
  signedInWithoutRole: (email = 'admin@example.com') => [
    http.get('*/api/auth/me', () => HttpResponse.json({ user: { email } })),
    http.post('*/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
    ...notificationsApi(),
  ],
  unreachable: () => [http.get('*/api/auth/me', () => HttpResponse.error())],
  expired: () => [
    http.get('*/api/auth/me', () => errorResponse('unauthorized', { headers: { 'www-authenticate': 'Bearer' } })),
  ],
  login: (email = 'admin@example.com') => [
    http.post('*/api/auth/login', () =>
      HttpResponse.json<LoginResult>({ accessToken: 'story-token', user: { email } }),
    ),
  ],
  loginRefused: () => [http.post('*/api/auth/login', () => errorResponse('invalid_credentials'))],
  loginRateLimited: () => [
    http.post('*/api/auth/login', () => errorResponse('too_many_attempts', { headers: { 'retry-after': '900' } })),
  ],
  loginPending: () => [http.post('*/api/auth/login', () => delay('infinite'))],
};

export const systemHandlers = {
  healthy: (health: Health = healthy) => [http.get('*/api/health', () => HttpResponse.json(health))],
  databaseDown: () => [
    http.get('*/api/health', () =>
      HttpResponse.json<Health>({ ...healthy, database: 'down' }),
    ),
  ],
  storageNearlyFull: () => [
    http.get('*/api/health', () =>
      HttpResponse.json<Health>({
        ...healthy,
        storage: { usedBytes: 50_000_000_000, totalBytes: 53_687_091_200, percent: 93, backend: 'local', reachable: true },
      }),
    ),
  ],
  loading: () => [
    http.get('*/api/health', () => delay('infinite')),
    http.get('*/api/activity', () => delay('infinite')),
  ],
  apiOffline: () => [http.get('*/api/health', () => HttpResponse.error())],
  activity: (data: Activity[] = sampleActivities) => [
    http.get('*/api/activity', () => HttpResponse.json({ data })),
  ],
  noActivity: () => [http.get('*/api/activity', () => HttpResponse.json({ data: [] }))],
};
