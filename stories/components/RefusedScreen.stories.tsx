import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RefusedScreen } from '../../src/components/common/RefusedScreen';
import { accessFor } from '../../src/lib/access';
import { webhookTexts } from '../../src/lib/texts-webhooks';

const meta = {
  title: 'Components/RefusedScreen',
  component: RefusedScreen,
  args: { title: webhookTexts.title, message: accessFor('editor').screenNotice('listWebhooks')! },
} satisfies Meta<typeof RefusedScreen>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A screen reached by a link that the signed-in role may not use: its title, and who may, as the server says it. */
export const Webhooks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: webhookTexts.title })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Only an admin may manage webhooks; you are an editor.');
  },
};
