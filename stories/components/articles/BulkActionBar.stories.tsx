import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { BulkActionBar } from '../../../src/components/articles/BulkActionBar';
import { MAX_BULK_IDS } from '../../../src/contract';
import { bulkTexts as b } from '../../../src/lib/texts-articles';
import { expectBusy } from '../../busy';

const meta = {
  title: 'Components/Articles/BulkActionBar',
  component: BulkActionBar,
  args: {
    count: 0,
    max: MAX_BULK_IDS,
    allSelected: false,
    someSelected: false,
    onToggleAll: fn(),
    onAction: fn(),
    onClear: fn(),
    pending: null,
  },
} satisfies Meta<typeof BulkActionBar>;
export default meta;

type Story = StoryObj<typeof meta>;

const actions = [b.publish, b.draft, b.delete];

/** Nothing selected: only 'Select all on this page', labelled. */
export const NothingSelected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const all = canvas.getByRole('checkbox', { name: b.selectAll });
    await expect(all).not.toBeChecked();
    await expect(canvas.getByText(b.selectAll)).toBeVisible();
    for (const name of actions) await expect(canvas.queryByRole('button', { name })).toBeNull();
    await userEvent.click(all);
    await expect(args.onToggleAll).toHaveBeenCalledOnce();
  },
};

/** Some of the page selected: the count, the actions, and a mixed select-all. */
export const SomeSelected: Story = {
  args: { count: 3, someSelected: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(b.selected(3))).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('checkbox', { name: b.selectAll })).toBePartiallyChecked());
    await userEvent.click(canvas.getByRole('button', { name: b.publish }));
    await expect(args.onAction).toHaveBeenCalledWith('publish');
    await userEvent.click(canvas.getByRole('button', { name: b.draft }));
    await expect(args.onAction).toHaveBeenCalledWith('draft');
    await userEvent.click(canvas.getByRole('button', { name: b.delete }));
    await expect(args.onAction).toHaveBeenCalledWith('delete');
    await userEvent.click(canvas.getByRole('button', { name: b.clear }));
    await expect(args.onClear).toHaveBeenCalledOnce();
  },
};

export const AllSelected: Story = {
  args: { count: 50, allSelected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(b.selected(50))).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: b.selectAll })).toBeChecked();
  },
};

/** A request is pending: every button is disabled, the clicked one spins. */
export const Pending: Story = {
  args: { count: 3, someSelected: true, pending: 'delete' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of [...actions, b.clear].filter((name) => name !== b.delete)) await expect(canvas.getByRole('button', { name })).toBeDisabled();
    // The clicked one spins, and keeps the keyboard's focus.
    await expectBusy(canvas.getByRole('button', { name: b.delete }));
    await expect(canvas.getByRole('button', { name: b.publish })).not.toHaveAttribute('aria-busy');
  },
};

/** More than the server takes (MAX_BULK_IDS): the bar says so and the actions are disabled. */
export const TooMany: Story = {
  args: { count: MAX_BULK_IDS + 1, someSelected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(b.selected(MAX_BULK_IDS + 1))).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Select at most 500 articles at a time.');
    for (const name of actions) await expect(canvas.getByRole('button', { name })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: b.clear })).toBeEnabled();
  },
};

/** Beside the table (whose header has 'Select all on this page'): nothing until something is selected. */
export const BesideTheTable: Story = {
  args: { showSelectAll: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region', { name: b.barLabel })).toBeNull();
  },
};
