import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoginError } from '../../../src/components/auth/LoginError';
import { LoginForm } from '../../../src/components/auth/LoginForm';
import { nativeValidationBubble } from '../../visual';

const meta = {
  title: 'Components/Auth/LoginForm',
  component: LoginForm,
  // The refusal alert (LoginError) loads lazily; the refused stories show it.
  subcomponents: { LoginError },
  args: { onSubmit: fn(), signUpHref: '/signup', forgotPasswordHref: '/forgot-password' },
} satisfies Meta<typeof LoginForm>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Login' })).toBeVisible();
    const email = canvas.getByLabelText('Email');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toBeRequired();
    const password = canvas.getByLabelText('Password');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toBeRequired();
    await expect(canvas.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    await expect(canvas.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await expect(canvas.getByText(/Don't have an account\?/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeEnabled();
    // No Google sign-in is configured: there is no such button.
    await expect(canvas.queryByRole('button', { name: 'Login with Google' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Login with Google' })).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Invitations are off: no 'Sign up' (nobody could sign up without a link). */
export const InvitationsOff: Story = {
  args: { signUpHref: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link', { name: 'Sign up' })).toBeNull();
    await expect(canvas.queryByText(/Don't have an account\?/)).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
  },
};

export const WithGoogle: Story = {
  args: { googleHref: '/api/auth/google' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Login with Google' })).toHaveAttribute('href', '/api/auth/google');
  },
};

export const Submitting: Story = {
  args: { isSubmitting: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Logging in...' });
    await expect(button).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Login' })).toBeNull();
    await userEvent.type(canvas.getByLabelText('Email'), 'admin@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'secret{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const WithError: Story = {
  args: { error: 'Invalid email or password' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The notice is a chunk of its own, loaded with the form: it may arrive a moment later.
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeEnabled();
  },
};

export const Submit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), 'admin@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'correct horse battery staple');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith({
      email: 'admin@example.com',
      password: 'correct horse battery staple',
    });
  },
};

export const RequiredFields: Story = {
  parameters: nativeValidationBubble,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByLabelText('Email')).toBeInvalid();
    await expect(canvas.getByLabelText('Password')).toBeInvalid();

    // A password alone is still not enough.
    await userEvent.type(canvas.getByLabelText('Password'), 'secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidEmail: Story = {
  parameters: nativeValidationBubble,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByLabelText('Email');
    await userEvent.type(email, 'not-an-email');
    await userEvent.type(canvas.getByLabelText('Password'), 'secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(email).toBeInvalid();
    await expect((email as HTMLInputElement).validity.typeMismatch).toBe(true);
  },
};

export const KeyboardSubmit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByLabelText('Email')).toHaveFocus();
    await userEvent.keyboard('admin@example.com');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Password')).toHaveFocus();
    await userEvent.keyboard('secret{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'admin@example.com', password: 'secret' });
  },
};
