import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { articleKeys } from '../api/articles';
import { api } from '../api/client';
import { ArticleCalendar, weeksOf } from '../components/articles/ArticleCalendar';
import { messageOf } from '../components/common/messageOf';
import type { ArticleFilter } from '../contract';
import { localToday } from '../lib/format';

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant's day and time as the reader reads them (the browser's zone). */
const dayOf = (at: string) => localToday(new Date(at));
const timeOf = (at: string) => {
  const d = new Date(at);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * The articles screen's calendar view with its read and write: the month's entries
 * (`GET /calendar`, the weeks shown, narrowed by the tab's status and 'Assigned to me'; under the
 * lists' key, so every article write reads them again), and a planned day moved
 * (`PATCH /articles/:id { plannedAt }`).
 */
export default function ArticleCalendarSection({ filter, mine, canMove }: { filter: ArticleFilter; mine: boolean; canMove: boolean }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const today = localToday();
  const [month, setMonth] = useState(today.slice(0, 7));
  const weeks = weeksOf(month);
  const from = weeks[0]![0]!;
  const to = weeks.at(-1)![6]!;
  const status = filter === 'draft' || filter === 'published' ? filter : undefined;
  const params = new URLSearchParams({ from, to, ...(status ? { status } : {}), ...(mine ? { assignee: 'me' } : {}) });
  const calendar = useQuery({
    queryKey: [...articleKeys.lists(), 'calendar', from, to, status ?? 'all', mine],
    queryFn: () => api(`/calendar?${params}`, { schema: (s) => s.calendarResultSchema }),
  });
  const move = useMutation({
    mutationFn: ({ id, day }: { id: string; day: string }) =>
      api(`/articles/${encodeURIComponent(id)}`, { method: 'PATCH', body: { plannedAt: day }, schema: (s) => s.articleResultSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: articleKeys.all }),
  });
  return (
    <ArticleCalendar
      month={month}
      onMonthChange={setMonth}
      entries={calendar.data?.data}
      truncated={calendar.data?.truncated}
      loadError={calendar.isError ? messageOf(calendar.error) : null}
      onRetry={() => void calendar.refetch()}
      today={today}
      dayOf={dayOf}
      timeOf={timeOf}
      onOpen={(id) => navigate(`/articles/${id}`)}
      onMove={
        canMove
          ? async (id, day) => {
              await move.mutateAsync({ id, day });
            }
          : undefined
      }
    />
  );
}
