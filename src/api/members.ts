/** The team (GET /members): the accounts an article is assigned to, read once per session and kept. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

export const memberKeys = { all: ['members'] as const };

export const membersQuery = () =>
  queryOptions({
    queryKey: memberKeys.all,
    queryFn: async () => (await api('/members', { schema: (s) => s.memberListSchema })).data,
    staleTime: 60_000,
  });

export function useMembers() {
  return useQuery(membersQuery());
}
