/**
 * An article's source checked again, and the change it made (src/contract/sourceChange.ts): read
 * while the article is flagged, merged (If-Match: the version the editor saw) or set aside.
 * Each write replaces or refreshes the cached article; the lists are fetched again (their
 * "Source changed" count follows).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Article, SourceMerge } from '../contract';
import { articleKeys } from './articles';
import { historyKeys } from './articleHistory';
import { api } from './client';

const path = (id: string) => `/articles/${encodeURIComponent(id)}`;
export const sourceChangeKey = (id: string, updatedAt: string) => [...articleKeys.detail(id), 'source-change', updatedAt] as const;

/** The change waiting for the editor, read only while the article says there is one (again after each save). */
export function useSourceChange(article: Article) {
  return useQuery({
    queryKey: sourceChangeKey(article.id, article.updatedAt),
    queryFn: async () => (await api(`${path(article.id)}/source-change`, { schema: (s) => s.sourceChangeResultSchema })).data,
    enabled: article.sourceChanged === true,
  });
}

/**
 * The article and the lists read again. The article's own query only (`exact`): the change
 * under its key is read again only when the article still says it has one (a change merged or
 * set aside is gone from the server).
 */
function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: articleKeys.detail(id), exact: true }),
      queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
    ]);
}

/** Fetches the article's page again now; the article is read again (its flag may have changed). */
export function useCheckSource(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: async () => (await api(`${path(id)}/source-check`, { method: 'POST', schema: (s) => s.sourceCheckResultSchema })).data,
    onSuccess: refresh,
  });
}

/** Merges the change; the answer's article replaces the cached one, the history is read again. */
export function useMergeSourceChange(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ take, ifMatch }: SourceMerge & { ifMatch: string }) =>
      api(`${path(id)}/source-change/merge`, {
        method: 'POST',
        body: { take },
        headers: { 'If-Match': ifMatch },
        schema: (s) => s.sourceMergeResultSchema,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData<Article>(articleKeys.detail(id), result.data);
      return Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: historyKeys.list(id) })]);
    },
  });
}

/** Sets the change aside: the cached article says so at once, then is read again. */
export function useDismissSourceChange(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: () => api(`${path(id)}/source-change/dismiss`, { method: 'POST' }),
    onSuccess: () => {
      queryClient.setQueryData<Article>(articleKeys.detail(id), (article) => article && { ...article, sourceChanged: false });
      return refresh();
    },
  });
}
