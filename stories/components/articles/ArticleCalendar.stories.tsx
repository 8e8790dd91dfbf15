import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { ArticleCalendar } from '../../../src/components/articles/ArticleCalendar';
import type { CalendarEntry } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { calendarTexts as t } from '../../../src/lib/texts-calendar';

const planned = (id: string, title: string, day: string, assigneeEmail: string | null = null): CalendarEntry => ({
  articleId: id, title, slug: null, status: 'draft', kind: 'planned', day, at: null, assigneeEmail,
});
const entries: CalendarEntry[] = [
  planned('a1', 'Ferry timetable, summer', '2026-06-08', 'admin@example.com'),
  planned('a2', 'Lighthouse open day', '2026-06-18', 'dana@example.com'),
  planned('a3', 'Regatta results', '2026-06-18'),
  { articleId: 'a4', title: 'Harbour fees for 2027', slug: null, status: 'draft', kind: 'publish', day: null, at: '2026-06-22T07:00:00.000Z', assigneeEmail: null },
  { articleId: 'a5', title: 'Spring market', slug: null, status: 'published', kind: 'unpublish', day: null, at: '2026-06-30T18:00:00.000Z', assigneeEmail: null },
  ...['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((n, i) => planned(`b${i}`, `Busy day ${n}`, '2026-06-25')),
];

const meta = {
  title: 'Components/Articles/ArticleCalendar',
  component: ArticleCalendar,
  args: {
    view: 'month',
    anchor: '2026-06-15',
    onNavigate: fn(),
    entries,
    loadError: null,
    onRetry: fn(),
    today: '2026-06-15',
    // UTC, so the shots are the same in every zone.
    dayOf: (at: string) => at.slice(0, 10),
    timeOf: (at: string) => at.slice(11, 16),
    addDaysTo: (at: string, days: number) => new Date(Date.parse(at) + days * 86_400_000).toISOString(),
    onOpen: fn(),
    onMove: fn(async () => undefined),
    onReschedule: fn(async () => undefined),
  },
} satisfies Meta<typeof ArticleCalendar>;
export default meta;

type Story = StoryObj<typeof meta>;

const cell = (canvasElement: HTMLElement, day: number) =>
  within(canvasElement).getAllByRole('cell').find((c) => c.textContent?.startsWith(String(day)) && !c.textContent.startsWith(`${day}0`))!;

/** June 2026: planned drafts, a publish and an unpublish at their times, a busy day cut at four, today marked. */
export const Month: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: t.label('June 2026') })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Publish 07:00 · Harbour fees for 2027' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Unpublish 18:00 · Spring market' })).toBeVisible();
    await expect(canvas.getByText(t.more(2))).toBeVisible();
    await expect(canvas.getByText(t.today, { selector: 'span' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Lighthouse open day' }));
    await expect(args.onOpen).toHaveBeenCalledWith('a2');
    await userEvent.click(canvas.getByRole('button', { name: t.next }));
    await expect(args.onNavigate).toHaveBeenCalledWith('month', '2026-07-01');
    await userEvent.click(canvas.getByRole('button', { name: t.week }));
    await expect(args.onNavigate).toHaveBeenLastCalledWith('week', '2026-06-15');
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** A planned article dragged to another day moves there, said with Undo; Undo moves it back. */
export const DragToMove: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const chip = canvas.getByRole('button', { name: 'Ferry timetable, summer' });
    fireEvent.dragStart(chip);
    fireEvent.dragOver(cell(canvasElement, 10));
    fireEvent.drop(cell(canvasElement, 10));
    await expect(args.onMove).toHaveBeenCalledWith('a1', '2026-06-10');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(t.moved('Ferry timetable, summer', 'Jun 10, 2026')));
    await userEvent.click(canvas.getByRole('button', { name: t.undo }));
    await expect(args.onMove).toHaveBeenLastCalledWith('a1', '2026-06-08');
    await waitFor(() => expect(canvas.queryByRole('button', { name: t.undo })).toBeNull());
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** The week of the 22nd: every entry of each day (none cut), at its time; weeks before and after. */
export const Week: Story = {
  args: { view: 'week', anchor: '2026-06-24' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: t.weekLabel('Jun 22, 2026') })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: t.weekTitle('Jun 22, 2026') })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Busy day Six' })).toBeVisible();
    await expect(canvas.queryByText(t.more(2))).toBeNull();
    await expect(canvas.getByRole('button', { name: t.week })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: t.previousWeek }));
    await expect(args.onNavigate).toHaveBeenCalledWith('week', '2026-06-15');
    await userEvent.click(canvas.getByRole('button', { name: t.nextWeek }));
    await expect(args.onNavigate).toHaveBeenLastCalledWith('week', '2026-06-29');
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** By keyboard: Alt and Right moves a planned article a day on, Alt and Down a week on; Undo says so. */
export const KeyboardMove: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Ferry timetable, summer' }).focus();
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await expect(args.onMove).toHaveBeenCalledWith('a1', '2026-06-09');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(t.moved('Ferry timetable, summer', 'Jun 9, 2026')));
    canvas.getByRole('button', { name: 'Lighthouse open day' }).focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await expect(args.onMove).toHaveBeenLastCalledWith('a2', '2026-06-25');
    // Arrows alone move nothing (they are the page's).
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onMove).toHaveBeenCalledTimes(2);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** A scheduled publish dropped on another day asks first, at the same time of day; Cancel moves nothing, Move it moves it, with Undo. */
export const RescheduleConfirmed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const drop = () => {
      fireEvent.dragStart(canvas.getByRole('button', { name: 'Publish 07:00 · Harbour fees for 2027' }));
      fireEvent.dragOver(cell(canvasElement, 24));
      fireEvent.drop(cell(canvasElement, 24));
    };
    drop();
    let dialog = await body.findByRole('group', { name: t.confirmTitle });
    await expect(dialog).toHaveTextContent(t.confirm('publish', 'Harbour fees for 2027', 'Jun 22, 2026 07:00', 'Jun 24, 2026 07:00'));
    await userEvent.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(body.queryByRole('group', { name: t.confirmTitle })).toBeNull());
    await expect(args.onReschedule).not.toHaveBeenCalled();
    drop();
    dialog = await body.findByRole('group', { name: t.confirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirmMove }));
    await expect(args.onReschedule).toHaveBeenCalledWith('a4', 'publish', '2026-06-24T07:00:00.000Z');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(t.rescheduled('publish', 'Harbour fees for 2027', 'Jun 24, 2026 07:00')));
    await userEvent.click(canvas.getByRole('button', { name: t.undo }));
    await expect(args.onReschedule).toHaveBeenLastCalledWith('a4', 'publish', '2026-06-22T07:00:00.000Z');
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** The dialog open, as the editor sees it before answering (by keyboard: Alt and Left on an unpublish). */
export const RescheduleAsked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Unpublish 18:00 · Spring market' }).focus();
    await userEvent.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('group', { name: t.confirmTitle });
    await expect(dialog).toHaveTextContent(t.confirm('unpublish', 'Spring market', 'Jun 30, 2026 18:00', 'Jun 29, 2026 18:00'));
  },
};

