import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { expectBusy } from '../../busy';
import { NotificationPreferencesCard } from '../../../src/components/account/NotificationPreferencesCard';
import { apiErrors, notificationKindLabels } from '../../../src/contract';
import { notificationSettingsTexts as t } from '../../../src/lib/texts-notification-settings';


const meta = {
  title: 'Components/Account/NotificationPreferencesCard',
  component: NotificationPreferencesCard,
  args: { muted: [], loadError: null, saving: false, outcome: null, onSave: fn() },
} satisfies Meta<typeof NotificationPreferencesCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Every kind told: two unticked and saved together; Save waits for a change. */
export const AllTold: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole('button', { name: t.save });
    await expect(save).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: notificationKindLabels.schedule_failed }));
    await userEvent.click(canvas.getByRole('checkbox', { name: notificationKindLabels.mention }));
    await userEvent.click(save);
    await expect(args.onSave).toHaveBeenCalledWith(['mention', 'schedule_failed']);
    // Ticked again, as it was saved: nothing to save.
    await userEvent.click(canvas.getByRole('checkbox', { name: notificationKindLabels.mention }));
    await userEvent.click(canvas.getByRole('checkbox', { name: notificationKindLabels.schedule_failed }));
    await expect(save).toBeDisabled();
  },
};

/** Mentions muted: their box unticked, the others ticked. */
export const MentionsMuted: Story = {
  args: { muted: ['mention'], outcome: { ok: true, message: t.saved } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: notificationKindLabels.mention })).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: notificationKindLabels.review_requested })).toBeChecked();
    await expect(canvas.getByRole('status')).toHaveTextContent(t.saved);
  },
};

export const Loading: Story = {
  args: { muted: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.loading)).toBeVisible();
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { muted: undefined, loadError: apiErrors.database_unavailable.message as string },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(apiErrors.database_unavailable.message as string);
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};

export const Saving: Story = {
  args: { muted: ['assigned'], saving: true },
  play: async ({ canvasElement }) => {
    await expectBusy(within(canvasElement).getByRole('button', { name: t.saving }));
  },
};

/** The save refused: the server's words, and the boxes as the admin left them. */
export const SaveRefused: Story = {
  args: { outcome: { ok: false, message: apiErrors.database_unavailable.message as string } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(apiErrors.database_unavailable.message as string);
    await expect(canvas.getByRole('checkbox', { name: notificationKindLabels.mention })).toBeChecked();
  },
};
