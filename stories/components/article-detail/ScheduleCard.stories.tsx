import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { ScheduleCard } from '../../../src/components/article-detail/ScheduleCard';
import { ScheduleTimeField, TimeZoneField } from '../../../src/components/schedule/ScheduleFields';
import { scheduleMessages } from '../../../src/contract';
import { scheduleTexts as t } from '../../../src/lib/texts-schedule';
import { accessFor } from '../../../src/lib/access';
import { expectBusy } from '../../busy';

/** The stories' clock and zones are pinned: what the card says does not hang on when or where it is opened. */
const NOW = new Date('2026-11-26T12:00:00Z');
const ZONE = 'Europe/Paris';

const meta = {
  title: 'Components/ArticleDetail/ScheduleCard',
  component: ScheduleCard,
  // Its inputs (ScheduleFields), which the bulk Schedule… dialog uses too.
  subcomponents: { ScheduleTimeField, TimeZoneField },
  args: {
    status: 'draft',
    schedule: { publishAt: null, unpublishAt: null, scheduleTimeZone: null, scheduleFailure: null, scheduleNote: null },
    defaultTimeZone: ZONE,
    timeZones: ['America/New_York', 'Asia/Tokyo', 'Europe/Paris', 'UTC'],
    now: () => NOW,
    onSave: fn(async () => {}),
    onRetry: fn(async () => {}),
  },
} satisfies Meta<typeof ScheduleCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A datetime-local input takes its value whole, as the browser's picker gives it. */
function setTime(canvasElement: HTMLElement, label: string, value: string) {
  fireEvent.change(within(canvasElement).getByLabelText(label), { target: { value } });
}

const saveButton = (canvasElement: HTMLElement) => within(canvasElement).getByRole('button', { name: t.save });

/** A draft with nothing scheduled: a publish time to choose (an unpublish one once it has), Save disabled until then. */
export const NothingScheduled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: t.title })).toBeVisible();
    await expect(canvas.getByText(t.nothingScheduled)).toBeVisible();
    await expect(canvas.getByLabelText(t.publishLabel)).toHaveValue('');
    await expect(canvas.queryByLabelText(t.unpublishLabel)).toBeNull();
    await expect(canvas.getByRole('combobox', { name: t.zoneLabel })).toHaveValue(ZONE);
    await expect(saveButton(canvasElement)).toBeDisabled();
  },
};

/** A time typed in Paris: its UTC time beside it; Save sends the instant with its offset, and the zone. */
export const SchedulePublish: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    setTime(canvasElement, t.publishLabel, '2026-12-01T09:00');
    await expect(await canvas.findByText(t.inUtc('2026-12-01 08:00 UTC'))).toBeVisible();
    // Once a publish time is typed, an unpublish time can be too.
    await expect(canvas.getByLabelText(t.unpublishLabel)).toBeVisible();
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenCalledWith({ publishAt: '2026-12-01T09:00:00+01:00', timeZone: ZONE });
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(t.saved));
  },
};

/** Another zone reads the same wall-clock time: Tokyo's 09:00 is midnight UTC. */
export const OtherTimeZone: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    setTime(canvasElement, t.publishLabel, '2026-12-01T09:00');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: t.zoneLabel }), 'Asia/Tokyo');
    await expect(canvas.getByLabelText(t.publishLabel)).toHaveValue('2026-12-01T09:00');
    await expect(await canvas.findByText(t.inUtc('2026-12-01 00:00 UTC'))).toBeVisible();
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenCalledWith({ publishAt: '2026-12-01T09:00:00+09:00', timeZone: 'Asia/Tokyo' });
  },
};

/** A time already past: the server's own words, said before anything is sent; the input keeps it. */
export const PastTimeRefused: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    setTime(canvasElement, t.publishLabel, '2026-11-20T09:00');
    await userEvent.click(saveButton(canvasElement));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(scheduleMessages.inThePast('publishAt'));
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(canvas.getByLabelText(t.publishLabel)).toHaveValue('2026-11-20T09:00');
  },
};

/** An unpublish before the publish: refused with the server's words, nothing sent. */
export const UnpublishBeforePublish: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    setTime(canvasElement, t.publishLabel, '2026-12-01T09:00');
    setTime(canvasElement, t.unpublishLabel, '2026-11-30T09:00');
    await userEvent.click(saveButton(canvasElement));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(scheduleMessages.unpublishBeforePublish);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** 02:30 on the day the clocks go forward does not exist in Paris: the card says which time is used. */
export const SkippedByDaylightSaving: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    setTime(canvasElement, t.publishLabel, '2027-03-28T02:30');
    await expect(await canvas.findByRole('note')).toHaveTextContent(t.skipped('02:30', '03:30', ZONE));
    await expect(canvas.getByText(t.inUtc('2027-03-28 01:30 UTC'))).toBeVisible();
  },
};

/** The server refuses (another admin published it meanwhile): its words, the time as typed. */
export const ServerRefused: Story = {
  args: { onSave: fn(async () => Promise.reject(new Error(scheduleMessages.alreadyPublished))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    setTime(canvasElement, t.publishLabel, '2026-12-01T09:00');
    await userEvent.click(saveButton(canvasElement));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(scheduleMessages.alreadyPublished);
    await expect(canvas.getByLabelText(t.publishLabel)).toHaveValue('2026-12-01T09:00');
    await expect(saveButton(canvasElement)).toBeEnabled();
  },
};

/** While saving: 'Saving...', every input and button disabled. */
export const Saving: Story = {
  args: { onSave: fn(() => new Promise<unknown>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    setTime(canvasElement, t.publishLabel, '2026-12-01T09:00');
    await userEvent.click(saveButton(canvasElement));
    await expectBusy(await canvas.findByRole('button', { name: t.saving }));
    await expect(canvas.getByLabelText(t.publishLabel)).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: t.zoneLabel })).toBeDisabled();
  },
};

