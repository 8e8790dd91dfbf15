import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LoadMoreFooter } from '../../src/components/lists/LoadMoreFooter';
import { expectBusy } from '../busy';

/** Below the article list and the file browser when the server has another page. */
const meta = {
  title: 'Components/Lists/LoadMoreFooter',
  component: LoadMoreFooter,
  args: { itemCount: 50, hasMore: true, isFetchingMore: false, onLoadMore: fn() },
} satisfies Meta<typeof LoadMoreFooter>;
export default meta;

type Story = StoryObj<typeof meta>;

/** In view, the sentinel asks for the next page once; 'Load more' asks again. */
export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalledTimes(1));
    const button = within(canvasElement).getByRole('button', { name: 'Load more' });
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await expect(args.onLoadMore).toHaveBeenCalledTimes(2);
  },
};

/** While the next page is on its way the button is busy and disabled. */
export const FetchingMore: Story = {
  args: { isFetchingMore: true },
  play: async ({ canvasElement }) => {
    await expectBusy(within(canvasElement).getByRole('button'));
  },
};

/** The last page is here: no footer, and nothing more is asked for. */
export const LastPage: Story = {
  args: { hasMore: false },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Load more' })).toBeNull();
    await expect(args.onLoadMore).not.toHaveBeenCalled();
  },
};
