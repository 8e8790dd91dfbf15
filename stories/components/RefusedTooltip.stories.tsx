import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RefusedTooltip, refusable } from '../../src/components/common/RefusedTooltip';
import { clickRefused, expectRefused } from '../refused';

const reason = 'Only an admin or an editor may publish articles';

interface Args {
  reason: string | null;
  onClick: () => void;
}

const meta = {
  title: 'Components/RefusedTooltip',
  args: { reason, onClick: fn() },
  render: ({ reason, onClick }) => (
    <RefusedTooltip reason={reason}>
      <Button size="sm" {...refusable(reason, onClick)}>
        Publish
      </Button>
    </RefusedTooltip>
  ),
} satisfies Meta<Args>;
export default meta;

type Story = StoryObj<Args>;

/** A control the role may not use: marked disabled yet focusable, its reason in a tooltip; pressing it does nothing. */
export const Refused: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Publish' });
    await expectRefused(button, reason);
    await clickRefused(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** A control the role may use: no tooltip, and it works. */
export const Allowed: Story = {
  args: { reason: null },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Publish' });
    await expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
