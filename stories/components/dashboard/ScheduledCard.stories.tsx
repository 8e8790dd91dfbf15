import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ScheduledCard, SCHEDULED_TAB_HREF, type ScheduledSummary } from '../../../src/components/dashboard/ScheduledCard';
import { scheduleTexts as t } from '../../../src/lib/texts-schedule';
import { navigate, WithLinkSpy } from '../linkSpy';

const summary: ScheduledSummary = {
  count: 4,
  failed: 1,
  next: [
    { id: 'art_1', title: 'Winter squash, roasted five ways', slug: 'winter-squash', action: 'publish', at: '2026-12-01T08:00:00.000Z', timeZone: 'Europe/Paris' },
    { id: 'art_2', title: null, slug: 'black-friday-deals', action: 'unpublish', at: '2026-12-01T05:00:00.000Z', timeZone: 'America/New_York' },
    { id: 'art_3', title: null, slug: null, action: 'publish', at: '2026-12-03T00:30:00.000Z', timeZone: null },
  ],
};

const meta = {
  title: 'Components/Dashboard/ScheduledCard',
  component: ScheduledCard,
  args: { scheduled: summary, defaultTimeZone: 'UTC' },
  decorators: [
    (Story) => (
      <WithLinkSpy>
        <Story />
      </WithLinkSpy>
    ),
  ],
} satisfies Meta<typeof ScheduledCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The next changes, soonest first: each in its own zone with UTC; how many failed, linking to the Scheduled tab. */
export const NextChanges: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    navigate.mockClear();
    await expect(canvas.getByText(t.dashboardCount(4))).toBeVisible();
    const items = within(canvas.getByRole('list', { name: t.dashboardListLabel })).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Winter squash, roasted five ways');
    await expect(items[0]).toHaveTextContent('1 Dec 2026, 09:00 (Europe/Paris) · 08:00 UTC');
    await expect(items[0]).toHaveTextContent(t.dashboardAction('publish'));
    await expect(items[1]).toHaveTextContent('black-friday-deals');
    await expect(items[1]).toHaveTextContent('1 Dec 2026, 00:00 (America/New_York) · 05:00 UTC');
    await expect(items[1]).toHaveTextContent(t.dashboardAction('unpublish'));
    // No zone of its own: the browser's (pinned to UTC here).
    await expect(items[2]).toHaveTextContent('Article art_3');
    await expect(items[2]).toHaveTextContent('3 Dec 2026, 00:30 (UTC)');
    await userEvent.click(canvas.getByRole('link', { name: t.dashboardFailed(1) }));
    await expect(navigate).toHaveBeenLastCalledWith(SCHEDULED_TAB_HREF);
  },
};

/** Nothing scheduled: said, with where times are set. */
export const NothingScheduled: Story = {
  args: { scheduled: { count: 0, failed: 0, next: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.dashboardEmpty)).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const Loading: Story = {
  args: { scheduled: undefined, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.loading)).toBeInTheDocument();
    await expect(canvas.queryByText(t.dashboardEmpty)).toBeNull();
  },
};

/** A server that does not schedule (no figures in its answer): no card at all. */
export const NotSupported: Story = {
  args: { scheduled: undefined, loading: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region', { name: t.dashboardTitle })).toBeNull();
  },
};
