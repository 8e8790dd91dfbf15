import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Box, Button, chakra, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
// Icons the console already has (every Lucide icon it uses loads with the first screen, whose budget is spent).
import { LuArrowLeft, LuArrowRight } from 'react-icons/lu';
import { CALENDAR_MAX_ENTRIES, type CalendarEntry } from '../../contract';
import { formatDay } from '../../lib/format';
import { calendarTexts as t } from '../../lib/texts-calendar';
import { ErrorNotice } from '../common/ErrorNotice';
import { InlineError } from '../common/InlineError';
import { InlineLoading } from '../common/InlineLoading';

/** A month of weeks, or one week. */
export type CalendarView = 'month' | 'week';
type Scheduled = 'publish' | 'unpublish';

export interface ArticleCalendarProps {
  view: CalendarView;
  /** A day (`YYYY-MM-DD`) of the month or week shown. */
  anchor: string;
  /** Another month or week, or the other view (at the same day). */
  onNavigate: (view: CalendarView, anchor: string) => void;
  /** The entries of the days shown (planned days and scheduled changes); undefined while they load. */
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
  /** The instant `days` days from `at`, at the same time of day as the reader reads it. */
  addDaysTo: (at: string, days: number) => string;
  onOpen: (articleId: string) => void;
  /** Moves a planned day (drag and drop, Alt and an arrow key); without it (a role that may not), nothing planned moves. */
  onMove?: (articleId: string, day: string) => Promise<void>;
  /** Moves a scheduled publish or unpublish, once confirmed; without it, nothing scheduled moves. */
  onReschedule?: (articleId: string, kind: Scheduled, at: string) => Promise<void>;
}

const DAY_MS = 86_400_000;
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
/** The day `n` days after `day`. */
export const addDays = (day: string, n: number) => new Date(dateOf(day).getTime() + n * DAY_MS).toISOString().slice(0, 10);
/** The Monday of `day`'s week. */
export const mondayOf = (day: string) => addDays(day, -((dateOf(day).getUTCDay() + 6) % 7));
const daysBetween = (from: string, to: string) => Math.round((dateOf(to).getTime() - dateOf(from).getTime()) / DAY_MS);

