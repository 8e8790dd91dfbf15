/**
 * An article's history (src/contract/history.ts): its revisions by keyset pages, a revision's
 * snapshot, restoring one and labelling one. Loaded with the article page only.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Article, RevisionPatch } from '../contract';
import { articleKeys } from './articles';
import { api } from './client';

export const REVISION_PAGE_SIZE = 20;

/** Under the article's own key: what any write of the article invalidates (`historyKeys.all`). */
export const historyKeys = {
  all: (id: string) => [...articleKeys.all, 'history', id] as const,
  list: (id: string) => [...historyKeys.all(id), 'list'] as const,
  /** A revision as it was at `updatedAt` (a fold rewrites the last one): cached for good under it. */
  revision: (id: string, number: number, updatedAt: string) => [...historyKeys.all(id), 'revision', number, updatedAt] as const,
};

const path = (id: string) => `/articles/${encodeURIComponent(id)}/revisions`;

export const revisionListQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(id),
    queryFn: ({ pageParam }) =>
      api(`${path(id)}?limit=${REVISION_PAGE_SIZE}${pageParam ? `&cursor=${pageParam}` : ''}`, { schema: (s) => s.revisionListSchema }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useRevisionList(id: string) {
  return useInfiniteQuery(revisionListQuery(id));
}

/** A revision's snapshot; never changes once read under its `updatedAt`. */
export const revisionQuery = (id: string, number: number, updatedAt: string) =>
  queryOptions({
    queryKey: historyKeys.revision(id, number, updatedAt),
    queryFn: async () => (await api(`${path(id)}/${number}`, { schema: (s) => s.revisionResultSchema })).data,
    staleTime: Infinity,
  });

export function useRevision(id: string, revision: { number: number; updatedAt: string } | undefined) {
  return useQuery({ ...revisionQuery(id, revision?.number ?? 0, revision?.updatedAt ?? ''), enabled: revision !== undefined });
}

/**
 * Writes a revision's content back as a new revision. `ifMatch`: the updatedAt the admin saw
 * (409 `stale_article` when another admin wrote since). The answer is the article: it replaces
 * the cached one; the lists and the history are fetched again.
 */
export function useRestoreRevision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ number, ifMatch }: { number: number; ifMatch: string }) =>
      (
        await api(`${path(id)}/${number}/restore`, {
          method: 'POST',
          headers: { 'If-Match': ifMatch },
          schema: (s) => s.articleResultSchema,
        })
      ).data,
    onSuccess: (article: Article) => {
      queryClient.setQueryData(articleKeys.detail(id), article);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: historyKeys.list(id) }),
      ]);
    },
  });
}

/** Pins, unpins or names a revision; the history is fetched again. */
export function useLabelRevision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, patch }: { number: number; patch: RevisionPatch }) =>
      api(`${path(id)}/${number}`, { method: 'PATCH', body: patch, schema: (s) => s.revisionSummaryResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.list(id) }),
  });
}
