import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ArticlesToolbar, type ArticlesToolbarProps } from '../../../src/components/articles/ArticlesToolbar';
import type { ArticlesView } from '../../../src/components/articles/useArticlesView';
import { useSearchDraft } from '../../../src/components/articles/useSearchDraft';
import { ArticleSearchBox } from '../../../src/components/articles/ArticleSearchBox';

/** Spy for the searches the box settles into, with how each is written into the history. */
const onSearch = fn().mockName('onSearch');

const meta = {
  title: 'Components/Articles/ArticlesToolbar',
  component: ArticlesToolbar,
  subcomponents: { ArticleSearchBox },
  args: {
    value: '',
    view: 'cards',
    onChange: fn(),
    onCommit: fn(),
    onClear: fn(),
    onViewChange: fn(),
    sort: 'newest',
    isSearch: false,
    onSortChange: fn(),
    site: '',
    sites: [
      { site: 'example.com', count: 12 },
      { site: 'garden.example.com', count: 1_250 },
    ],
    onSiteChange: fn(),
  },
  beforeEach() {
    onSearch.mockClear();
  },
} satisfies Meta<typeof ArticlesToolbar>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The box wired as the route wires it: the search in force is what `onSearch` last set. */
function SearchingToolbar(args: ArticlesToolbarProps) {
  const [query, setQuery] = useState('');
  const [view, setView] = useState<ArticlesView>(args.view);
  const search = useSearchDraft(query, (next, mode) => {
    onSearch(next, mode);
    setQuery(next);
  });
  return (
    <>
      <ArticlesToolbar
        {...args}
        value={search.draft}
        onChange={search.setDraft}
        onCommit={search.commit}
        onClear={() => search.commit('')}
        view={view}
        onViewChange={(next) => {
          setView(next);
          args.onViewChange(next);
        }}
      />
      <p data-testid="query">{query}</p>
    </>
  );
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('searchbox', { name: 'Search articles' });
    await expect(box).toHaveAttribute('placeholder', 'Search articles...');
    await expect(box).toHaveAttribute('aria-keyshortcuts', '/');
    await expect(canvas.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'false');
  },
};

/**
 * Typing settles once (debounced): the first search is pushed, refining it replaces that entry;
 * Enter commits, so the next keystroke pushes again; Esc clears, pushed.
 */
export const SearchTyping: Story = {
  render: (args) => <SearchingToolbar {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('searchbox', { name: 'Search articles' });
    await userEvent.type(box, 'tom');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('tom', 'push'));
    await expect(onSearch).toHaveBeenCalledTimes(1);
    await userEvent.type(box, 'ato');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('tomato', 'replace'));
    await expect(onSearch).toHaveBeenCalledTimes(2);
    await expect(canvas.getByTestId('query')).toHaveTextContent('tomato');

    await userEvent.type(box, 'es{Enter}');
    await expect(onSearch).toHaveBeenLastCalledWith('tomatoes', 'push');
    await userEvent.type(box, '{Backspace}');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('tomatoe', 'push'));

    await userEvent.keyboard('{Escape}');
    await expect(onSearch).toHaveBeenLastCalledWith('', 'push');
    await expect(box).toHaveValue('');
    await expect(canvas.getByTestId('query')).toBeEmptyDOMElement();
  },
};

/**
 * `/` typed in another field stays a character there. (That `/` from outside a field focuses the
 * box is asserted in e2e/articles-search.spec.ts: inside Storybook's preview the key does not
 * reach the page's handler.)
 */
export const SlashInAFieldStaysText: Story = {
  render: (args) => (
    <>
      <SearchingToolbar {...args} />
      <input aria-label="Other field" />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const other = canvas.getByRole('textbox', { name: 'Other field' });
    await userEvent.type(other, 'a/b');
    await expect(other).toHaveValue('a/b');
    await expect(other).toHaveFocus();
    await expect(canvas.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('');
  },
};

export const SwitchToTable: Story = {
  render: (args) => <SearchingToolbar {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Table' }));
    await expect(args.onViewChange).toHaveBeenCalledWith('table');
    await expect(canvas.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  },
};

const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

/** The orders; 'Best match' only while a search is in force. */
export const SortChoices: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const sort = canvas.getByRole('combobox', { name: 'Sort articles' });
    await expect(sort).toHaveDisplayValue('Newest');
    await expect(optionsOf(sort)).toEqual(['Newest', 'Oldest', 'Recently updated', 'Title A–Z']);
    await userEvent.selectOptions(sort, 'Title A–Z');
    await expect(args.onSortChange).toHaveBeenCalledWith('title');
  },
};

