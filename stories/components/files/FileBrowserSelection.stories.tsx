// The file browser's selection (what the file manager adds): a checkbox per file, a range, Space.
import type { Meta } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileBrowser } from '../../../src/components/files/FileBrowser';
import { files } from '../../fixtures';
import { fileBrowserMeta, type FileBrowserStory as Story, image, pdf } from './fileBrowserStories';

export default { title: 'Components/Files/FileBrowser/Selection', ...fileBrowserMeta() } satisfies Meta<typeof FileBrowser>;

/** Selectable: a checkbox per card; a click toggles it, a shift-click asks for the range. */
export const Selectable: Story = {
  args: { selected: new Set<string>(), onToggleSelect: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(files.length);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select hero-banner.png' }));
    await expect(args.onToggleSelect).toHaveBeenLastCalledWith(image.id, false);
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(canvas.getByRole('checkbox', { name: 'Select logo.svg' }));
    await user.keyboard('{/Shift}');
    await expect(args.onToggleSelect).toHaveBeenLastCalledWith(files[3]!.id, true);
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

/** Two files selected, in the list view: their boxes are checked and their rows marked. */
export const SelectedInList: Story = {
  args: { view: 'list', selected: new Set([pdf.id, image.id]), onToggleSelect: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Select annual-report-2025.pdf' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Select hero-banner.png' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Select team-photo.jpg' })).not.toBeChecked();
    const rows = canvas.getAllByRole('listitem');
    await expect(rows.filter((row) => row.hasAttribute('data-selected'))).toHaveLength(2);
  },
};

/** Space on a focused card toggles it (Shift+Space asks for the range); Space in its menu button does not. */
export const SpaceTogglesFocusedFile: Story = {
  args: { selected: new Set<string>(), onToggleSelect: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Cards are mounted again once the grid has measured its width: the one focused must be the one that stays.
    await waitFor(() => expect(canvasElement.querySelector('[data-laid-out]')).not.toBeNull());
    const card = canvas.getByText('team-photo.jpg').closest('[role="listitem"]') as HTMLElement;
    card.focus();
    await expect(card).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onToggleSelect).toHaveBeenCalledWith(files[2]!.id, false);
    await userEvent.keyboard('{Shift>} {/Shift}');
    await expect(args.onToggleSelect).toHaveBeenLastCalledWith(files[2]!.id, true);
    await expect(args.onToggleSelect).toHaveBeenCalledTimes(2);
  },
};
