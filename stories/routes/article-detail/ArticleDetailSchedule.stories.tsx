// Scheduled publishing on the article page (the Schedule card; its states are in
// Components/ArticleDetail/ScheduleCard).
import type { Meta } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { scheduledText } from '../../../src/components/schedule/scheduleText';
import { scheduleMessages } from '../../../src/contract';
import { scheduleTexts as sched } from '../../../src/lib/texts-schedule';
import { instantToWallClock } from '../../../src/lib/zonedTime';
import { articles, daysFromNow, scheduledSamples } from '../../fixtures';
import { articleHandlers, errorResponse } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { articleDetailScreen } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Schedule', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

const [, unpublishLater, failedPublish] = scheduledSamples();

/** The Schedule card of a draft, whole: a time chosen in Paris, saved; the card then says when it publishes, with UTC. */
export const SchedulePublish: Story = {
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: sched.title }, ready));
    await userEvent.selectOptions(card.getByRole('combobox', { name: sched.zoneLabel }), 'Europe/Paris');
    const at = daysFromNow(4);
    fireEvent.change(card.getByLabelText(sched.publishLabel), { target: { value: instantToWallClock(at, 'Europe/Paris').slice(0, 16) } });
    await userEvent.click(card.getByRole('button', { name: sched.save }));
    await waitFor(() => expect(card.getByRole('status')).toHaveTextContent(sched.saved));
    await expect(card.getByText(scheduledText('publish', at, 'Europe/Paris'))).toBeVisible();
    await expect(card.queryByText(sched.nothingScheduled)).toBeNull();
  },
};

/** A published article with its unpublishing scheduled and a late note; Clear removes the time. */
export const ScheduledUnpublish: Story = {
  beforeEach: using(() => articleHandlers.api([...articles, unpublishLater!])),
  args: { path: `/articles/${unpublishLater!.id}` },
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: sched.title }, ready));
    await expect(card.getByText(unpublishLater!.scheduleNote!)).toBeVisible();
    await expect(card.getByText(scheduledText('unpublish', unpublishLater!.unpublishAt!, 'America/New_York'))).toBeVisible();
    await userEvent.click(card.getByRole('button', { name: sched.clearUnpublish }));
    await waitFor(() => expect(card.getByRole('status')).toHaveTextContent(sched.cleared));
    await expect(card.getByText(sched.nothingScheduled)).toBeVisible();
  },
};

/** A published article takes no publish time: the server's refusal (here, a second tab published it meanwhile). */
export const SchedulePublishedMeanwhile: Story = {
  beforeEach({ msw }) {
    msw.use(http.patch('*/api/articles/:id', () => errorResponse('schedule_published')));
  },
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: sched.title }, ready));
    fireEvent.change(card.getByLabelText(sched.publishLabel), { target: { value: instantToWallClock(daysFromNow(2), 'UTC').slice(0, 16) } });
    await userEvent.click(card.getByRole('button', { name: sched.save }));
    await expect(await card.findByRole('alert')).toHaveTextContent(scheduleMessages.alreadyPublished);
  },
};

/** A scheduled publish failed (no slug): the reason, and Retry, which fails again while the slug is missing. */
export const ScheduleFailedRetry: Story = {
  beforeEach: using(() => articleHandlers.api([...articles, failedPublish!])),
  args: { path: `/articles/${failedPublish!.id}` },
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: sched.title }, ready));
    const alert = within(card.getByRole('alert'));
    await expect(alert.getByText(scheduleMessages.failed('publish'))).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: sched.retry }));
    await expect(await alert.findByText(`${scheduleMessages.failed('publish')}: ${scheduleMessages.noSlug}`)).toBeVisible();
  },
};
