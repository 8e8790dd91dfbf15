import { useRef, useState } from 'react';
import { Badge, Box, Button, chakra, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
// Icons the console already has (every Lucide icon it uses loads with the first screen, whose budget is spent).
import { LuArrowLeft, LuArrowRight } from 'react-icons/lu';
import { CALENDAR_MAX_ENTRIES, type CalendarEntry } from '../../contract';
import { formatDay } from '../../lib/format';
import { calendarTexts as t } from '../../lib/texts-calendar';
import { ErrorNotice } from '../common/ErrorNotice';
import { InlineError } from '../common/InlineError';
import { InlineLoading } from '../common/InlineLoading';

export interface ArticleCalendarProps {
  /** The month shown, `YYYY-MM`. */
  month: string;
  onMonthChange: (month: string) => void;
  /** The month's entries (planned days and scheduled changes); undefined while they load. */
  entries: readonly CalendarEntry[] | undefined;
  truncated?: boolean;
  loadError: string | null;
  onRetry: () => void;
  /** Today as the reader counts it, `YYYY-MM-DD`. */
  today: string;
  /** The day (`YYYY-MM-DD`, the reader's) of a scheduled instant. */
  dayOf: (at: string) => string;
  /** The time of day of a scheduled instant, as the reader reads it ('09:00'). */
  timeOf: (at: string) => string;
  onOpen: (articleId: string) => void;
  /** Moves a planned day (drag and drop); without it (a role that may not), nothing moves. */
  onMove?: (articleId: string, day: string) => Promise<void>;
}

/** The month's `YYYY-MM` `delta` months away. */
export const shiftMonth = (month: string, delta: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The weeks (Monday first) that show `month`: each a row of 7 days, `YYYY-MM-DD`. */
export function weeksOf(month: string): string[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const start = new Date(first.getTime() - ((first.getUTCDay() + 6) % 7) * 86_400_000);
  const weeks: string[][] = [];
  for (let cursor = start; ; ) {
    const week = Array.from({ length: 7 }, (_, i) => new Date(cursor.getTime() + i * 86_400_000).toISOString().slice(0, 10));
    weeks.push(week);
    cursor = new Date(cursor.getTime() + 7 * 86_400_000);
    if (cursor.getUTCMonth() !== m - 1) break;
  }
  return weeks;
}

const SHOWN_PER_DAY = 4;
const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The articles' calendar: a month of weeks (Monday first), each day with what is planned for it
 * and the publishes and unpublishes scheduled in it (at the reader's time), each opening its
 * article. A planned article is dragged to another day to move it, with Undo; its page moves it
 * by keyboard (the Assignment card).
 */
export function ArticleCalendar({ month, onMonthChange, entries, truncated = false, loadError, onRetry, today, dayOf, timeOf, onOpen, onMove }: ArticleCalendarProps) {
  const [moved, setMoved] = useState<{ articleId: string; title: string; from: string; to: string } | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  // What is being dragged: kept here (a drag's data is only readable on drop in some browsers).
  const dragging = useRef<{ id: string; from: string; title: string } | null>(null);
  const byDay = new Map<string, CalendarEntry[]>();
  for (const entry of entries ?? []) {
    const day = entry.kind === 'planned' ? entry.day! : dayOf(entry.at!);
    byDay.set(day, [...(byDay.get(day) ?? []), entry]);
  }
  const titleOf = (entry: CalendarEntry) => entry.title ?? entry.slug ?? t.untitled;
  const move = async (articleId: string, title: string, from: string, to: string, undo = false) => {
    if (!onMove || from === to) return;
    setMoveError(null);
    try {
      await onMove(articleId, to);
      setMoved(undo ? null : { articleId, title, from, to });
    } catch (error) {
      setMoveError(error instanceof Error ? error.message : String(error));
    }
  };

  const chip = (entry: CalendarEntry, day: string) => {
    const planned = entry.kind === 'planned';
    const draggable = planned && !!onMove;
    return (
      <Box as="li" key={`${entry.articleId}:${entry.kind}`} listStyleType="none">
        <Button
          size="2xs"
          variant="subtle"
          colorPalette={planned ? 'gray' : entry.kind === 'publish' ? 'purple' : 'orange'}
          w="full"
          justifyContent="flex-start"
          fontWeight="normal"
          draggable={draggable}
          cursor={draggable ? 'grab' : undefined}
          onDragStart={
            draggable
              ? (event) => {
                  dragging.current = { id: entry.articleId, from: day, title: titleOf(entry) };
                  // Some browsers start a drag only with data.
                  event.dataTransfer?.setData('text/plain', titleOf(entry));
                }
              : undefined
          }
          onDragEnd={draggable ? () => (dragging.current = null) : undefined}
          onClick={() => onOpen(entry.articleId)}
          title={titleOf(entry)}
        >
          <Box as="span" truncate>
            {planned ? '' : `${entry.kind === 'publish' ? t.publish : t.unpublish} ${timeOf(entry.at!)} · `}
            {titleOf(entry)}
          </Box>
        </Button>
      </Box>
    );
  };

  const body = () => {
    if (loadError) return <InlineError title={t.failed} message={loadError} onRetry={onRetry} />;
    if (!entries) return <InlineLoading label={t.loading} />;
    return (
      <chakra.table w="full" style={{ tableLayout: 'fixed', borderCollapse: 'collapse' }} aria-label={t.label(monthName(month))}>
        <thead>
          <tr>
            {t.weekdays.map((name) => (
              <chakra.th key={name} textStyle="xs" color="fg.muted" fontWeight="medium" py="1" scope="col">
                {name}
              </chakra.th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const list = byDay.get(day) ?? [];
                const inMonth = day.startsWith(month);
                return (
                  <chakra.td
                    key={day}
                    verticalAlign="top"
                    borderWidth="1px"
                    borderColor="border"
                    p="1"
                    h="7.5rem"
                    bg={inMonth ? 'bg.card' : 'bg.muted'}
                    onDragOver={onMove ? (event) => event.preventDefault() : undefined}
                    onDrop={
                      onMove
                        ? (event) => {
                            event.preventDefault();
                            const dragged = dragging.current;
                            dragging.current = null;
                            if (dragged) void move(dragged.id, dragged.title, dragged.from, day);
                          }
                        : undefined
                    }
                  >
                    <Stack gap="1">
                      <Text textStyle="xs" fontWeight={day === today ? 'bold' : 'normal'} color={inMonth ? 'fg' : 'fg.muted'} aria-current={day === today ? 'date' : undefined}>
                        {Number(day.slice(8))}
                        {day === today ? <Badge ms="1" size="xs" colorPalette="blue">{t.today}</Badge> : null}
                      </Text>
                      <Stack as="ul" gap="0.5" m="0" p="0">
                        {list.slice(0, SHOWN_PER_DAY).map((entry) => chip(entry, day))}
                      </Stack>
                      {list.length > SHOWN_PER_DAY ? (
                        <Text textStyle="xs" color="fg.muted">
                          {t.more(list.length - SHOWN_PER_DAY)}
                        </Text>
                      ) : null}
                    </Stack>
                  </chakra.td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </chakra.table>
    );
  };

  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <IconButton aria-label={t.previous} variant="outline" size="sm" onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <LuArrowLeft />
        </IconButton>
        <Text as="h2" textStyle="lg" fontWeight="semibold" minW="11rem" textAlign="center">
          {monthName(month)}
        </Text>
        <IconButton aria-label={t.next} variant="outline" size="sm" onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <LuArrowRight />
        </IconButton>
        <Button variant="outline" size="sm" onClick={() => onMonthChange(today.slice(0, 7))} disabled={today.startsWith(month)}>
          {t.today}
        </Button>
        {onMove ? (
          <Text textStyle="xs" color="fg.muted">
            {t.dragHint}
          </Text>
        ) : null}
      </HStack>
      <HStack role="status" gap="2" minH="6">
        {moved ? (
          <>
            <Text textStyle="sm" color="status.ok">
              {t.moved(moved.title, formatDay(moved.to))}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void move(moved.articleId, moved.title, moved.to, moved.from, true)}>
              {t.undo}
            </Button>
          </>
        ) : null}
      </HStack>
      {moveError ? <ErrorNotice message={`${t.moveFailed}: ${moveError}`} onDismiss={() => setMoveError(null)} /> : null}
      {truncated ? <Text textStyle="sm" color="status.warn">{t.truncated(CALENDAR_MAX_ENTRIES)}</Text> : null}
      {entries && !entries.length && !loadError ? <Text textStyle="sm" color="fg.muted">{t.empty}</Text> : null}
      {body()}
    </Stack>
  );
}
