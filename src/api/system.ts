/** Sign-in, health and activity. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '../contract';
import type { Access } from '../lib/access';
import { api, loadedAnswerSchemas } from './client';

export const systemKeys = {
  me: ['auth', 'me'] as const,
  health: ['health'] as const,
  activities: ['activity'] as const,
  activity: (limit: number) => [...systemKeys.activities, limit] as const,
};

export const meQuery = () =>
  queryOptions({ queryKey: systemKeys.me, queryFn: async () => (await api('/auth/me', { schema: (s) => s.meResultSchema })).user });

export const healthQuery = () =>
  queryOptions({ queryKey: systemKeys.health, queryFn: () => api('/health', { schema: (s) => s.healthSchema }), retry: 0 });

export const activityQuery = (limit = 10) =>
  queryOptions({
    queryKey: systemKeys.activity(limit),
    queryFn: async () => (await api(`/activity?limit=${limit}`, { schema: (s) => s.activityListSchema })).data,
  });

export function useMe() {
  return useQuery(meQuery());
}

/**
 * What the signed-in role may do in the console, and why not (src/lib/access.ts): the one place
 * screens ask. Null until the session is known. The rules are in the answer schemas' chunk, which
 * the first screen does not wait for (its JavaScript budget is nearly spent): `me` was checked with
 * those schemas, so with `me` the rules are here too.
 */
export function useAccess(): Access | null {
  const { data } = useMe();
  return (data && loadedAnswerSchemas()?.accessFor(data.role)) ?? null;
}

export function useHealth() {
  return useQuery(healthQuery());
}

export function useActivity(limit = 10) {
  return useQuery(activityQuery(limit));
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      api('/auth/login', { method: 'POST', body: credentials, schema: (s) => s.loginResultSchema }),
    // The answer's accessToken is for API clients; the console's session is the httpOnly cookie.
    // The layout asks who signed in (and whether a one-time password must be changed first).
    onSuccess: () => queryClient.removeQueries({ queryKey: systemKeys.me }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/auth/logout', { method: 'POST' }),
    onSettled: () => {
      queryClient.clear();
    },
  });
}
