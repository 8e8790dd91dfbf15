import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { InlineError } from '../../src/components/common/InlineError';

/** A list inside a card or a dialog that could not be loaded. */
const meta = {
  title: 'Components/Common/InlineError',
  component: InlineError,
  args: { title: 'The versions could not be loaded', message: 'Network request failed (503)', onRetry: fn() },
} satisfies Meta<typeof InlineError>;
export default meta;

type Story = StoryObj<typeof meta>;

/** What failed and why on one line (an alert), and a small Try Again. */
export const Failed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The versions could not be loaded: Network request failed (503)');
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
