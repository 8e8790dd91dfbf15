import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SignupForm } from '../../../src/components/auth/SignupForm';
import { serverMessages } from '../../../src/contract';
import { accountTexts } from '../../../src/lib/texts-account';

const t = accountTexts.signup;

const meta = {
  title: 'Components/Auth/SignupForm',
  component: SignupForm,
  args: { token: 'invitation-token', onSubmit: fn() },
} satisfies Meta<typeof SignupForm>;
export default meta;

type Story = StoryObj<typeof meta>;

async function fill(canvasElement: HTMLElement, password: string, repeat = password) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.email}`)), 'new.hire@example.com');
  await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.password}`)), password);
  await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.confirm}`)), repeat);
  await userEvent.click(canvas.getByRole('button', { name: t.submit }));
}

export const Submit: Story = {
  play: async ({ canvasElement, args }) => {
    await fill(canvasElement, 'my own password');
    await expect(args.onSubmit).toHaveBeenCalledWith({
      token: 'invitation-token',
      email: 'new.hire@example.com',
      password: 'my own password',
    });
  },
};

export const PasswordsDiffer: Story = {
  play: async ({ canvasElement, args }) => {
    await fill(canvasElement, 'my own password', 'my own passwort');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(accountTexts.password.mismatch);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const LinkUsedOrExpired: Story = {
  args: { error: serverMessages.invitationInvalid },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(serverMessages.invitationInvalid);
  },
};

export const NoLink: Story = {
  args: { token: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(t.noToken);
    await expect(canvas.queryByRole('button', { name: t.submit })).toBeNull();
  },
};

export const Submitting: Story = {
  args: { isSubmitting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: t.submitting })).toBeDisabled();
  },
};
