/**
 * Articles: the keys, and one query-options function per read with its hook. The writes (and
 * the slug check they go with) are in ./articleWrites: this module loads with every signed-in
 * screen, the dashboard included, which reads only.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleListQuery } from '../contract';
import { api } from './client';

export const ARTICLE_PAGE_SIZE = 50;

export const articleKeys = {
  all: ['articles'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  // The articles screen's pages and sites are keyed in ./articleList, under lists().
  /** Under lists(): a write that invalidates the lists refreshes the dashboard's too. */
  recent: (limit: number) => [...articleKeys.lists(), 'recent', limit] as const,
  stats: () => [...articleKeys.lists(), 'stats'] as const,
  detail: (id: string) => [...articleKeys.all, 'detail', id] as const,
  slugCheck: (slug: string, excludeId: string) => [...articleKeys.all, 'slug-check', slug, excludeId] as const,
};

/** One page of the list; fields left empty are left out of the query. */
export async function fetchArticlePage(query: ArticleListQuery) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, String(value));
  // The answer is read as the list our server sends, whichever shape came (./schemas).
  return api(`/articles/admin/articles?${params}`, { schema: (s) => s.articleListAnswerSchema });
}

/** The articles screen's paged list is in ./articleList, loaded with that screen only. */

/** The dashboard's recent articles and figures: the first page of all articles. */
export const recentArticlesQuery = (limit = 5) =>
  queryOptions({
    queryKey: articleKeys.recent(limit),
    queryFn: () => fetchArticlePage({ status: 'all', limit }),
  });

export const articleQuery = (id: string) =>
  queryOptions({
    queryKey: articleKeys.detail(id),
    queryFn: () => api(`/articles/${encodeURIComponent(id)}`, { schema: (s) => s.articleDetailAnswerSchema }),
  });

export function useRecentArticles(limit = 5) {
  return useQuery(recentArticlesQuery(limit));
}

export function useArticle(id: string) {
  return useQuery(articleQuery(id));
}

export const articleStatsQuery = () =>
  queryOptions({
    queryKey: articleKeys.stats(),
    queryFn: () => api('/articles/admin/stats', { schema: (s) => s.articleStatsSchema }),
  });

export function useArticleStats() {
  return useQuery(articleStatsQuery());
}
