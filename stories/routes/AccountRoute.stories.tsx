import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { notificationKindLabels, ROLE_DESCRIPTIONS, ROLE_LABELS, roleMessages, serverMessages } from '../../src/contract';
import { accountTexts } from '../../src/lib/texts-account';
import { notificationSettingsTexts as n } from '../../src/lib/texts-notification-settings';
import { accountHandlers, articleHandlers, authHandlers, systemHandlers } from '../mocks';
import { AppStory } from './AppStory';
import { screen, type ScreenStory as Story, using } from './screen';
import { ready } from './plays';

const t = accountTexts;

/** The notification settings have come (their own answer): the screen's shot never shows them loading. */
const notificationSettingsShown = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('checkbox', { name: notificationKindLabels.mention }, ready);

export default {
  title: 'Screens/Account',
  tags: ['!autodocs'],
  ...screen('/account', () => authHandlers.signedIn(), () => accountHandlers.api()),
} satisfies Meta<typeof AppStory>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    await expect(await canvas.findByRole('heading', { name: t.title, level: 1 }, ready)).toBeVisible();
    await expect(await canvas.findByText('Chrome on Linux')).toBeVisible();
    await expect(await canvas.findByText('editor@example.com')).toBeVisible();
    // The invitations' switch shows once their own answer has come (not with the sessions' or the accounts').
    await expect(await canvas.findByRole('checkbox', { name: t.invitations.toggle })).toBeChecked();
    await expect(canvas.getByRole('link', { name: t.nav })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('heading', { name: t.yourRole(ROLE_LABELS.admin) })).toBeVisible();
    await expect(canvas.getByText(t.introAdmin)).toBeVisible();
  },
};

/** Adding an account with a role shows its one-time password once; the list then carries it, with that role. */
export const AddAccount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    await userEvent.type(await canvas.findByLabelText(new RegExp(`^${t.accounts.email}`), undefined, ready), 'writer@example.com');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: t.accounts.role }), 'author');
    await userEvent.click(canvas.getByRole('button', { name: t.accounts.add }));
    await expect(await canvas.findByTestId('one-time-secret')).toHaveTextContent('Xq3v9_kT2mPz8LwR4nYc1A');
    await expect(await canvas.findByText('writer@example.com')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: t.accounts.roleOf('writer@example.com') })).toHaveValue('author');
    await userEvent.click(canvas.getByRole('button', { name: t.secret.dismiss }));
    await expect(canvas.queryByTestId('one-time-secret')).toBeNull();
  },
};

export const AddTakenEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    await userEvent.type(await canvas.findByLabelText(new RegExp(`^${t.accounts.email}`), undefined, ready), 'editor@example.com');
    await userEvent.click(canvas.getByRole('button', { name: t.accounts.add }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(serverMessages.emailTaken);
    await expect(canvas.queryByTestId('one-time-secret')).toBeNull();
  },
};

export const ChangePasswordWrongCurrent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    await userEvent.type(await canvas.findByLabelText(new RegExp(`^${t.password.current}`), undefined, ready), 'wrong');
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.password.next}`)), 'a brand new secret');
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.password.confirm}`)), 'a brand new secret');
    await userEvent.click(canvas.getByRole('button', { name: t.password.submit }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(serverMessages.currentPasswordWrong);
  },
};

