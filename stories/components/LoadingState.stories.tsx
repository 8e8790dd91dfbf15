import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingState } from '../../src/components/common/LoadingState';

/** A list while it loads (the articles, a trash, the webhooks, the revisions). */
const meta = {
  title: 'Components/Common/LoadingState',
  component: LoadingState,
  args: { label: 'Loading articles...' },
} satisfies Meta<typeof LoadingState>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Said to screen readers as a status. */
export const Loading: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading articles...');
  },
};
