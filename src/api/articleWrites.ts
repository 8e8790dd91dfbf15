/**
 * Articles: the writes, which invalidate what docs/product.md, 'Invalidation', says, and the slug check that
 * goes with editing. Apart from ./articles (the reads and keys), so that the dashboard, which
 * only reads, does not load them: the screens that write do.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  Article,
  ArticleCreate,
  ArticlePatch,
  BulkRequest,
  BulkResult,
  RescrapeRequest,
  SchedulePatch,
  AssignmentPatch,
  ScrapeRequest,
  ScrapeResult,
} from '../contract';
import { articleKeys } from './articles';
import { api, type AnswerSchemas } from './client';

export const slugCheckQuery = (slug: string, excludeId: string) =>
  queryOptions({
    queryKey: articleKeys.slugCheck(slug, excludeId),
    queryFn: () =>
      api(`/articles/slug/check/${encodeURIComponent(slug)}?excludeId=${encodeURIComponent(excludeId)}`, {
        schema: (s) => s.slugCheckResultSchema,
      }),
    staleTime: 300_000,
    retry: 2,
  });

/** Runs only for a non-empty slug and an article id (docs/product.md, 'Validation'). */
export function useSlugCheck(slug: string, excludeId: string | undefined, enabled: boolean) {
  return useQuery({ ...slugCheckQuery(slug, excludeId ?? ''), enabled: enabled && slug.length > 0 && !!excludeId });
}

function useArticleMutation<V>(id: string, request: (variables: V) => Promise<Article>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // The answer is the article as saved: it replaces the cached one (no second fetch); the
    // lists, whose cards and counts it changes, are fetched again.
    onSuccess: (article) => {
      queryClient.setQueryData(articleKeys.detail(id), article);
      return queryClient.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}

const articleAnswer = { schema: (s: AnswerSchemas) => s.articleResultSchema };

export function useUpdateArticle(id: string) {
  return useArticleMutation(id, async (patch: ArticlePatch & { ifMatch?: string }) => {
    const { ifMatch, ...body } = patch;
    const answer = await api(`/articles/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
      headers: ifMatch ? { 'If-Match': ifMatch } : undefined,
      ...articleAnswer,
    });
    return answer.data;
  });
}

export function usePublishArticle(id: string) {
  return useArticleMutation(id, async () =>
    (await api(`/articles/${encodeURIComponent(id)}/publish`, { method: 'PATCH', ...articleAnswer })).data,
  );
}

export function useConvertToDraft(id: string) {
  return useArticleMutation(id, async () =>
    (await api(`/articles/${encodeURIComponent(id)}/draft`, { method: 'PATCH', ...articleAnswer })).data,
  );
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/articles/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      // The article's page, if it is open, drops the rest as it leaves (ArticleDetailRoute):
      // removed while it still shows, its queries would be asked for again and answer 404.
      queryClient.removeQueries({ queryKey: articleKeys.detail(id), type: 'inactive' });
      return queryClient.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}

/**
 * One action on several articles in one request (POST /articles/bulk, at most MAX_BULK_IDS ids):
 * which changed, which were already so, which were refused and why.
 */
export function bulkArticles(request: BulkRequest): Promise<BulkResult> {
  return api('/articles/bulk', { method: 'POST', body: request, schema: (s) => s.bulkResultSchema });
}

/**
 * A bulk action. Afterwards the lists (status tabs, trash, dashboard figures and recent
 * articles, all under `articleKeys.lists()`) are invalidated once, and the cached details of
 * the articles it changed are dropped (refetched when opened).
 */
export function useBulkArticles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkArticles,
    onSuccess: (result) => {
      for (const id of result.changed) queryClient.removeQueries({ queryKey: articleKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}

/** A draft from the admin's own HTML (pages are scraped with `useScrapeArticles`). */
export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ArticleCreate) =>
      (await api('/articles', { method: 'POST', body: input, ...articleAnswer })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
  });
}

/** Scrapes one page into a draft. 409 `already_scraped` (with `articleId`) unless `force`. */
export function scrapeArticle(request: ScrapeRequest): Promise<ScrapeResult> {
  return api('/articles/scrape', { method: 'POST', body: request, schema: (s) => s.scrapeResultSchema });
}

/**
 * Scraping a list of pages: each scrape leaves the cache alone, and the lists are refreshed
 * once, when the whole batch has ended.
 */
export function useScrapeArticles() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      scrape: scrapeArticle,
      onBatchEnd: () => void queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
    }),
    [queryClient],
  );
}

/**
 * Fetches the article's source page again (drafts only; the server refuses a published one
 * with 409 `article_published`). The answer is the article: it replaces the cached one.
 */
export function useRescrapeArticle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RescrapeRequest) =>
      api(`/articles/${encodeURIComponent(id)}/rescrape`, { method: 'POST', body: request, schema: (s) => s.scrapeResultSchema }),
    onSuccess: (result) => {
      queryClient.setQueryData(articleKeys.detail(id), result.data);
      return queryClient.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}

/**
 * A schedule change (PATCH with publishAt/unpublishAt/timeZone; any status, no If-Match: it is
 * not a content edit and leaves updatedAt as it is). The answer replaces the cached article; the
 * lists (the Scheduled tab, its count, the dashboard's next changes) are fetched again.
 */
export function useScheduleArticle(id: string) {
  return useArticleMutation(id, async (patch: SchedulePatch) =>
    (await api(`/articles/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, ...articleAnswer })).data,
  );
}

/**
 * An assignment (PATCH with assigneeId/dueAt/plannedAt; any status, no If-Match: not a content
 * edit, updatedAt unchanged). The answer replaces the cached article; the lists (the 'Assigned to
 * me' toggle and its count) are fetched again.
 */
export function useAssignArticle(id: string) {
  return useArticleMutation(id, async (patch: AssignmentPatch) =>
    (await api(`/articles/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, ...articleAnswer })).data,
  );
}

/**
 * Runs a failed scheduled change now (POST /articles/:id/schedule/retry): the article as it then
 * is, or 409 `schedule_failed` with why it failed again (`schedule_not_failed` when none had).
 */
export function useRetrySchedule(id: string) {
  return useArticleMutation(id, async () =>
    (await api(`/articles/${encodeURIComponent(id)}/schedule/retry`, { method: 'POST', ...articleAnswer })).data,
  );
}
