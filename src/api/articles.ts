/** Articles: one query-options function per read, hooks, and mutations that invalidate what SPEC.md section 7 says. */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  Article,
  ArticleFilter,
  ArticlePatch,
  ArticleCreate,
  RescrapeRequest,
  ScrapeRequest,
  ScrapeResult,
} from '../contract';
import { api, type AnswerSchemas } from './client';

export const ARTICLE_PAGE_SIZE = 50;

export const articleKeys = {
  all: ['articles'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  list: (status: ArticleFilter, q: string) => [...articleKeys.lists(), status, q] as const,
  /** Under lists(): a write that invalidates the lists refreshes the dashboard's too. */
  recent: (limit: number) => [...articleKeys.lists(), 'recent', limit] as const,
  stats: () => [...articleKeys.lists(), 'stats'] as const,
  detail: (id: string) => [...articleKeys.all, 'detail', id] as const,
  slugCheck: (slug: string, excludeId: string) => [...articleKeys.all, 'slug-check', slug, excludeId] as const,
};

export async function fetchArticlePage(status: ArticleFilter, cursor: string | null, limit = ARTICLE_PAGE_SIZE, q = '') {
  const params = new URLSearchParams({ status, limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  if (q) params.set('q', q);
  // The answer is read as the list our server sends, whichever shape came (./schemas).
  return api(`/articles/admin/articles?${params}`, { schema: (s) => s.articleListAnswerSchema });
}

/** The articles screen's paged list is in ./articleList, loaded with that screen only. */

/** The dashboard's recent articles and figures: the first page of all articles. */
export const recentArticlesQuery = (limit = 5) =>
  queryOptions({
    queryKey: articleKeys.recent(limit),
    queryFn: () => fetchArticlePage('all', null, limit),
  });

export const articleQuery = (id: string) =>
  queryOptions({
    queryKey: articleKeys.detail(id),
    queryFn: () => api(`/articles/${encodeURIComponent(id)}`, { schema: (s) => s.articleDetailAnswerSchema }),
  });

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

export function useRecentArticles(limit = 5) {
  return useQuery(recentArticlesQuery(limit));
}

export function useArticle(id: string) {
  return useQuery(articleQuery(id));
}

/** Runs only for a non-empty slug and an article id (SPEC.md section 5). */
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
      queryClient.removeQueries({ queryKey: articleKeys.detail(id) });
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

export const articleStatsQuery = () =>
  queryOptions({
    queryKey: articleKeys.stats(),
    queryFn: () => api('/articles/admin/stats', { schema: (s) => s.articleStatsSchema }),
  });

export function useArticleStats() {
  return useQuery(articleStatsQuery());
}
