import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileToolbar, type FileToolbarProps } from '../../../src/components/files/FileToolbar';

/** Keeps the toolbar's values in state, as the route does, and still reports to the spies. */
function StatefulToolbar(args: FileToolbarProps) {
  const [search, setSearch] = useState(args.search);
  const [type, setType] = useState(args.type);
  const [view, setView] = useState(args.view);
  return (
    <FileToolbar
      search={search}
      onSearchChange={(value) => {
        setSearch(value);
        args.onSearchChange(value);
      }}
      type={type}
      onTypeChange={(value) => {
        setType(value);
        args.onTypeChange(value);
      }}
      view={view}
      onViewChange={(value) => {
        setView(value);
        args.onViewChange(value);
      }}
    />
  );
}

const meta = {
  title: 'Components/Files/FileToolbar',
  component: FileToolbar,
  render: (args) => <StatefulToolbar {...args} />,
  args: {
    search: '',
    type: 'all',
    view: 'grid',
    onSearchChange: fn(),
    onTypeChange: fn(),
    onViewChange: fn(),
  },
} satisfies Meta<typeof FileToolbar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'Search files' })).toHaveAttribute('placeholder', 'Search files...');
    const filter = canvas.getByRole('combobox', { name: 'Filter by type' });
    await expect(filter).toHaveValue('all');
    await expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Filter by type',
      'All Files',
      'Images',
      'PDFs',
    ]);
    // Grid is the default view.
    await expect(canvas.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'false');
  },
};

export const Search: Story = {
  play: async ({ canvasElement, args }) => {
    const search = within(canvasElement).getByRole('searchbox', { name: 'Search files' });
    await userEvent.type(search, 'report');
    await expect(search).toHaveValue('report');
    await expect(args.onSearchChange).toHaveBeenCalledTimes(6);
    await expect(args.onSearchChange).toHaveBeenLastCalledWith('report');
  },
};

export const FilterByType: Story = {
  play: async ({ canvasElement, args }) => {
    const filter = within(canvasElement).getByRole('combobox', { name: 'Filter by type' });
    await userEvent.selectOptions(filter, 'PDFs');
    await expect(args.onTypeChange).toHaveBeenCalledWith('pdf');
    await expect(filter).toHaveValue('pdf');
    await userEvent.selectOptions(filter, 'Images');
    await expect(args.onTypeChange).toHaveBeenLastCalledWith('image');
  },
};

export const ToggleView: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('button', { name: 'List view' });
    await userEvent.click(list);
    await expect(args.onViewChange).toHaveBeenCalledWith('list');
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'false');
  },
};

export const Filtered: Story = {
  args: { search: 'banner', type: 'image', view: 'list' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'Search files' })).toHaveValue('banner');
    await expect(canvas.getByRole('combobox', { name: 'Filter by type' })).toHaveValue('image');
    await expect(canvas.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  },
};
