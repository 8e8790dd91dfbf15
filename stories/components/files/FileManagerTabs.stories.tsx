import type { Meta, StoryObj } from '@storybook/react-vite';
import { Text } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileManagerTabs } from '../../../src/components/files/FileManagerTabs';
import { CountTabs } from '../../../src/components/common/CountTabs';

const meta = {
  title: 'Components/Files/FileManagerTabs',
  component: FileManagerTabs,
  subcomponents: { CountTabs },
  args: { value: 'files', onChange: fn(), trashCount: 3, children: <Text>The selected tab's content</Text> },
} satisfies Meta<typeof FileManagerTabs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Files selected; the Trash tab shows how many files it holds; choosing it calls back. */
export const FilesSelected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true');
    const trash = canvas.getByRole('tab', { name: 'Trash 3' });
    await expect(trash).toHaveAttribute('aria-selected', 'false');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent("The selected tab's content");
    await userEvent.click(trash);
    await expect(args.onChange).toHaveBeenCalledWith('trash');
  },
};

export const TrashSelected: Story = {
  args: { value: 'trash' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Trash 3' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Trash 3' })).toHaveTextContent("The selected tab's content");
  },
};

/** Until the count is known, no badge. */
export const CountUnknown: Story = {
  args: { trashCount: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('tab', { name: 'Trash' })).toBeVisible();
  },
};
