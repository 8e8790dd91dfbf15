import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  ArticleFilterTabs,
  type ArticleFilterTabsProps,
  type ArticleTab,
} from '../../../src/components/articles/ArticleFilterTabs';
import { CountTabs } from '../../../src/components/common/CountTabs';

const meta = {
  title: 'Components/Articles/ArticleFilterTabs',
  component: ArticleFilterTabs,
  subcomponents: { CountTabs },
  args: { value: 'all', counts: { all: 12, published: 4, draft: 8 }, onChange: fn() },
} satisfies Meta<typeof ArticleFilterTabs>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const all = canvas.getByRole('tab', { name: /^All Articles/ });
    const published = canvas.getByRole('tab', { name: /^Published/ });
    const draft = canvas.getByRole('tab', { name: /^Draft/ });
    await expect(all).toHaveAttribute('aria-selected', 'true');
    await expect(all).toHaveTextContent('All Articles 12');
    await expect(published).toHaveTextContent('Published 4');
    await expect(draft).toHaveTextContent('Draft 8');

    await userEvent.click(published);
    await expect(args.onChange).toHaveBeenCalledWith('published');
  },
};

export const PublishedSelected: Story = {
  args: { value: 'published' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: /^Published/ })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: /^All Articles/ })).toHaveAttribute('aria-selected', 'false');
  },
};

export const DraftSelected: Story = {
  args: { value: 'draft' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: /^Draft/ })).toHaveAttribute('aria-selected', 'true');
  },
};

/** Before the first response the counts are unknown: no badges, no made-up zeros. */
export const CountsUnknown: Story = {
  args: { counts: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'All Articles' })).toHaveTextContent(/^All Articles$/);
    await expect(canvas.getByRole('tab', { name: 'Published' })).toHaveTextContent(/^Published$/);
    await expect(canvas.getByRole('tab', { name: 'Draft' })).toHaveTextContent(/^Draft$/);
  },
};

/** Held in state like the route does, so the keyboard walk really changes the selected tab. */
function StatefulTabs(args: ArticleFilterTabsProps) {
  const [value, setValue] = useState<ArticleTab>(args.value);
  return (
    <ArticleFilterTabs
      {...args}
      value={value}
      onChange={(next) => {
        setValue(next);
        args.onChange(next);
      }}
    />
  );
}

export const Keyboard: Story = {
  render: (args) => <StatefulTabs {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: /^All Articles/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const published = canvas.getByRole('tab', { name: /^Published/ });
    await waitFor(() => expect(published).toHaveFocus());
    await waitFor(() => expect(published).toHaveAttribute('aria-selected', 'true'));
    await expect(args.onChange).toHaveBeenCalledWith('published');
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: /^Trash/ })).toHaveFocus());
    await expect(args.onChange).toHaveBeenLastCalledWith('trash');
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: /^Scheduled/ })).toHaveFocus());
    await expect(args.onChange).toHaveBeenLastCalledWith('scheduled');
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: /^Draft/ })).toHaveFocus());
    await expect(args.onChange).toHaveBeenLastCalledWith('draft');
  },
};

/** The selected tab's panel holds the list (the route passes ArticleList as children). */
export const WithPanelContent: Story = {
  args: { children: 'The article list for the selected filter' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = canvas.getByRole('tabpanel');
    await expect(panel).toHaveTextContent('The article list for the selected filter');
    await expect(panel).toHaveAccessibleName(/^All Articles/);
  },
};

/** A search's counts: exact up to the cap, "1,000+" above it (the server sends cap + 1). */
export const SearchCounts: Story = {
  args: { counts: { all: 1001, published: 12, draft: 1001 }, isSearch: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: /^All Articles/ })).toHaveTextContent('All Articles 1,000+');
    await expect(canvas.getByRole('tab', { name: /^Published/ })).toHaveTextContent('Published 12');
    await expect(canvas.getByRole('tab', { name: /^Draft/ })).toHaveTextContent('Draft 1,000+');
  },
};

/** The Trash beside the status tabs, with how many articles it holds; chosen, its panel holds the trash. */
export const TrashSelected: Story = {
  args: { value: 'trash', trashCount: 3, children: 'The trash' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const trash = canvas.getByRole('tab', { name: /^Trash/ });
    await expect(trash).toHaveTextContent('Trash 3');
    await expect(trash).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('The trash');
    await userEvent.click(canvas.getByRole('tab', { name: /^All Articles/ }));
    await expect(args.onChange).toHaveBeenCalledWith('all');
  },
};

/** A search's counts do not touch the trash's (the trash is not searched); unknown, it has no badge. */
export const TrashCountUnknown: Story = {
  args: { trashCount: undefined, isSearch: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('tab', { name: 'Trash' })).toHaveTextContent(/^Trash$/);
  },
};