/** The month's `YYYY-MM` `delta` months away. */
export const shiftMonth = (month: string, delta: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The weeks (Monday first) that show `month`: each a row of 7 days, `YYYY-MM-DD`. */
export function weeksOf(month: string): string[][] {
  const weeks: string[][] = [];
  for (let monday = mondayOf(`${month}-01`); weeks.length === 0 || monday.startsWith(month); monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  }
  return weeks;
}

/** The rows of days a view shows around `anchor`. */
export function weeksShown(view: CalendarView, anchor: string): string[][] {
  if (view === 'month') return weeksOf(anchor.slice(0, 7));
  const monday = mondayOf(anchor);
  return [Array.from({ length: 7 }, (_, i) => addDays(monday, i))];
}

/** The anchor `delta` months (or weeks) away: a month's first day, a week's Monday. */
export const shiftAnchor = (view: CalendarView, anchor: string, delta: number) =>
  view === 'month' ? `${shiftMonth(anchor.slice(0, 7), delta)}-01` : addDays(mondayOf(anchor), 7 * delta);

/** Alt and an arrow key: a day either way, a week up or down. */
const ARROW_DAYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

const SHOWN_PER_DAY = 4;
const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const entryKey = (entry: Pick<CalendarEntry, 'articleId' | 'kind'>) => `${entry.articleId}:${entry.kind}`;

/** A move done (Undo takes it back): a planned day's, or a scheduled instant's. */
interface Moved {
  articleId: string;
  title: string;
  kind: CalendarEntry['kind'];
  /** Days for a planned entry, instants for a scheduled one. */
  from: string;
  to: string;
}

/**
 * The articles' calendar: a month of weeks or one week (Monday first), each day with what is
 * planned for it and the publishes and unpublishes scheduled in it (at the reader's time), each
 * opening its article. An entry moves to another day by drag and drop, or by Alt and an arrow key
 * (a day left or right, a week up or down); a planned day moves at once, a scheduled change once
 * confirmed; Undo takes the last move back.
 */
export function ArticleCalendar({
  view,
  anchor,
  onNavigate,
  entries,
  truncated = false,
  loadError,
  onRetry,
  today,
  dayOf,
  timeOf,
  addDaysTo,
  onOpen,
  onMove,
  onReschedule,
}: ArticleCalendarProps) {
  const [moved, setMoved] = useState<Moved | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  // A scheduled change dropped on another day, waiting for the admin's yes.
  const [asked, setAsked] = useState<Moved | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const idBase = useId();
  // What is being dragged: kept here (a drag's data is only readable on drop in some browsers).
  const dragging = useRef<{ entry: CalendarEntry; from: string } | null>(null);
  // The entry moved by keyboard: focused again where it lands.
  const refocus = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const byDay = new Map<string, CalendarEntry[]>();
  for (const entry of entries ?? []) {
    const day = entry.kind === 'planned' ? entry.day! : dayOf(entry.at!);
    byDay.set(day, [...(byDay.get(day) ?? []), entry]);
  }
  const titleOf = (entry: Pick<CalendarEntry, 'title' | 'slug'>) => entry.title ?? entry.slug ?? t.untitled;
  const whenOf = (at: string) => `${formatDay(dayOf(at))} ${timeOf(at)}`;
  const movable = (entry: CalendarEntry) => (entry.kind === 'planned' ? !!onMove : !!onReschedule);

  useEffect(() => {
    if (!refocus.current) return;
    const chip = root.current?.querySelector<HTMLElement>(`[data-entry="${CSS.escape(refocus.current)}"]`);
    if (chip) {
      refocus.current = null;
      chip.focus();
    }
  }, [entries]);

  /** Writes a move (or its undoing) and says what came of it. */
  const write = async (change: Moved, undo = false) => {
    setMoveError(null);
    try {
      if (change.kind === 'planned') await onMove?.(change.articleId, change.to);
      else await onReschedule?.(change.articleId, change.kind, change.to);
      setMoved(undo ? null : change);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setMoveError(`${change.kind === 'planned' ? t.moveFailed : t.rescheduleFailed}: ${message}`);
    }
  };

  /** An entry taken from `from` to another day: a planned one moves, a scheduled one asks first. */
  const request = (entry: CalendarEntry, from: string, to: string) => {
    if (!movable(entry) || from === to) return;
    const base = { articleId: entry.articleId, title: titleOf(entry), kind: entry.kind };
    if (entry.kind === 'planned') void write({ ...base, from, to });
    else setAsked({ ...base, from: entry.at!, to: addDaysTo(entry.at!, daysBetween(from, to)) });
  };

  // A question asked takes the focus (a keyboard move, a drop); answered or cancelled, it goes
  // back to the entry where it now is.
  useEffect(() => {
    if (asked) confirmButton.current?.focus();
  }, [asked]);
  const cancelAsk = () => {
    if (confirming || !asked) return;
    setAsked(null);
    root.current?.querySelector<HTMLElement>(`[data-entry="${CSS.escape(entryKey(asked))}"]`)?.focus();
  };
  const confirm = () => {
    if (!asked) return;
    refocus.current = entryKey(asked);
    setConfirming(true);
    void write(asked).finally(() => {
      setConfirming(false);
      setAsked(null);
    });
  };

  const onChipKey = (entry: CalendarEntry, day: string) => (event: KeyboardEvent) => {
    const days = ARROW_DAYS[event.key];
    if (!event.altKey || days === undefined || !movable(entry)) return;
    event.preventDefault();
    refocus.current = entryKey(entry);
    request(entry, day, addDays(day, days));
  };

  const chip = (entry: CalendarEntry, day: string) => {
    const planned = entry.kind === 'planned';
    const draggable = movable(entry);
    return (
      <Box as="li" key={entryKey(entry)} listStyleType="none">
        <Button
          size="2xs"
          variant="subtle"
          colorPalette={planned ? 'gray' : entry.kind === 'publish' ? 'purple' : 'orange'}
          w="full"
          justifyContent="flex-start"
          fontWeight="normal"
          data-entry={entryKey(entry)}
          draggable={draggable}
          cursor={draggable ? 'grab' : undefined}
          onDragStart={
            draggable
              ? (event) => {
                  dragging.current = { entry, from: day };
                  // Some browsers start a drag only with data.
                  event.dataTransfer?.setData('text/plain', titleOf(entry));
                }
              : undefined
          }
          onDragEnd={draggable ? () => (dragging.current = null) : undefined}
          onKeyDown={draggable ? onChipKey(entry, day) : undefined}
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

  const month = anchor.slice(0, 7);
  const weeks = weeksShown(view, anchor);
  const tableLabel = view === 'month' ? t.label(monthName(month)) : t.weekLabel(formatDay(weeks[0]![0]!));
  const anyMovable = !!onMove || !!onReschedule;

  const body = () => {
    if (loadError) return <InlineError title={t.failed} message={loadError} onRetry={onRetry} />;
    if (!entries) return <InlineLoading label={t.loading} />;
    return (
      <chakra.table w="full" style={{ tableLayout: 'fixed', borderCollapse: 'collapse' }} aria-label={tableLabel}>
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
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const list = byDay.get(day) ?? [];
                const inRange = view === 'week' || day.startsWith(month);
                // A week shows every entry of its days; a month the first few of each.
                const shown = view === 'week' ? list : list.slice(0, SHOWN_PER_DAY);
                return (
                  <chakra.td
                    key={day}
                    verticalAlign="top"
                    borderWidth="1px"
                    borderColor="border"
                    p="1"
                    h={view === 'week' ? '20rem' : '7.5rem'}
                    bg={inRange ? 'bg.card' : 'bg.muted'}
                    onDragOver={anyMovable ? (event) => event.preventDefault() : undefined}
                    onDrop={
                      anyMovable
                        ? (event) => {
                            event.preventDefault();
                            const dragged = dragging.current;
                            dragging.current = null;
                            if (dragged) request(dragged.entry, dragged.from, day);
                          }
                        : undefined
                    }
                  >
                    <Stack gap="1">
                      <Text textStyle="xs" fontWeight={day === today ? 'bold' : 'normal'} color={inRange ? 'fg' : 'fg.muted'} aria-current={day === today ? 'date' : undefined}>
                        {Number(day.slice(8))}
                        {day === today ? <Badge ms="1" size="xs" colorPalette="blue">{t.today}</Badge> : null}
                      </Text>
                      <Stack as="ul" gap="0.5" m="0" p="0">
                        {shown.map((entry) => chip(entry, day))}
                      </Stack>
                      {list.length > shown.length ? (
                        <Text textStyle="xs" color="fg.muted">
                          {t.more(list.length - shown.length)}
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

  const thisRange = view === 'month' ? today.startsWith(month) : mondayOf(today) === mondayOf(anchor);
  return (
    <Stack gap="3" ref={root}>
      <HStack gap="2" wrap="wrap">
        <HStack gap="0" role="group" aria-label={t.views}>
          {(['month', 'week'] as const).map((v) => (
            <Button key={v} size="sm" variant={view === v ? 'solid' : 'outline'} aria-pressed={view === v} onClick={() => onNavigate(v, anchor)}>
              {v === 'month' ? t.month : t.week}
            </Button>
          ))}
        </HStack>
        <IconButton aria-label={view === 'month' ? t.previous : t.previousWeek} variant="outline" size="sm" onClick={() => onNavigate(view, shiftAnchor(view, anchor, -1))}>
          <LuArrowLeft />
        </IconButton>
        <Text as="h2" textStyle="lg" fontWeight="semibold" minW="11rem" textAlign="center">
          {view === 'month' ? monthName(month) : t.weekTitle(formatDay(weeks[0]![0]!))}
        </Text>
        <IconButton aria-label={view === 'month' ? t.next : t.nextWeek} variant="outline" size="sm" onClick={() => onNavigate(view, shiftAnchor(view, anchor, 1))}>
          <LuArrowRight />
        </IconButton>
        <Button variant="outline" size="sm" onClick={() => onNavigate(view, today)} disabled={thisRange}>
          {t.today}
        </Button>
        {anyMovable ? (
          <Text textStyle="xs" color="fg.muted">
            {t.dragHint}
          </Text>
        ) : null}
      </HStack>
      <HStack role="status" gap="2" minH="6">
        {moved ? (
          <>
            <Text textStyle="sm" color="status.ok">
              {moved.kind === 'planned' ? t.moved(moved.title, formatDay(moved.to)) : t.rescheduled(t.what[moved.kind], moved.title, whenOf(moved.to))}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void write({ ...moved, from: moved.to, to: moved.from }, true)}>
              {t.undo}
            </Button>
          </>
        ) : null}
      </HStack>
      {asked && asked.kind !== 'planned' ? (
        // Asked in the page, above the days (a dialog's code would load with the first screen, whose budget is spent):
        // the focus comes to Move it; Escape or Cancel leaves everything as it was.
        <Stack
          role="group"
          aria-labelledby={`${idBase}-ask`}
          gap="2"
          p="3"
          borderWidth="1px"
          borderColor="border.emphasized"
          borderRadius="md"
          bg="bg.card"
          onKeyDown={(event) => (event.key === 'Escape' ? cancelAsk() : undefined)}
        >
          <Text id={`${idBase}-ask`} fontWeight="semibold">
            {t.confirmTitle}
          </Text>
          <Text textStyle="sm">{t.confirm(t.what[asked.kind], asked.title, whenOf(asked.from), whenOf(asked.to))}</Text>
          <HStack gap="2">
            <Button ref={confirmButton} size="sm" colorPalette="blue" loading={confirming} loadingText={t.moving} onClick={confirm}>
              {t.confirmMove}
            </Button>
            <Button size="sm" variant="outline" disabled={confirming} onClick={cancelAsk}>
              {t.cancel}
            </Button>
          </HStack>
        </Stack>
      ) : null}
      {moveError ? <ErrorNotice message={moveError} onDismiss={() => setMoveError(null)} /> : null}
      {truncated ? <Text textStyle="sm" color="status.warn">{t.truncated(CALENDAR_MAX_ENTRIES)}</Text> : null}
      {entries && !entries.length && !loadError ? <Text textStyle="sm" color="fg.muted">{view === 'month' ? t.empty : t.emptyWeek}</Text> : null}
      {body()}
    </Stack>
  );
}