/** A password change signs out the other sessions: the list then shows this browser only. */
export const ChangePassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    await expect(await canvas.findByText('Safari on iOS', undefined, ready)).toBeVisible();
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.password.current}`)), 'correct horse battery staple');
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.password.next}`)), 'a brand new secret');
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.password.confirm}`)), 'a brand new secret');
    await userEvent.click(canvas.getByRole('button', { name: t.password.submit }));
    await expect(await canvas.findByText(t.password.done)).toBeVisible();
    await waitFor(() => expect(canvas.queryByText('Safari on iOS')).toBeNull());
  },
};

/** A link for an account of the role picked: the list says which. */
export const CreateInvitation: Story = {
  beforeEach: using(() => accountHandlers.api({ invitations: { enabled: true, data: [] } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    const create = await canvas.findByRole('button', { name: t.invitations.create }, ready);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: t.invitations.role }), 'author');
    await userEvent.click(create);
    await expect(await canvas.findByTestId('one-time-secret')).toHaveTextContent('/signup?token=');
    const link = (await canvas.findByText(/created by admin@example.com/)).closest('li')!;
    await expect(link).toHaveTextContent(ROLE_LABELS.author);
  },
};

/** An admin gives an editor the viewer's role: the list then shows the server's answer. */
export const ChangeRole: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    const role = await canvas.findByRole('combobox', { name: t.accounts.roleOf('editor@example.com') }, ready);
    await expect(role).toHaveValue('editor');
    await userEvent.selectOptions(role, 'viewer');
    await waitFor(() => expect(role).toBeEnabled());
    await expect(role).toHaveValue('viewer');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The last admin demoting themselves: the server refuses (409 last_admin), its words show, and the role stays. */
export const LastAdmin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    const role = await canvas.findByRole('combobox', { name: t.accounts.roleOf('admin@example.com') }, ready);
    await userEvent.selectOptions(role, 'editor');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(roleMessages.lastAdmin);
    await waitFor(() => expect(role).toBeEnabled());
    await expect(role).toHaveValue('admin');
    // Still an admin: the screen keeps the accounts.
    await expect(canvas.getByRole('heading', { name: t.accounts.title })).toBeVisible();
  },
};

/**
 * An editor: their role and what it is for, their password and sessions; the accounts and the
 * invitations are an admin's, and are not shown.
 */
export const AsEditor: Story = {
  beforeEach: using(() => authHandlers.signedInAs('editor')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    await expect(await canvas.findByRole('heading', { name: t.yourRole(ROLE_LABELS.editor) }, ready)).toBeVisible();
    await expect(canvas.getByText(ROLE_DESCRIPTIONS.editor)).toBeVisible();
    await expect(canvas.getByText(t.intro)).toBeVisible();
    await expect(await canvas.findByText('Chrome on Linux')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: t.accounts.title })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: t.invitations.title })).toBeNull();
  },
};

export const Loading: Story = {
  beforeEach: using(() => accountHandlers.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    await expect(await canvas.findByRole('heading', { name: t.title, level: 1 }, ready)).toBeVisible();
    await expect(canvasElement.querySelectorAll('[aria-busy="true"]').length).toBe(3);
  },
};

export const Failed: Story = {
  beforeEach: using(() => accountHandlers.failing()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notificationSettingsShown(canvas);
    await waitFor(() => expect(canvas.getAllByRole('alert')).toHaveLength(3), ready);
  },
};

/**
 * Mentions muted: the box unticked and saved, the server's answer kept (the page opened again
 * shows it unticked); nothing to save until something changes.
 */
export const MuteNotifications: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const mention = await notificationSettingsShown(canvas);
    const save = canvas.getByRole('button', { name: n.save });
    await expect(save).toBeDisabled();
    await expect(mention).toBeChecked();
    await userEvent.click(mention);
    await expect(mention).not.toBeChecked();
    await userEvent.click(save);
    await expect(await canvas.findByText(n.saved)).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: notificationKindLabels.mention })).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: notificationKindLabels.assigned })).toBeChecked();
    await expect(canvas.getByRole('button', { name: n.save })).toBeDisabled();
  },
};

/** Signing out this browser's own session goes to the sign-in page. */
export const SignOutThisSession: Story = {
  beforeEach: using(() => accountHandlers.options()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.sessions.revokeLabel('Chrome on Linux') }, ready));
    await expect(await canvas.findByRole('heading', { name: 'Login' }, ready)).toBeVisible();
  },
};

/**
 * Signed in with a one-time password: the console asks for a new password before anything else,
 * then opens.
 */
export const FirstSignIn: Story = {
  args: { path: '/' },
  beforeEach: using(() => accountHandlers.mustChangePassword(), () => articleHandlers.api(), () => systemHandlers.healthy(), () => systemHandlers.noActivity()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.password.firstTitle }, ready)).toBeVisible();
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.password.currentOneTime}`)), 'one-time-password');
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.password.next}`)), 'a brand new secret');
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.password.confirm}`)), 'a brand new secret');
    await userEvent.click(canvas.getByRole('button', { name: t.password.submit }));
    await expect(await canvas.findByRole('navigation', undefined, ready)).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: t.password.firstTitle })).toBeNull();
  },
};

/** At rest: the first-sign-in screen, as the new admin sees it. */
export const FirstSignInAtRest: Story = {
  args: { path: '/' },
  beforeEach: using(() => accountHandlers.mustChangePassword()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/new.hire@example.com/, undefined, ready)).toBeVisible();
  },
};
