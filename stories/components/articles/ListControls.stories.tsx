import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ArticleSiteSelect } from '../../../src/components/articles/ArticleSiteSelect';
import { ArticleSortSelect } from '../../../src/components/articles/ArticleSortSelect';
import { SelectCheckbox } from '../../../src/components/articles/SelectCheckbox';

/** The list's controls on their own: ArticleSortSelect, ArticleSiteSelect and SelectCheckbox. */
const meta = {
  title: 'Components/Articles/ListControls',
  component: ArticleSortSelect,
  args: { value: 'newest', offerRelevance: false, onChange: fn() },
} satisfies Meta<typeof ArticleSortSelect>;
export default meta;

type Story = StoryObj<typeof meta>;

/** ArticleSortSelect: four orders; choosing one reports it. */
export const SortSelect: Story = {
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Sort articles' });
    await expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Newest',
      'Oldest',
      'Recently updated',
      'Title A–Z',
    ]);
    await userEvent.selectOptions(select, 'Title A–Z');
    await expect(args.onChange).toHaveBeenCalledWith('title');
  },
};

/** ArticleSortSelect while searching: 'Best match' is offered and chosen. */
export const SortSelectSearching: Story = {
  args: { value: 'relevance', offerRelevance: true },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Sort articles' });
    await expect(select).toHaveDisplayValue('Best match');
  },
};

/** ArticleSiteSelect: 'All sites', the hosts with counts, and a chosen host not among them kept. */
export const SiteSelect: Story = {
  render: () => (
    <ArticleSiteSelect
      value="old.example.com"
      sites={[
        { site: 'news.example.com', count: 1200 },
        { site: 'blog.example.org', count: 3 },
      ]}
      onChange={() => {}}
    />
  ),
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Filter by source site' }) as HTMLSelectElement;
    await expect([...select.options].map((o) => o.text)).toEqual([
      'All sites',
      'news.example.com (1,200)',
      'blog.example.org (3)',
      'old.example.com',
    ]);
    await expect(select).toHaveDisplayValue('old.example.com');
  },
};

/** SelectCheckbox: named for screen readers only, or with its label shown; mixed for some selected. */
export const Checkbox: Story = {
  render: () => (
    <div>
      <SelectCheckbox label="Select Article #abc12345" checked={false} onToggle={() => {}} />
      <SelectCheckbox label="Select all on this page" checked="indeterminate" onToggle={() => {}} showLabel />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Select Article #abc12345' })).not.toBeChecked();
    const all = canvas.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    // Set on the input a frame after mounting (screen readers read 'mixed' from it).
    await waitFor(() => expect(all.indeterminate).toBe(true));
    await expect(canvas.getByText('Select all on this page')).toBeVisible();
  },
};
