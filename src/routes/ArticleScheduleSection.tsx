import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { articleKeys } from '../api/articles';
import { useRetrySchedule, useScheduleArticle } from '../api/articleWrites';
import { ScheduleCard } from '../components/article-detail/ScheduleCard';
import { nextScheduledChange } from '../components/schedule/scheduleText';
import type { Article } from '../contract';
import type { Access } from '../lib/access';

/** After a change's time, how long the page waits before reading the article again (the server makes it within ~1 s). */
const AFTER_DUE_MS = 2_000;
/** setTimeout's longest wait; a change further ahead is picked up by a later visit or refresh. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * The article page's Schedule card with its writes: a schedule change (PATCH) and Retry of a
 * failed one, each answering the article, which replaces the page's. When the soonest change
 * comes due while the page is open, the article is read again shortly after, so the page shows
 * it published (or back to draft) without a refresh.
 */
export function ArticleScheduleSection({ article, access }: { article: Article; access: Access }) {
  const { id } = article;
  const queryClient = useQueryClient();
  const schedule = useScheduleArticle(id);
  const retry = useRetrySchedule(id);
  const next = nextScheduledChange(article)?.at;

  useEffect(() => {
    if (!next) return;
    const wait = Date.parse(next) - Date.now() + AFTER_DUE_MS;
    if (wait <= 0 || wait > LONGEST_WAIT_MS) return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: articleKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: articleKeys.lists() });
    }, wait);
    return () => clearTimeout(timer);
  }, [next, id, queryClient]);

  return (
    <ScheduleCard
      status={article.status}
      schedule={article}
      onSave={(patch) => schedule.mutateAsync(patch)}
      onRetry={() => retry.mutateAsync()}
      refused={access.whyNot('scheduleArticle')}
    />
  );
}