/** A draft to publish and unpublish: both times in their zone with UTC; clearing the publish time clears both. */
export const DraftScheduled: Story = {
  args: {
    schedule: {
      publishAt: '2026-12-01T08:00:00.000Z',
      unpublishAt: '2026-12-08T08:00:00.000Z',
      scheduleTimeZone: ZONE,
      scheduleFailure: null,
      scheduleNote: null,
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`Publishes 1 Dec 2026, 09:00 (${ZONE}) · 08:00 UTC`)).toBeVisible();
    await expect(canvas.getByText(`Unpublishes 8 Dec 2026, 09:00 (${ZONE}) · 08:00 UTC`)).toBeVisible();
    await expect(canvas.getByLabelText(t.publishLabel)).toHaveValue('2026-12-01T09:00');
    await expect(canvas.getByText(t.clearsBoth)).toBeVisible();
    await expect(saveButton(canvasElement)).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: t.clearPublish }));
    await expect(args.onSave).toHaveBeenCalledWith({ publishAt: null, unpublishAt: null });
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(t.cleared));
  },
};

/** A published article: only its unpublish time; the last scheduled change was late, and says why. */
export const PublishedWithLateNote: Story = {
  args: {
    status: 'published',
    schedule: {
      publishAt: null,
      unpublishAt: '2026-12-24T23:00:00.000Z',
      scheduleTimeZone: 'America/New_York',
      scheduleFailure: null,
      scheduleNote: scheduleMessages.late('publish', 12, true),
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.subtitlePublished)).toBeVisible();
    await expect(canvas.queryByLabelText(t.publishLabel)).toBeNull();
    await expect(canvas.getByText('Published 12 min late: the server was not running')).toBeVisible();
    await expect(canvas.getByText('Unpublishes 24 Dec 2026, 18:00 (America/New_York) · 23:00 UTC')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.clearUnpublish }));
    await expect(args.onSave).toHaveBeenCalledWith({ unpublishAt: null });
  },
};

const failed = {
  publishAt: '2026-11-25T08:00:00.000Z',
  unpublishAt: null,
  scheduleTimeZone: ZONE,
  scheduleFailure: {
    action: 'publish' as const,
    reason: scheduleMessages.noSlug,
    dueAt: '2026-11-25T08:00:00.000Z',
    failedAt: '2026-11-25T08:00:01.000Z',
  },
  scheduleNote: null,
};

/** A publish that could not be made: why and when it was due, with Retry now; done, it says so. */
export const Failed: Story = {
  args: { schedule: failed },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = within(canvas.getByRole('alert'));
    await expect(alert.getByText(scheduleMessages.failed('publish'))).toBeVisible();
    await expect(alert.getByText(t.failedBody(scheduleMessages.noSlug, `25 Nov 2026, 09:00 (${ZONE}) · 08:00 UTC`))).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: t.retry }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(t.retried('publish')));
  },
};

/** Retry fails again (the article still has no slug): the server's words in the alert, Retry still there. */
export const RetryFailsAgain: Story = {
  args: {
    schedule: failed,
    onRetry: fn(async () => Promise.reject(new Error(`${scheduleMessages.failed('publish')}: ${scheduleMessages.noSlug}`))),
  },
  play: async ({ canvasElement }) => {
    const alert = within(within(canvasElement).getByRole('alert'));
    await userEvent.click(alert.getByRole('button', { name: t.retry }));
    await expect(await alert.findByText(`${scheduleMessages.failed('publish')}: ${scheduleMessages.noSlug}`)).toBeVisible();
    await expect(alert.getByRole('button', { name: t.retry })).toBeEnabled();
  },
};

const scheduleRefused = accessFor('author').whyNot('scheduleArticle')!;

/** A role that may not schedule: the schedule shows, with who may change it; no inputs, no Save. */
export const RefusedForRole: Story = {
  args: {
    refused: scheduleRefused,
    schedule: {
      publishAt: '2026-12-01T08:00:00.000Z',
      unpublishAt: null,
      scheduleTimeZone: ZONE,
      scheduleFailure: null,
      scheduleNote: null,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(scheduleRefused)).toBeVisible();
    await expect(canvas.getByText(/^Publishes /)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.save })).toBeNull();
    await expect(canvas.queryByLabelText(new RegExp(t.publishLabel))).toBeNull();
  },
};

/** A failed change, seen by a role that may not schedule: why it failed, without Retry. */
export const FailedRefusedForRole: Story = {
  args: {
    refused: scheduleRefused,
    schedule: {
      publishAt: null,
      unpublishAt: null,
      scheduleTimeZone: ZONE,
      scheduleFailure: { action: 'publish', reason: scheduleMessages.noSlug, dueAt: '2026-11-26T08:00:00.000Z', failedAt: '2026-11-26T08:00:01.000Z' },
      scheduleNote: null,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(t.failed('publish'));
    await expect(canvas.queryByRole('button', { name: t.retry })).toBeNull();
    await expect(canvas.getByText(scheduleRefused)).toBeVisible();
  },
};
