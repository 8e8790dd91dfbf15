import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ForgotPassword } from '../../../src/components/auth/ForgotPassword';
import { accountTexts } from '../../../src/lib/texts-account';

const t = accountTexts.forgot;

const meta = {
  title: 'Components/Auth/ForgotPassword',
  component: ForgotPassword,
} satisfies Meta<typeof ForgotPassword>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(canvas.getByText(t.body)).toBeVisible();
    await expect(canvas.getByText(t.command)).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.back })).toHaveAttribute('href', '/login');
  },
};
