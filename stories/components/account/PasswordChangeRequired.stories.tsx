import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PasswordChangeRequired } from '../../../src/components/account/PasswordChangeRequired';
import { serverMessages } from '../../../src/contract';
import { accountTexts } from '../../../src/lib/texts-account';

const t = accountTexts.password;

/** The only screen of an account signed in with a one-time password. */
const meta = {
  title: 'Components/Account/PasswordChangeRequired',
  component: PasswordChangeRequired,
  parameters: { layout: 'fullscreen' },
  args: { email: 'new.hire@example.com', onSubmit: fn(), onSignOut: fn() },
} satisfies Meta<typeof PasswordChangeRequired>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.firstTitle })).toBeVisible();
    await expect(canvas.getByText(/new\.hire@example\.com/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const WrongOneTimePassword: Story = {
  args: { error: serverMessages.currentPasswordWrong },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(serverMessages.currentPasswordWrong);
  },
};
