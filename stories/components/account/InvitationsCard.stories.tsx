import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { InvitationsCard } from '../../../src/components/account/InvitationsCard';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../src/contract';
import { accountTexts } from '../../../src/lib/texts-account';
import { sampleInvitations } from '../../fixtures';

const t = accountTexts.invitations;

const meta = {
  title: 'Components/Account/InvitationsCard',
  component: InvitationsCard,
  args: { onToggle: fn(), onCreate: fn(), onRevoke: fn(), onDismissCreated: fn() },
} satisfies Meta<typeof InvitationsCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Off: Story = {
  args: { enabled: false, invitations: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.off)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t.create })).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: t.toggle }));
    await expect(args.onToggle).toHaveBeenCalledWith(true);
  },
};

/** A link makes an editor unless another role is picked. */
export const OnNoLinks: Story = {
  args: { enabled: true, invitations: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.none)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: t.role })).toHaveValue('editor');
    await userEvent.click(canvas.getByRole('button', { name: t.create }));
    await expect(args.onCreate).toHaveBeenCalledWith('editor');
  },
};

export const CreateForViewer: Story = {
  args: { enabled: true, invitations: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const role = canvas.getByRole('combobox', { name: t.role });
    await userEvent.selectOptions(role, 'viewer');
    await expect(role).toHaveAccessibleDescription(ROLE_DESCRIPTIONS.viewer);
    await userEvent.click(canvas.getByRole('button', { name: t.create }));
    await expect(args.onCreate).toHaveBeenCalledWith('viewer');
  },
};

export const OpenLinks: Story = {
  args: { enabled: true, invitations: sampleInvitations },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/created by admin@example.com/)).toBeVisible();
    // Each link says the role of the account it makes.
    await expect(canvas.getByRole('listitem')).toHaveTextContent(ROLE_LABELS.viewer);
    await userEvent.click(canvas.getByRole('button', { name: /^Revoke the link/ }));
    await expect(args.onRevoke).toHaveBeenCalledWith('i1');
  },
};

export const LinkCreated: Story = {
  args: {
    enabled: true,
    invitations: sampleInvitations,
    createdUrl: 'http://localhost:3000/signup?token=q8W4zT1nX5cB7vL2kP9mR3sD6fG0hJ1yU4iO8eA2tQw',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(t.created);
    await expect(canvas.getByTestId('one-time-secret')).toHaveTextContent('/signup?token=');
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};
