import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { describeAgent, SessionsCard } from '../../../src/components/account/SessionsCard';
import { accountTexts } from '../../../src/lib/texts-account';
import { sampleSessions } from '../../fixtures';

const t = accountTexts.sessions;

const meta = {
  title: 'Components/Account/SessionsCard',
  component: SessionsCard,
  args: { onRevoke: fn(), sessions: sampleSessions },
} satisfies Meta<typeof SessionsCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const TwoSessions: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Chrome on Linux')).toBeVisible();
    await expect(canvas.getByText('Safari on iOS')).toBeVisible();
    await expect(canvas.getByText(t.current)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.revokeLabel('Safari on iOS') }));
    await expect(args.onRevoke).toHaveBeenCalledWith('s2');
    await expect(describeAgent(null)).toBe(t.unknownAgent);
  },
};

export const Loading: Story = {
  args: { sessions: undefined, loading: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Failed: Story = {
  args: { sessions: undefined, error: 'Database is unavailable' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Database is unavailable');
  },
};

export const SigningOut: Story = {
  args: { revokingId: 's2' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: t.revokeLabel('Safari on iOS') })).toBeDisabled();
  },
};
