import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { InlineLoading } from '../../src/components/common/InlineLoading';

/** A list inside a card or a dialog while it loads (a file's versions, an endpoint's deliveries). */
const meta = {
  title: 'Components/Common/InlineLoading',
  component: InlineLoading,
  args: { label: 'Loading deliveries...' },
} satisfies Meta<typeof InlineLoading>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Said to screen readers as a status. */
export const Loading: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading deliveries...');
  },
};
