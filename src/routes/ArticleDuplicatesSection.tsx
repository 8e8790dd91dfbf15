import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { articleKeys } from '../api/articles';
import { api } from '../api/client';
import { DuplicatesNotice } from '../components/article-detail/DuplicatesNotice';
import type { Article } from '../contract';

/**
 * The article page's "Looks like a copy of …" (`GET /articles/:id/duplicates`), read again after
 * each save; nothing while it loads, when it fails or when there is none (the page does not
 * depend on it).
 */
export function ArticleDuplicatesSection({ article }: { article: Article }) {
  const duplicates = useQuery({
    queryKey: [...articleKeys.detail(article.id), 'duplicates', article.updatedAt],
    queryFn: () => api(`/articles/${encodeURIComponent(article.id)}/duplicates`, { schema: (s) => s.duplicatesResultSchema }),
    // After a save, the notice stays while the new version's are read.
    placeholderData: keepPreviousData,
  });
  return <DuplicatesNotice duplicates={duplicates.data?.data ?? []} />;
}
