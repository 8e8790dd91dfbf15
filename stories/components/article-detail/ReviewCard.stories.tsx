import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { ReviewCard } from '../../../src/components/article-detail/ReviewCard';
import { NO_REVIEW, reviewMessages, scheduleMessages, type ArticleReview } from '../../../src/contract';
import { reviewTexts as t } from '../../../src/lib/texts-review';
import { fixturesNow } from '../../fixtures';

const author = { id: 'user_ana', email: 'ana@example.com' };
const editor = { id: 'user_eli', email: 'eli@example.com' };
const inReview: ArticleReview = { ...NO_REVIEW, state: 'in_review', reviewers: [editor], requestedBy: author, requestedAt: fixturesNow };
const changes: ArticleReview = { ...inReview, state: 'changes_requested', note: 'Say where the harbour is, and who took the photo.', decidedBy: editor, decidedAt: fixturesNow };
const approved: ArticleReview = { ...inReview, state: 'approved', note: 'Good to go.', decidedBy: editor, decidedAt: fixturesNow };

const meta = {
  title: 'Components/ArticleDetail/ReviewCard',
  component: ReviewCard,
  args: {
    review: NO_REVIEW,
    loadError: null,
    onRetry: fn(),
    isPublished: false,
    canRequest: true,
    canDecide: false,
    onStep: fn(async (): Promise<string> => reviewMessages.requested),
  },
} satisfies Meta<typeof ReviewCard>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('region', { name: t.title }));

/** Never asked for: an author asks for a review, and is told it is asked. */
export const NotAskedFor: Story = {
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.states.none)).toBeVisible();
    await expect(c.getByText(t.never)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: t.request }));
    await expect(args.onStep).toHaveBeenCalledWith('request', '');
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent(reviewMessages.requested));
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** In review, as its author sees it: whom it was asked of, and nothing to press. */
export const InReviewForTheAuthor: Story = {
  args: { review: inReview },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.states.in_review)).toBeVisible();
    await expect(c.getByText(/of eli@example\.com\.$/)).toBeVisible();
    await expect(c.queryByRole('button')).toBeNull();
  },
};

/** In review, as an editor sees it: a note, Approve and Ask for changes. */
export const InReviewForAnEditor: Story = {
  args: { review: inReview, canDecide: true, onStep: fn(async (): Promise<string> => reviewMessages.approved) },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await userEvent.type(c.getByLabelText(t.noteLabel), 'Good to go.');
    await userEvent.click(c.getByRole('button', { name: t.approve }));
    await expect(args.onStep).toHaveBeenCalledWith('approve', 'Good to go.');
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent(reviewMessages.approved));
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** An editor approves and publishes at once: one step, said as the server says it. */
export const ApproveAndPublish: Story = {
  args: { review: inReview, canDecide: true, onStep: fn(async (): Promise<string> => reviewMessages.approvedAndPublished) },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await userEvent.selectOptions(c.getByLabelText(t.thenLabel), t.then.now);
    await userEvent.click(c.getByRole('button', { name: t.approveAndPublish }));
    await expect(args.onStep).toHaveBeenCalledWith('approve', '', 'now');
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent(reviewMessages.approvedAndPublished));
    // Done: back to a plain approval for the next time.
    await expect(c.getByLabelText(t.thenLabel)).toHaveValue('keep');
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * An editor approves and schedules the publish: no time, then a past one, are said at once with
 * nothing sent; a time to come goes with the approval, read in the zone, its UTC time beside it.
 */
