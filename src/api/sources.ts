/**
 * Sources (src/contract/sources.ts): the list with each one's health, following one, changing,
 * pausing, resuming and removing one, a poll now, and its entries by keyset pages. Loaded with
 * the Sources screen only.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Source, SourceCreate, SourceEntryList, SourcePatch } from '../contract';
import { api } from './client';

export const ENTRY_PAGE_SIZE = 20;

export const sourceKeys = {
  all: ['sources'] as const,
  list: () => [...sourceKeys.all, 'list'] as const,
  entries: (id: string) => [...sourceKeys.all, 'entries', id] as const,
};

const sourcePath = (id: string) => `/sources/${encodeURIComponent(id)}`;

/** How often the list asks again while a source's poll is due within a minute (or overdue). */
export const LIST_REFRESH_MS = 10_000;
const DUE_SOON_MS = 60_000;

/**
 * While a source that is not paused is due within a minute, the list asks again every
 * LIST_REFRESH_MS, so the poll's drafts and health show without a reload; otherwise it does not
 * (polls an hour away would keep it asking for nothing).
 */
export function listRefreshInterval(sources: readonly Source[] | undefined, now: number): number | false {
  const dueSoon = (source: Source) => source.nextPollAt !== null && Date.parse(source.nextPollAt) - now <= DUE_SOON_MS;
  return sources?.some(dueSoon) ? LIST_REFRESH_MS : false;
}

export const sourceListQuery = () =>
  queryOptions({
    queryKey: sourceKeys.list(),
    queryFn: async () => (await api('/sources', { schema: (s) => s.sourceListSchema })).data,
    refetchInterval: (query) => listRefreshInterval(query.state.data, Date.now()),
  });

export function useSources() {
  return useQuery(sourceListQuery());
}

export const sourceEntriesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: sourceKeys.entries(id),
    queryFn: ({ pageParam, signal }) =>
      api(`${sourcePath(id)}/entries?limit=${ENTRY_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: (s) => s.sourceEntryListSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

const selectEntries = (data: InfiniteData<SourceEntryList, string | null>) => data.pages.flatMap((page) => page.data);

/** A source's entries, newest first, their pages flattened; nothing is asked while `id` is null. */
export function useSourceEntries(id: string | null) {
  return useInfiniteQuery({ ...sourceEntriesQuery(id ?? ''), enabled: id !== null, select: selectEntries });
}

/** Follows a source: the server reads the address first (a feed, a sitemap, or a page naming feeds). */
export function useCreateSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SourceCreate) => api('/sources', { method: 'POST', body, schema: (s) => s.sourceCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourceKeys.list() }),
  });
}

/** Changes a source's interval or URL pattern, or pauses or resumes it. */
export function useUpdateSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: SourcePatch }) =>
      (await api(sourcePath(id), { method: 'PATCH', body: patch, schema: (s) => s.sourceResultSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourceKeys.list() }),
  });
}

export function useDeleteSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(sourcePath(id), { method: 'DELETE' }),
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: sourceKeys.entries(id) }),
    // Gone already (someone else deleted it) or deleted: the list is asked again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sourceKeys.list() }),
  });
}

/** Polls a source now and answers what the poll did; its health and entries are asked again. */
export function usePollSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api(`${sourcePath(id)}/poll`, { method: 'POST', schema: (s) => s.sourcePollResultSchema })).data,
    onSettled: (_, __, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sourceKeys.list() }),
        queryClient.invalidateQueries({ queryKey: sourceKeys.entries(id) }),
      ]),
  });
}
