/**
 * The trash (src/contract, "The trash."): its pages and count, restoring an article and
 * deleting one for good. Only the articles screens load this module (the list, and the detail
 * screen whose Delete offers Undo), so it does not weigh on the first screen's budget.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Article, TrashListQuery } from '../contract';
import { ARTICLE_PAGE_SIZE, articleKeys } from './articles';
import { api } from './client';

/**
 * The trash's query keys, under `articleKeys.lists()`: a delete, a restore and a delete forever
 * invalidate the lists, which refreshes the trash with the status tabs and the dashboard.
 */
export const trashKeys = {
  all: () => [...articleKeys.lists(), 'trash'] as const,
  pages: () => [...trashKeys.all(), 'pages'] as const,
  count: () => [...trashKeys.all(), 'count'] as const,
};

/** One page of the trash, most recently deleted first. */
export function fetchTrashPage({ limit, cursor }: TrashListQuery) {
  const params = new URLSearchParams();
  if (limit) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return api(`/articles/admin/trash?${params}`, { schema: (s) => s.trashListResultSchema });
}

/** The Trash tab's pages. */
export const trashListQuery = () =>
  infiniteQueryOptions({
    queryKey: trashKeys.pages(),
    queryFn: ({ pageParam }) => fetchTrashPage({ limit: ARTICLE_PAGE_SIZE, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** How many articles the trash holds, for the tab's badge: a page of one, read for its total. */
export const trashCountQuery = () =>
  queryOptions({
    queryKey: trashKeys.count(),
    queryFn: async () => (await fetchTrashPage({ limit: 1 })).total,
  });

export function useTrashCount() {
  return useQuery(trashCountQuery());
}

/** Invalidated by every trash write: the lists (status tabs, trash, dashboard figures and recent articles). */
function refreshLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: articleKeys.lists() });
}

/**
 * Brings an article back from the trash, under `slug` when given (the suggestion of a 409
 * `restore_slug_taken`, which rejects with the ApiError carrying it). A plain function with the
 * client, not a hook: Undo may be clicked after the screen that deleted has gone (the detail
 * page goes to the list).
 */
export async function restoreArticle(queryClient: QueryClient, id: string, slug?: string): Promise<Article> {
  const answer = await api(`/articles/${encodeURIComponent(id)}/restore`, {
    method: 'POST',
    body: slug ? { slug } : {},
    schema: (s) => s.articleResultSchema,
  });
  queryClient.setQueryData(articleKeys.detail(id), answer.data);
  await refreshLists(queryClient);
  return answer.data;
}

/**
 * Brings back the articles of a bulk delete (its Undo): one restore each, then the lists are
 * refreshed once. Resolves with those restored and those refused, with the server's message.
 */
export async function restoreArticles(
  queryClient: QueryClient,
  ids: readonly string[],
): Promise<{ restored: string[]; failed: { id: string; message: string }[] }> {
  const restored: string[] = [];
  const failed: { id: string; message: string }[] = [];
  for (const id of ids) {
    try {
      const answer = await api(`/articles/${encodeURIComponent(id)}/restore`, {
        method: 'POST',
        body: {},
        schema: (s) => s.articleResultSchema,
      });
      queryClient.setQueryData(articleKeys.detail(id), answer.data);
      restored.push(id);
    } catch (error) {
      failed.push({ id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  await refreshLists(queryClient);
  return { restored, failed };
}

export function useRestoreArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slug }: { id: string; slug?: string }) => restoreArticle(queryClient, id, slug),
  });
}

/** Deletes an article in the trash for good (409 `not_in_trash` for any other). */
export function useDeleteForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/articles/${encodeURIComponent(id)}/forever`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: articleKeys.detail(id) });
      return refreshLists(queryClient);
    },
  });
}
