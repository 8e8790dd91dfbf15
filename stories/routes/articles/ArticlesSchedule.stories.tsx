// The Articles screen's schedules: the Scheduled tab, and Schedule… on a selection.
import type { Meta } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { scheduleMessages } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { bulkTexts as b } from '../../../src/lib/texts-articles';
import { scheduleTexts as sched } from '../../../src/lib/texts-schedule';
import { articles, daysFromNow, scheduledSamples } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory, storyLocation } from '../AppStory';
import { ready, opened } from '../plays';
import { findToast, type ScreenStory as Story, using } from '../screen';
import { articlesScreen, bar, cards, pressBulk, tab, waitForCards } from './articlesScreen';

export default { title: 'Screens/Articles/Schedule', tags: ['!autodocs'], ...articlesScreen } satisfies Meta<typeof AppStory>;

/** The Scheduled tab: the articles with a change to come or one that failed, each card saying which. */
export const ScheduledTab: Story = {
  beforeEach: using(() => articleHandlers.api([...articles, ...scheduledSamples()])),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(tab(canvasElement, /^Scheduled/)).toHaveTextContent('3'), ready);
    await userEvent.click(tab(canvasElement, /^Scheduled/));
    await waitFor(() => expect(cards(canvasElement)).toHaveLength(3));
    const canvas = within(canvasElement);
    await expect(canvas.getByText(sched.failed('publish'))).toBeVisible();
    // The badges of the changes to come, each titled with its whole sentence.
    await expect(canvas.getAllByTitle(/^(Publishes|Unpublishes) /)).toHaveLength(2);
    await expect(storyLocation(canvasElement).searchParams.get('status')).toBe('scheduled');
  },
};

/** Nothing scheduled: the tab says where times are set. */
export const ScheduledTabEmpty: Story = {
  args: { path: '/articles?status=scheduled' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(texts.articles.empty.scheduled.title, {}, ready)).toBeVisible();
    await expect(canvas.getByText(texts.articles.empty.scheduled.body)).toBeVisible();
  },
};

/**
 * Schedule… on a draft and a published article with a publish time: the draft takes it, the
 * published one is refused with the server's reason; the Scheduled tab counts it.
 */
export const BulkSchedule: Story = {
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    // Card 0 is published, card 1 a draft.
    await pressBulk(canvasElement, sched.bulkAction, 0, 1);
    const dialog = within(await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: sched.bulkTitle(2) })));
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: sched.zoneLabel }), 'UTC');
    fireEvent.change(dialog.getByLabelText(sched.publishLabel), { target: { value: daysFromNow(2).slice(0, 16) } });
    await userEvent.click(dialog.getByRole('button', { name: sched.bulkSubmit }));
    const toast = await findToast(canvasElement, sched.bulkScheduled(1));
    await expect(toast).toHaveAccessibleDescription(sched.bulkRefused(1, scheduleMessages.alreadyPublished));
    await waitFor(() => expect(tab(canvasElement, /^Scheduled/)).toHaveTextContent('1'));
    await expect(within(canvasElement).queryByText(b.selected(2))).toBeNull();
  },
};

/** Schedule… with a time already past: the dialog says why and sends nothing; Escape closes it and keeps the selection. */
export const BulkScheduleRefused: Story = {
  play: async ({ canvasElement }) => {
    await waitForCards(canvasElement);
    await pressBulk(canvasElement, sched.bulkAction, 1, 2);
    const dialog = within(await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: sched.bulkTitle(2) })));
    fireEvent.change(dialog.getByLabelText(sched.publishLabel), { target: { value: '2020-01-01T09:00' } });
    await userEvent.click(dialog.getByRole('button', { name: sched.bulkSubmit }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(scheduleMessages.inThePast('publishAt'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull());
    await expect(within(bar(canvasElement)).getByText(b.selected(2))).toBeVisible();
  },
};
