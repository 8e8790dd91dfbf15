import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { articleKeys } from '../api/articles';
import { api } from '../api/client';
import { systemKeys } from '../api/system';
import { ReviewCard } from '../components/article-detail/ReviewCard';
import { messageOf } from '../components/common/messageOf';
import type { Article, ArticleReview, ReviewAction, ReviewPublish } from '../contract';
import type { Access } from '../lib/access';

/**
 * The article page's Review card with its reads and steps: the review (`GET /articles/:id/review`,
 * under the article's key: a write of the article reads it again), and a step (`POST`), whose answer
 * replaces it; the activity feed is read again after each, and the article after an approval that
 * published or scheduled it.
 */
export function ArticleReviewSection({ article, access }: { article: Article; access: Access }) {
  const client = useQueryClient();
  const key = [...articleKeys.detail(article.id), 'review'];
  const path = `/articles/${encodeURIComponent(article.id)}/review`;
  const review = useQuery({ queryKey: key, queryFn: async () => (await api(path, { schema: (s) => s.articleReviewResultSchema })).data });
  const step = useMutation({
    mutationFn: (body: { action: ReviewAction; note?: string; publish?: ReviewPublish }) =>
      api(path, { method: 'POST', body, schema: (s) => s.reviewActionResultSchema }),
    onSuccess: ({ data }, { publish }) => {
      client.setQueryData<ArticleReview>(key, data);
      void client.invalidateQueries({ queryKey: systemKeys.activities });
      if (publish) void client.invalidateQueries({ queryKey: articleKeys.all });
    },
  });
  return (
    <ReviewCard
      review={review.data}
      loadError={review.isError ? messageOf(review.error) : null}
      onRetry={() => void review.refetch()}
      isPublished={article.status === 'published'}
      canRequest={access.may('reviewArticle')}
      canDecide={access.may('publishArticle')}
      onStep={async (action, note, publish) => (await step.mutateAsync({ action, ...(note ? { note } : {}), ...(publish ? { publish } : {}) })).message}
    />
  );
}
