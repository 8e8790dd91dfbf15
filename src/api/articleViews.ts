/**
 * An article's public reads per day (GET /articles/:id/views), for the article page. Loaded
 * with that page only.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { articleKeys } from './articles';
import { api } from './client';

export const articleViewKeys = {
  views: (id: string) => [...articleKeys.detail(id), 'views'] as const,
};

export const articleViewsQuery = (id: string) =>
  queryOptions({
    queryKey: articleViewKeys.views(id),
    queryFn: () => api(`/articles/${encodeURIComponent(id)}/views`, { schema: (s) => s.articleViewsSchema }),
    // Views are written every few seconds: a minute-old figure is fine.
    staleTime: 60_000,
  });

export function useArticleViews(id: string) {
  return useQuery(articleViewsQuery(id));
}
