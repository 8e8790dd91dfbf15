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
  args: { value: '', view: 'cards', onChange: fn(), onCommit: fn(), onClear: fn(), onViewChange: fn() },
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