export const ApproveAndSchedule: Story = {
  args: { review: inReview, canDecide: true, defaultTimeZone: 'Europe/Paris', onStep: fn(async (): Promise<string> => reviewMessages.approvedAndScheduled) },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await userEvent.selectOptions(c.getByLabelText(t.thenLabel), t.then.schedule);
    await expect(c.getByText(t.readIn('Europe/Paris'))).toBeVisible();
    const approve = c.getByRole('button', { name: t.approveAndSchedule });
    await userEvent.click(approve);
    await expect(await c.findByText(t.chooseTime)).toBeVisible();
    fireEvent.change(c.getByLabelText(t.publishAtLabel), { target: { value: '2026-06-01T09:00' } });
    await userEvent.click(approve);
    await expect(await c.findByText(scheduleMessages.inThePast('publishAt'))).toBeVisible();
    await expect(args.onStep).not.toHaveBeenCalled();

    fireEvent.change(c.getByLabelText(t.publishAtLabel), { target: { value: '2026-06-20T09:00' } });
    await expect(c.getByText(/2026-06-20 07:00 UTC/)).toBeVisible();
    await userEvent.click(approve);
    await expect(args.onStep).toHaveBeenCalledWith('approve', '', { publishAt: '2026-06-20T09:00:00+02:00', timeZone: 'Europe/Paris' });
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent(reviewMessages.approvedAndScheduled));
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** A publish time in the past, with the approval: said at once in the schedule's words, the time kept, nothing sent. */
export const ApprovalTimeInThePast: Story = {
  args: { review: inReview, canDecide: true, defaultTimeZone: 'Europe/Paris' },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await userEvent.selectOptions(c.getByLabelText(t.thenLabel), t.then.schedule);
    fireEvent.change(c.getByLabelText(t.publishAtLabel), { target: { value: '2026-06-01T09:00' } });
    await userEvent.click(c.getByRole('button', { name: t.approveAndSchedule }));
    await expect(await c.findByText(scheduleMessages.inThePast('publishAt'))).toBeVisible();
    await expect(c.getByLabelText(t.publishAtLabel)).toHaveValue('2026-06-01T09:00');
    await expect(args.onStep).not.toHaveBeenCalled();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Asking for changes needs a note: said at once, nothing sent. */
export const ChangesWithoutANote: Story = {
  args: { review: inReview, canDecide: true },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await userEvent.click(c.getByRole('button', { name: t.requestChanges }));
    await expect(await c.findByText(reviewMessages.noteRequired)).toBeVisible();
    await expect(args.onStep).not.toHaveBeenCalled();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Sent back: the editor's note, and the author asks again once it is done. */
export const ChangesRequested: Story = {
  args: { review: changes },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.states.changes_requested)).toBeVisible();
    await expect(c.getByText(changes.note)).toBeVisible();
    await expect(c.getByRole('button', { name: t.requestAgain })).toBeEnabled();
  },
};

/** Approved, with the editor's word. */
export const Approved: Story = {
  args: { review: approved, canDecide: true },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.states.approved)).toBeVisible();
    await expect(c.getByText('Good to go.')).toBeVisible();
  },
};

/** A published article is not reviewed: the card says how to. */
export const Published: Story = {
  args: { isPublished: true },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.publishedNone)).toBeVisible();
    await expect(c.queryByRole('button')).toBeNull();
  },
};

/** A step the server refuses: its words, the note kept. */
export const StepRefused: Story = {
  args: { review: inReview, canDecide: true, onStep: fn(async (): Promise<string> => Promise.reject(new Error(reviewMessages.notRequested))) },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await userEvent.type(c.getByLabelText(t.noteLabel), 'Shorter, please.');
    await userEvent.click(c.getByRole('button', { name: t.requestChanges }));
    await expect(await c.findByText(reviewMessages.notRequested)).toBeVisible();
    await expect(c.getByLabelText(t.noteLabel)).toHaveValue('Shorter, please.');
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** The review is being read. */
export const Loading: Story = {
  args: { review: undefined },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(t.loading)).toBeVisible();
  },
};

/** The review could not be read: the server's words and Try again. */
export const LoadFailed: Story = {
  args: { review: undefined, loadError: 'The database is not answering. Try again in a moment.' },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await expect(c.getByText(new RegExp(`^${t.failed}`))).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: /try again/i }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
