import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, within } from 'storybook/test';
import { BulkScheduleDialog } from '../../../src/components/articles/BulkScheduleDialog';
import { scheduleMessages } from '../../../src/contract';
import { scheduleTexts as t } from '../../../src/lib/texts-schedule';
import { expectBusy } from '../../busy';
import { opened } from '../../routes/plays';

const NOW = new Date('2026-11-26T12:00:00Z');
const ZONE = 'Europe/Paris';

const meta = {
  title: 'Components/Articles/BulkScheduleDialog',
  component: BulkScheduleDialog,
  args: {
    open: true,
    count: 3,
    defaultTimeZone: ZONE,
    timeZones: ['America/New_York', 'Europe/Paris', 'UTC'],
    now: () => NOW,
    onSchedule: fn(async () => {}),
    onClose: fn(),
  },
} satisfies Meta<typeof BulkScheduleDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The dialog (in a portal) once it has faded in. */
async function dialogOf(canvasElement: HTMLElement) {
  const dialog = await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.bulkTitle(3) }));
  return within(dialog);
}

/** Nothing chosen yet: what each kind of article takes, and Schedule disabled until a time is. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog.getByText(t.bulkBody)).toBeVisible();
    await expect(dialog.getByText(t.bulkNeedsTime)).toBeVisible();
    await expect(dialog.getByRole('button', { name: t.bulkSubmit })).toBeDisabled();
  },
};

/** Both times, read in Paris: sent as instants with their offset and the zone. */
export const ScheduleBoth: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    fireEvent.change(dialog.getByLabelText(t.publishLabel), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(dialog.getByLabelText(t.unpublishLabel), { target: { value: '2026-12-31T23:30' } });
    await expect(dialog.getByText(t.inUtc('2026-12-31 22:30 UTC'))).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: t.bulkSubmit }));
    await expect(args.onSchedule).toHaveBeenCalledWith({
      publishAt: '2026-12-01T09:00:00+01:00',
      unpublishAt: '2026-12-31T23:30:00+01:00',
      timeZone: ZONE,
    });
  },
};

/** A time past: the server's words, nothing sent, the time kept. */
export const PastTimeRefused: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    fireEvent.change(dialog.getByLabelText(t.unpublishLabel), { target: { value: '2026-11-01T09:00' } });
    await userEvent.click(dialog.getByRole('button', { name: t.bulkSubmit }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(scheduleMessages.inThePast('unpublishAt'));
    await expect(args.onSchedule).not.toHaveBeenCalled();
    await expect(dialog.getByLabelText(t.unpublishLabel)).toHaveValue('2026-11-01T09:00');
  },
};

/** The request fails: its words in the dialog, which stays open with the times. */
export const RequestFailed: Story = {
  args: { onSchedule: fn(async () => Promise.reject(new Error('The database is unavailable. Try again in a moment.'))) },
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    fireEvent.change(dialog.getByLabelText(t.publishLabel), { target: { value: '2026-12-01T09:00' } });
    await userEvent.click(dialog.getByRole('button', { name: t.bulkSubmit }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The database is unavailable. Try again in a moment.');
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(dialog.getByLabelText(t.publishLabel)).toHaveValue('2026-12-01T09:00');
  },
};

/** While the request runs: 'Scheduling...', Cancel and the inputs disabled. */
export const Scheduling: Story = {
  args: { onSchedule: fn(() => new Promise<unknown>(() => {})) },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    fireEvent.change(dialog.getByLabelText(t.publishLabel), { target: { value: '2026-12-01T09:00' } });
    await userEvent.click(dialog.getByRole('button', { name: t.bulkSubmit }));
    await expectBusy(await dialog.findByRole('button', { name: t.bulkSubmitting }));
    await expect(dialog.getByRole('button', { name: t.cancel })).toBeDisabled();
    await expect(dialog.getByLabelText(t.publishLabel)).toBeDisabled();
  },
};

/** Cancel closes without sending. */
export const Cancel: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: t.cancel }));
    await expect(args.onClose).toHaveBeenCalledOnce();
    await expect(args.onSchedule).not.toHaveBeenCalled();
  },
};