/** While searching with no order chosen, 'Best match' is the current choice. */
export const SortWhileSearching: Story = {
  args: { value: 'tomatoes', isSearch: true, sort: 'relevance' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const sort = canvas.getByRole('combobox', { name: 'Sort articles' });
    await expect(sort).toHaveDisplayValue('Best match');
    await expect(optionsOf(sort)).toEqual(['Best match', 'Newest', 'Oldest', 'Recently updated', 'Title A–Z']);
    await userEvent.selectOptions(sort, 'Oldest');
    await expect(args.onSortChange).toHaveBeenLastCalledWith('oldest');
  },
};

/** 'All sites' and the top sites with their counts. */
export const SiteChoices: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const site = canvas.getByRole('combobox', { name: 'Filter by source site' });
    await expect(site).toHaveDisplayValue('All sites');
    await expect(optionsOf(site)).toEqual(['All sites', 'example.com (12)', 'garden.example.com (1,250)']);
    await userEvent.selectOptions(site, 'example.com (12)');
    await expect(args.onSiteChange).toHaveBeenCalledWith('example.com');
    await userEvent.selectOptions(site, 'All sites');
    await expect(args.onSiteChange).toHaveBeenLastCalledWith('');
  },
};

/** A chosen site the top list does not hold (a shared link, another search) stays listed, as chosen. */
export const SiteNotAmongTheTop: Story = {
  args: { site: 'old.example.org' },
  play: async ({ canvasElement }) => {
    const site = within(canvasElement).getByRole('combobox', { name: 'Filter by source site' });
    await expect(site).toHaveDisplayValue('old.example.org');
    await expect(optionsOf(site)).toEqual(['All sites', 'example.com (12)', 'garden.example.com (1,250)', 'old.example.org']);
  },
};

/** A phone: the search takes the first row; the selects and the toggle wrap below, nothing sticks out. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('searchbox', { name: 'Search articles' }).getBoundingClientRect();
    for (const name of ['Sort articles', 'Filter by source site']) {
      const select = canvas.getByRole('combobox', { name });
      await expect(select).toBeVisible();
      await expect(select.getBoundingClientRect().top).toBeGreaterThanOrEqual(box.bottom);
    }
    await expect(canvas.getByRole('button', { name: 'Table' })).toBeVisible();
    const root = canvasElement.ownerDocument.documentElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/** On the Trash tab: the search, order, site and view are disabled (kept in place, with what they held). */
export const DisabledOnTrash: Story = {
  args: { disabled: true, value: 'tomato', isSearch: true, sort: 'relevance' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('searchbox', { name: 'Search articles' });
    await expect(box).toBeDisabled();
    await expect(box).toHaveValue('tomato');
    await expect(canvas.getByRole('combobox', { name: 'Sort articles' })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Filter by source site' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Table' })).toBeDisabled();
    // `/` does not reach a disabled box.
    await userEvent.keyboard('/');
    await expect(box).not.toHaveFocus();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** Some articles' sources changed: the Source changed toggle shows with its count and turns the filter on. */
export const SourceChangedToggle: Story = {
  args: { sourceChangedCount: 3, onSourceChangedChange: fn() },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'Source changed (3)' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await expect(args.onSourceChangedChange).toHaveBeenCalledWith(true);
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** No article's source changed: no toggle (it shows while on, or when some did). */
export const NoSourceChangedToggle: Story = {
  args: { sourceChangedCount: 0, onSourceChangedChange: fn() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: /Source changed/ })).toBeNull();
  },
};
