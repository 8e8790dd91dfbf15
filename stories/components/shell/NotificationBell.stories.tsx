// The top bar's bell: the unread count, the panel of notifications, one opened, all marked read.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { NotificationBell } from '../../../src/components/shell/NotificationBell';
import { notificationTexts as t } from '../../../src/lib/texts-notifications';
import { sampleNotifications } from '../../fixtures';

const news = sampleNotifications('art_1');

const meta = {
  title: 'Components/Shell/NotificationBell',
  component: NotificationBell,
  args: { notifications: news, unread: 2, loadError: null, onOpen: fn(), onMarkAllRead: fn() },
  decorators: [(Story) => <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 420 }}><Story /></div>],
} satisfies Meta<typeof NotificationBell>;
export default meta;

type Story = StoryObj<typeof meta>;

const panel = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('region', { name: t.title }));

/** Two unread: the bell says so (its name too); open, the unread ones are marked, and choosing one opens it. */
export const Unread: Story = {
  play: async ({ canvasElement, args }) => {
    const bell = within(canvasElement).getByRole('button', { name: t.bell(2) });
    await expect(bell).toHaveTextContent('2');
    await userEvent.click(bell);
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    const list = await panel(canvasElement);
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    await expect(list.getByRole('button', { name: `${t.unread}: ${news[0]!.message} Nov 20, 2026, 09:25 AM` })).toBeVisible();
    await userEvent.click(list.getByRole('button', { name: new RegExp(news[1]!.message) }));
    await expect(args.onOpen).toHaveBeenCalledWith(news[1]);
    await waitFor(() => expect(within(canvasElement).queryByRole('region', { name: t.title })).toBeNull());
  },
};

/** Open, the panel shows what the bell holds; Escape closes it and gives the bell its focus back. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const bell = within(canvasElement).getByRole('button', { name: t.bell(2) });
    await userEvent.click(bell);
    await expect((await panel(canvasElement)).getByRole('button', { name: t.markAllRead })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(canvasElement).queryByRole('region', { name: t.title })).toBeNull());
    await expect(bell).toHaveFocus();
    await userEvent.click(bell);
    await panel(canvasElement);
    bell.blur();
  },
};

/** 'Mark all read' from the keyboard: Enter opens the panel, Tab goes into it. */
export const MarkAllRead: Story = {
  play: async ({ canvasElement, args }) => {
    const bell = within(canvasElement).getByRole('button', { name: t.bell(2) });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const list = await panel(canvasElement);
    await userEvent.tab();
    await expect(list.getByRole('button', { name: t.markAllRead })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onMarkAllRead).toHaveBeenCalledTimes(1);
  },
};

/** Nothing yet: the bell has no count, and the panel says what will show there. */
export const Empty: Story = {
  args: { notifications: [], unread: 0 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.bell(0) }));
    const list = await panel(canvasElement);
    await expect(list.getByText(t.none)).toBeVisible();
    await expect(list.queryByRole('button', { name: t.markAllRead })).toBeNull();
  },
};

export const Loading: Story = {
  args: { notifications: undefined, unread: 0 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.bell(0) }));
    await expect((await panel(canvasElement)).getByText(t.loading)).toBeVisible();
  },
};

/** They could not be read: said in the server's words. */
export const Failed: Story = {
  args: { notifications: undefined, unread: 0, loadError: 'The database is unavailable. Try again in a moment.' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.bell(0) }));
    await expect((await panel(canvasElement)).getByText(`${t.failed}: The database is unavailable. Try again in a moment.`)).toBeVisible();
  },
};
