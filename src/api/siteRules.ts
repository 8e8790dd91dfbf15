/**
 * Rules per site (src/contract/siteRules.ts): the list, setting and removing a site's rules, and
 * trying rules on a page. Loaded with the Sources screen only.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteRulesInput } from '../contract';
import { api } from './client';

export const siteRuleKeys = { list: () => ['site-rules', 'list'] as const };

const hostPath = (host: string) => `/site-rules/${encodeURIComponent(host)}`;

export const siteRuleListQuery = () =>
  queryOptions({
    queryKey: siteRuleKeys.list(),
    queryFn: async () => (await api('/site-rules', { schema: (s) => s.siteRuleListSchema })).data,
  });

export function useSiteRules() {
  return useQuery(siteRuleListQuery());
}

/** Sets a site's rules (the server reads each selector first). */
export function useSaveSiteRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ host, rules }: { host: string; rules: SiteRulesInput }) =>
      (await api(hostPath(host), { method: 'PUT', body: rules, schema: (s) => s.siteRuleResultSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteRuleKeys.list() }),
  });
}

export function useDeleteSiteRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (host: string) => api(hostPath(host), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteRuleKeys.list() }),
  });
}

/** A page's article as rules make it; nothing is saved. */
export function useTrySiteRules() {
  return useMutation({
    mutationFn: async ({ url, rules }: { url: string; rules: SiteRulesInput }) =>
      (await api('/site-rules/try', { method: 'POST', body: { url, rules }, schema: (s) => s.siteRuleTrialResultSchema })).data,
  });
}
