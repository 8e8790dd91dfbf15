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
    month: '2026-06',
    onMonthChange: fn(),
    entries,
    loadError: null,
    onRetry: fn(),
    today: '2026-06-15',
    // UTC, so the shots are the same in every zone.
    dayOf: (at: string) => at.slice(0, 10),
    timeOf: (at: string) => at.slice(11, 16),
    onOpen: fn(),
    onMove: fn(async () => undefined),
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
    await expect(args.onMonthChange).toHaveBeenCalledWith('2026-07');
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
  args: { onMove: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Ferry timetable, summer' })).not.toHaveAttribute('draggable', 'true');
    await expect(canvas.queryByText(t.dragHint)).toBeNull();
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
