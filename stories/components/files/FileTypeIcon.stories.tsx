import type { Meta, StoryObj } from '@storybook/react-vite';
import { HStack, Stack } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { FileTypeBadge, FileTypeIcon } from '../../../src/components/files/FileTypeIcon';

const meta = {
  title: 'Components/Files/FileTypeIcon',
  component: FileTypeIcon,
  args: { type: 'pdf' },
} satisfies Meta<typeof FileTypeIcon>;
export default meta;

type Story = StoryObj<typeof meta>;

/** One icon per type, a generic one for other types, and the upper-case badge. */
export const AllTypes: Story = {
  render: () => (
    <Stack gap="3">
      {(['pdf', 'image', 'other'] as const).map((type) => (
        <HStack key={type} gap="3">
          <FileTypeIcon type={type} boxSize="6" />
          <FileTypeBadge type={type} />
        </HStack>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const badge of ['PDF', 'IMAGE', 'OTHER']) await expect(canvas.getByText(badge)).toBeVisible();
    const icons = [...canvasElement.querySelectorAll('[data-file-icon]')].map((el) => el.getAttribute('data-file-icon'));
    await expect(icons).toEqual(['pdf', 'image', 'other']);
    // Each type has its own drawing.
    const drawings = new Set([...canvasElement.querySelectorAll('[data-file-icon]')].map((el) => el.innerHTML));
    await expect(drawings.size).toBe(3);
  },
};