/** A move the server refuses is said in its words; nothing else changes. */
export const MoveRefused: Story = {
  args: { onMove: fn(async () => Promise.reject(new Error('Change a published article: only an editor or an admin may do this; you are an author.'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.dragStart(canvas.getByRole('button', { name: 'Regatta results' }));
    fireEvent.drop(cell(canvasElement, 19));
    await expect(await canvas.findByText(/The planned day could not be moved: Change a published article/)).toBeVisible();
  },
};

/** A role that may not move plans reads the calendar: nothing is draggable, no hint. */
export const ReadOnly: Story = {
  args: { onMove: undefined, onReschedule: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Ferry timetable, summer' })).not.toHaveAttribute('draggable', 'true');
    await expect(canvas.getByRole('button', { name: 'Publish 07:00 · Harbour fees for 2027' })).not.toHaveAttribute('draggable', 'true');
    await expect(canvas.queryByText(t.dragHint)).toBeNull();
  },
};

/** An author moves plans, not schedules: the planned are draggable, the scheduled are not. */
export const PlansOnly: Story = {
  args: { onReschedule: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Ferry timetable, summer' })).toHaveAttribute('draggable', 'true');
    const scheduled = canvas.getByRole('button', { name: 'Publish 07:00 · Harbour fees for 2027' });
    await expect(scheduled).not.toHaveAttribute('draggable', 'true');
    scheduled.focus();
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await expect(within(canvasElement.ownerDocument.body).queryByRole('group', { name: t.confirmTitle })).toBeNull();
    await expect(args.onMove).not.toHaveBeenCalled();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { entries: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.loading)).toBeVisible();
  },
};

/** The calendar could not be read: the server's words, and Try again. */
export const Failed: Story = {
  args: { entries: undefined, loadError: 'The database is unavailable. Try again in a moment.' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: texts.articles.tryAgain }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** More than 5,000 entries in the month: the first ones, and a word on narrowing. */
export const Truncated: Story = {
  args: { truncated: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.truncated(5000))).toBeVisible();
  },
};
