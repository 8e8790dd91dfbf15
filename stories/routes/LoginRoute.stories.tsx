import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { LEGACY_TOKEN_KEY } from '../../src/api/client';
import { serverMessages } from '../../src/contract';
import { texts } from '../../src/lib/texts';
import { accountTexts } from '../../src/lib/texts-account';
import { accountHandlers, articleHandlers, authHandlers } from '../mocks';
import { AppStory } from './AppStory';
import { screen, type ScreenStory as Story, using } from './screen';
import { ready, signIn } from './plays';

const l = texts.login;

export default {
  title: 'Screens/Login',
  tags: ['!autodocs'],
  ...screen('/login?next=/articles', () => accountHandlers.options()),
} satisfies Meta<typeof AppStory>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: l.title }, ready)).toBeVisible();
    await expect(canvas.getByLabelText(l.email)).toBeRequired();
    await expect(canvas.getByLabelText(l.password)).toBeRequired();
    await expect(canvas.getByRole('button', { name: l.submit })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const Refused: Story = {
  beforeEach: using(() => authHandlers.loginRefused()),
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid email or password');
    // Still on the form, not treated as a lost session.
    await expect(canvas.getByRole('button', { name: l.submit })).toBeEnabled();
  },
};

export const RateLimited: Story = {
  beforeEach: using(() => authHandlers.loginRateLimited()),
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(serverMessages.tooManyAttempts);
  },
};

/** After sign-in the admin lands where `next` says. */
export const SignsInAndReturns: Story = {
  beforeEach: using(() => authHandlers.login(), () => authHandlers.signedIn(), () => articleHandlers.api()),
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: texts.articles.title }, ready)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: l.submit })).not.toBeInTheDocument();
    // The session is the server's httpOnly cookie: nothing readable by scripts is stored.
    await expect(localStorage.getItem(LEGACY_TOKEN_KEY)).toBeNull();
    await expect(Object.keys(localStorage).some((key) => localStorage.getItem(key)?.includes('story-token'))).toBe(false);
  },
};

/** Nothing offered besides the password: no Sign up, no Google. */
export const PasswordOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: l.title }, ready)).toBeVisible();
    await expect(canvas.queryByRole('link', { name: l.signUp })).toBeNull();
    await expect(canvas.queryByRole('link', { name: l.google })).toBeNull();
  },
};

/** An admin turned invitations on and an OpenID Connect provider is set up. */
export const InvitationsAndGoogle: Story = {
  beforeEach: using(() => accountHandlers.options({ invitations: true, oidcLoginUrl: '/api/auth/oidc/start' })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: l.signUp }, ready)).toHaveAttribute('href', '/signup');
    await expect(canvas.getByRole('link', { name: l.google })).toHaveAttribute('href', '/api/auth/oidc/start');
  },
};

/** 'Forgot your password?' explains what to do instead of leading nowhere. */
export const ForgotPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: l.forgot }, ready));
    await expect(await canvas.findByRole('heading', { name: accountTexts.forgot.title }, ready)).toBeVisible();
    await expect(canvas.getByText(accountTexts.forgot.command)).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: accountTexts.forgot.back }));
    await expect(await canvas.findByRole('heading', { name: l.title }, ready)).toBeVisible();
  },
};
