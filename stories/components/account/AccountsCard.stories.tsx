import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AccountsCard } from '../../../src/components/account/AccountsCard';
import { RoleSelect } from '../../../src/components/account/RoleSelect';
import { ROLE_DESCRIPTIONS, roleMessages, serverMessages } from '../../../src/contract';
import { accountTexts } from '../../../src/lib/texts-account';
import { sampleAccounts } from '../../fixtures';
import { AccountSection } from '../../../src/components/account/AccountSection';
import { OneTimeSecret } from '../../../src/components/account/OneTimeSecret';

const t = accountTexts.accounts;

const meta = {
  title: 'Components/Account/AccountsCard',
  component: AccountsCard,
  subcomponents: { AccountSection, OneTimeSecret, RoleSelect },
  args: { accounts: sampleAccounts, onAdd: fn(), onRemove: fn(), onDismissCreated: fn(), onChangeRole: fn() },
} satisfies Meta<typeof AccountsCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An admin, an editor and an author, each with their role in a select named after them. */
export const ThreeAccounts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.you)).toBeVisible();
    await expect(canvas.getByText(t.pending)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: t.roleOf('admin@example.com') })).toHaveValue('admin');
    await expect(canvas.getByRole('combobox', { name: t.roleOf('editor@example.com') })).toHaveValue('editor');
    await expect(canvas.getByRole('combobox', { name: t.roleOf('new.hire@example.com') })).toHaveValue('author');
    // One cannot remove oneself: no button on one's own row.
    await expect(canvas.queryByRole('button', { name: t.removeLabel('admin@example.com') })).toBeNull();
  },
};

/** A new account is an editor unless another role is picked; the picker says what the role may do. */
export const Add: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const role = canvas.getByRole('combobox', { name: t.role });
    await expect(role).toHaveValue('editor');
    await expect(role).toHaveAccessibleDescription(ROLE_DESCRIPTIONS.editor);
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.email}`)), 'writer@example.com');
    await userEvent.click(canvas.getByRole('button', { name: t.add }));
    await expect(args.onAdd).toHaveBeenCalledWith({ email: 'writer@example.com', role: 'editor' });
  },
};

export const AddAuthor: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const role = canvas.getByRole('combobox', { name: t.role });
    await userEvent.selectOptions(role, 'author');
    await expect(role).toHaveAccessibleDescription(ROLE_DESCRIPTIONS.author);
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.email}`)), 'writer@example.com');
    await userEvent.click(canvas.getByRole('button', { name: t.add }));
    await expect(args.onAdd).toHaveBeenCalledWith({ email: 'writer@example.com', role: 'author' });
  },
};

/** Choosing another role in an account's select asks for it at once. */
export const ChangeRole: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: t.roleOf('editor@example.com') }), 'viewer');
    await expect(args.onChangeRole).toHaveBeenCalledWith('u2', 'viewer');
  },
};

/** While a role change is under way, its select shows the role asked for and waits. */
export const RoleChangePending: Story = {
  args: { changingRole: { id: 'u2', role: 'viewer' } },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: t.roleOf('editor@example.com') });
    await expect(select).toHaveValue('viewer');
    await expect(select).toBeDisabled();
  },
};

/** The server refused to demote the last admin: its words, and the select back on the role the server has. */
export const LastAdmin: Story = {
  args: { error: roleMessages.lastAdmin },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(roleMessages.lastAdmin);
    await expect(canvas.getByRole('combobox', { name: t.roleOf('admin@example.com') })).toHaveValue('admin');
  },
};

export const AddedPasswordShownOnce: Story = {
  args: { created: { email: 'writer@example.com', password: 'Xq3v9_kT2mPz8LwR4nYc1A' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(t.created('writer@example.com'));
    await expect(canvas.getByTestId('one-time-secret')).toHaveTextContent('Xq3v9_kT2mPz8LwR4nYc1A');
  },
};

/** At rest: Remove asks first, beside the admin it would remove. */
export const RemovalAsked: Story = {
  name: 'Removal asked to confirm',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.removeLabel('editor@example.com') }));
    await expect(canvas.getByText(t.confirmRemove('editor@example.com'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.confirm })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: t.cancel })).toBeEnabled();
    await expect(args.onRemove).not.toHaveBeenCalled();
  },
};

export const ConfirmRemoval: Story = {
  play: async (context) => {
    await RemovalAsked.play?.(context);
    const { canvasElement, args } = context;
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.cancel }));
    await expect(canvas.queryByText(t.confirmRemove('editor@example.com'))).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: t.removeLabel('editor@example.com') }));
    await userEvent.click(canvas.getByRole('button', { name: t.confirm }));
    await expect(args.onRemove).toHaveBeenCalledWith('u2');
  },
};

export const EmailTaken: Story = {
  args: { error: serverMessages.emailTaken },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(serverMessages.emailTaken);
  },
};

export const Loading: Story = {
  args: { accounts: undefined, loading: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};
