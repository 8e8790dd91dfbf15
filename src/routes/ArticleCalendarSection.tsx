import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { articleKeys } from '../api/articles';
import { api } from '../api/client';
import { ArticleCalendar, weeksShown, type CalendarView } from '../components/articles/ArticleCalendar';
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
/** `days` days later on the reader's calendar, at the same time of day (across a change of clocks too). */
const addDaysTo = (at: string, days: number) => {
  const d = new Date(at);
  d.setDate(d.getDate() + days);
  return d.toISOString();
};

/**
 * The articles screen's calendar view with its read and writes: the entries of the month or week
 * shown (`GET /calendar`, narrowed by the tab's status and 'Assigned to me'; under the lists' key,
 * so every article write reads them again), a planned day moved (`PATCH /articles/:id
 * { plannedAt }`) and a scheduled change moved (`PATCH /articles/:id { publishAt | unpublishAt }`).
 */
export default function ArticleCalendarSection({
  filter,
  mine,
  canMove,
  canReschedule,
}: {
  filter: ArticleFilter;
  mine: boolean;
  canMove: boolean;
  canReschedule: boolean;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const today = localToday();
  const [{ view, anchor }, setShown] = useState<{ view: CalendarView; anchor: string }>({ view: 'month', anchor: today });
  const weeks = weeksShown(view, anchor);
  const from = weeks[0]![0]!;
  const to = weeks.at(-1)![6]!;
  const status = filter === 'draft' || filter === 'published' ? filter : undefined;
  const params = new URLSearchParams({ from, to, ...(status ? { status } : {}), ...(mine ? { assignee: 'me' } : {}) });
  const calendar = useQuery({
    queryKey: [...articleKeys.lists(), 'calendar', from, to, status ?? 'all', mine],
    queryFn: () => api(`/calendar?${params}`, { schema: (s) => s.calendarResultSchema }),
  });
  const patch = useMutation({
    mutationFn: ({ id, body }: { id: string; body: { plannedAt: string } | { publishAt: string } | { unpublishAt: string } }) =>
      api(`/articles/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: (s) => s.articleResultSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: articleKeys.all }),
  });
  return (
    <ArticleCalendar
      view={view}
      anchor={anchor}
      onNavigate={(nextView, nextAnchor) => setShown({ view: nextView, anchor: nextAnchor })}
      entries={calendar.data?.data}
      truncated={calendar.data?.truncated}
      loadError={calendar.isError ? messageOf(calendar.error) : null}
      onRetry={() => void calendar.refetch()}
      today={today}
      dayOf={dayOf}
      timeOf={timeOf}
      addDaysTo={addDaysTo}
      onOpen={(id) => navigate(`/articles/${id}`)}
      onMove={
        canMove
          ? async (id, day) => {
              await patch.mutateAsync({ id, body: { plannedAt: day } });
            }
          : undefined
      }
      onReschedule={
        canReschedule
          ? async (id, kind, at) => {
              await patch.mutateAsync({ id, body: kind === 'publish' ? { publishAt: at } : { unpublishAt: at } });
            }
          : undefined
      }
    />
  );
}
