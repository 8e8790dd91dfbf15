import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoadMoreButton } from '../../src/components/common/LoadMoreButton';
import { expectBusy } from '../busy';

/** Below the revisions and the deliveries: their older page on demand. */
const meta = {
  title: 'Components/Common/LoadMoreButton',
  component: LoadMoreButton,
  args: { hasMore: true, isLoadingMore: false, onLoadMore: fn(), label: 'Show older revisions', loadingLabel: 'Loading...' },
} satisfies Meta<typeof LoadMoreButton>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show older revisions' }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};

/** While the older page is on its way the button is busy (and keeps the focus). */
export const Loading: Story = {
  args: { isLoadingMore: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Loading/ });
    await expectBusy(button);
    await userEvent.click(button);
    await expect(args.onLoadMore).not.toHaveBeenCalled();
  },
};

/** The oldest page is here: no button. */
export const NoOlderPage: Story = {
  args: { hasMore: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
