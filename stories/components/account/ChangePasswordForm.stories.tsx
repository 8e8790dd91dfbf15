import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChangePasswordForm } from '../../../src/components/account/ChangePasswordForm';
import { serverMessages } from '../../../src/contract';
import { accountTexts } from '../../../src/lib/texts-account';
import { NewPasswordFields } from '../../../src/components/account/NewPasswordFields';

const t = accountTexts.password;

const meta = {
  title: 'Components/Account/ChangePasswordForm',
  component: ChangePasswordForm,
  subcomponents: { NewPasswordFields },
  args: { onSubmit: fn() },
} satisfies Meta<typeof ChangePasswordForm>;
export default meta;

type Story = StoryObj<typeof meta>;

async function fill(canvasElement: HTMLElement, current: string, next: string, repeat = next) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(new RegExp(`^(${t.current}|${t.currentOneTime})`)), current);
  await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.next}`)), next);
  await userEvent.type(canvas.getByLabelText(new RegExp(`^${t.confirm}`)), repeat);
  await userEvent.click(canvas.getByRole('button', { name: t.submit }));
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(new RegExp(`^${t.current}`))).toHaveAttribute('autocomplete', 'current-password');
    await expect(canvas.getByLabelText(new RegExp(`^${t.next}`))).toHaveAttribute('autocomplete', 'new-password');
    await expect(canvas.getByText(t.hint)).toBeVisible();
  },
};

export const Submit: Story = {
  play: async ({ canvasElement, args }) => {
    await fill(canvasElement, 'old password', 'a brand new secret');
    await expect(args.onSubmit).toHaveBeenCalledWith({ currentPassword: 'old password', newPassword: 'a brand new secret' });
  },
};

export const TooShort: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The browser's own minlength check does not apply to typed-in values in tests; ours does.
    await fill(canvasElement, 'old password', 'short');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t.tooShort);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Mismatch: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fill(canvasElement, 'old password', 'a brand new secret', 'a brand new secreT');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t.mismatch);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Submitting: Story = {
  args: { isSubmitting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: t.submitting })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const WrongCurrentPassword: Story = {
  args: { error: serverMessages.currentPasswordWrong },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(serverMessages.currentPasswordWrong);
  },
};

export const Changed: Story = {
  args: { done: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t.done);
  },
};

export const FirstSignIn: Story = {
  args: { oneTime: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText(new RegExp(`^${t.currentOneTime}`))).toBeRequired();
  },
};
