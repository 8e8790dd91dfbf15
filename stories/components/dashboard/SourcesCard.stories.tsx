import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SOURCES_HREF, SourcesCard } from '../../../src/components/dashboard/SourcesCard';
import { sourceTexts } from '../../../src/lib/texts-sources';
import { navigate, WithLinkSpy } from '../linkSpy';

const t = sourceTexts.dashboard;

const meta = {
  title: 'Components/Dashboard/SourcesCard',
  component: SourcesCard,
  args: { sources: { count: 3, failing: 1, draftsToday: 7 } },
  decorators: [
    (Story) => (
      <WithLinkSpy>
        <Story />
      </WithLinkSpy>
    ),
  ],
} satisfies Meta<typeof SourcesCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Drafts made today, the sources followed, and the failing one linking to the Sources screen. */
export const OneFailing: Story = {
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('region', { name: t.title }));
    navigate.mockClear();
    await expect(card.getByText(t.draftsToday(7))).toBeVisible();
    await expect(card.getByText(t.following(3))).toBeVisible();
    await userEvent.click(card.getByRole('link', { name: t.failing(1) }));
    await expect(navigate).toHaveBeenLastCalledWith(SOURCES_HREF);
    await expect(card.getByRole('link', { name: t.viewAll })).toHaveAttribute('href', SOURCES_HREF);
  },
};

/** Every source polled without failing, and no draft yet today: both said. */
export const NoneFailing: Story = {
  args: { sources: { count: 1, failing: 0, draftsToday: 0 } },
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('region', { name: t.title }));
    await expect(card.getByText(t.draftsToday(0))).toBeVisible();
    await expect(card.getByText(t.noneFailing)).toBeVisible();
    await expect(card.queryByRole('link', { name: t.failing(0) })).toBeNull();
  },
};

/** No source followed, or figures not here yet (or from a server without sources): no card at all. */
export const NoSources: Story = {
  args: { sources: { count: 0, failing: 0, draftsToday: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region', { name: t.title })).toBeNull();
  },
};
