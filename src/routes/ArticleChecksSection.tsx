import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client';
import { ChecksCard } from '../components/article-detail/ChecksCard';
import { messageOf } from '../components/lists/TrashList';
import type { Article } from '../contract';

/**
 * The article page's checks before publishing: run on demand (`POST /articles/:id/checks`, in
 * the server's worker pool, on the saved HTML); the last result stays on the page until they run again.
 */
export function ArticleChecksSection({ article, unsaved }: { article: Article; unsaved: boolean }) {
  const run = useMutation({
    mutationFn: async () =>
      (await api(`/articles/${encodeURIComponent(article.id)}/checks`, { method: 'POST', schema: (s) => s.articleChecksResultSchema })).data,
  });
  return (
    <ChecksCard
      checks={run.data ?? null}
      running={run.isPending}
      error={run.isError ? messageOf(run.error) : null}
      onRun={() => run.mutate()}
      unsaved={unsaved}
    />
  );
}
