import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ArticleTable } from '../../../src/components/articles/ArticleTable';
import type { ArticleCard } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { cards as articles, makeCard } from '../../fixtures';
import { navigate, WithLinkSpy } from '../linkSpy';

const meta = {
  title: 'Components/Articles/ArticleTable',
  component: ArticleTable,
  args: {
    articles,
    filter: 'all',
    isLoading: false,
    error: null,
    hasMore: false,
    isFetchingMore: false,
    search: '',
    onRetry: fn(),
    onOpen: fn(),
    onLoadMore: fn(),
    onClearSearch: fn(),
  },
  decorators: [
    (Story) => (
      <WithLinkSpy>
        <Story />
      </WithLinkSpy>
    ),
  ],
  beforeEach() {
    navigate.mockClear();
  },
} satisfies Meta<typeof ArticleTable>;
export default meta;

type Story = StoryObj<typeof meta>;

const bodyRows = (root: HTMLElement) => within(root).getAllByRole('row').slice(1);

/** Title (else the card's 'Article #…'), status, source site, updated, and an Open link per row. */
export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid', { name: 'Articles' });
    await expect(grid).toHaveAttribute('aria-rowcount', String(articles.length + 1));
    const headers = canvas.getAllByRole('columnheader').map((h) => h.textContent);
    await expect(headers).toEqual(['Title', 'Status', 'Source site', 'Updated', 'Actions']);

    const [first] = bodyRows(canvasElement);
    const cells = within(first!).getAllByRole('gridcell');
    await expect(cells[0]).toHaveTextContent(articles[0]!.title!);
    await expect(cells[1]).toHaveTextContent('Published');
    await expect(cells[2]).toHaveTextContent('garden.example.com');
    await expect(cells[3]).toHaveTextContent(formatDateTime(articles[0]!.updatedAt));

    // The fifth sample article has no title: what its card is named stands in.
    const untitled = articles[4]!;
    await expect(canvas.getByRole('gridcell', { name: `Article #${untitled.id.slice(-8)}` })).toBeVisible();
    await expect(canvas.getByRole('gridcell', { name: articles[1]!.title! })).toBeVisible();

    await userEvent.click(cells[0]!);
    await expect(args.onOpen).toHaveBeenCalledWith(articles[0]!.id);

    const open = within(first!).getByRole('link', { name: `Open ${articles[0]!.title}` });
    await expect(open).toHaveAttribute('href', `/articles/${articles[0]!.id}`);
    await userEvent.click(open);
    await expect(navigate).toHaveBeenCalledWith(`/articles/${articles[0]!.id}`);
    // The link opens the article once: the row's own click does not run too.
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
  },
};

/** One tab stop; the arrow keys, Home and End move between rows; Enter opens the focused one. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const rows = bodyRows(canvasElement);
    await userEvent.tab();
    await expect(rows[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(rows[2]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(rows[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith(articles[1]!.id);
    await userEvent.keyboard('{End}');
    await expect(rows.at(-1)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(rows.at(-1)).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(rows[0]).toHaveFocus();
    // Tab leaves the grid (the Open links are not tab stops); Shift+Tab returns to the last row.
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.tab();
    await expect(canvasElement.ownerDocument.activeElement?.closest('[role="grid"]')).toBeNull();
    await userEvent.tab({ shift: true });
    await expect(rows[1]).toHaveFocus();
  },
};

export const Loading: Story = {
  args: { isLoading: true, articles: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading articles...');
    await expect(canvas.queryByRole('grid')).toBeNull();
  },
};

export const Error: Story = {
  args: { articles: undefined, error: { message: 'Network request failed (503)' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Error Loading Articles' })).toBeVisible();
    await expect(canvas.getByText('Network request failed (503)')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { articles: [], filter: 'draft' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No Draft Articles' })).toBeVisible();
    await expect(canvas.getByText('No draft articles found.')).toBeVisible();
    await expect(canvas.queryByRole('grid')).toBeNull();
  },
};

export const NoSearchMatch: Story = {
  args: { articles: [], search: 'zucchini' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No articles match "zucchini"' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(args.onClearSearch).toHaveBeenCalledTimes(1);
  },
};

/** The search's words are marked in the titles and sites, whatever their case. */
export const SearchHighlights: Story = {
  args: {
    search: 'HIKING',
    articles: [
      makeCard({
        id: 'art_hiking_00000001',
        title: 'Best Hiking boots of 2026',
        slug: 'best-hiking-boots',
        scrapedUrl: 'https://hiking.example.com/boots',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const marks = [...canvasElement.querySelectorAll('mark')].map((mark) => mark.textContent);
    await expect(marks).toEqual(['Hiking', 'hiking']);
    await expect(within(canvasElement).getByRole('gridcell', { name: 'Best Hiking boots of 2026' })).toBeVisible();
  },
};

/** A phone: title, status and the Open link; the site and the date are left out. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: 'Title' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await expect(canvas.getByText('Source site')).not.toBeVisible();
    const [first] = bodyRows(canvasElement);
    await expect(within(first!).getByRole('link', { name: `Open ${articles[0]!.title}` })).toBeVisible();
    // Nothing sticks out sideways.
    const grid = canvas.getByRole('grid');
    await expect(grid.scrollWidth).toBeLessThanOrEqual(grid.clientWidth);
  },
};

let manyArticles: ArticleCard[] | undefined;
function getManyArticles(): ArticleCard[] {
  manyArticles ??= Array.from({ length: 10_000 }, (_, i) =>
    makeCard({
      id: `art_${String(i).padStart(8, '0')}`,
      title: `Article number ${i}`,
      slug: `article-${i}`,
      status: i % 4 ? 'draft' : 'published',
    }),
  );
  return manyArticles;
}

/** 10,000 rows: only those near the visible area are mounted, and the keys walk past the window. */
export const ManyRows: Story = {
  render: (args) => <ArticleTable {...args} articles={getManyArticles()} />,
  play: async ({ canvasElement }) => {
    const view = canvasElement.ownerDocument.defaultView!;
    view.scrollTo(0, 0);
    const mounted = bodyRows(canvasElement);
    await expect(mounted.length).toBeLessThan(80);
    await expect(canvasElement.ownerDocument.documentElement.scrollHeight).toBeGreaterThan(300_000);
    mounted[0]!.focus();
    await userEvent.keyboard('{End}');
    await waitFor(() =>
      expect(canvasElement.ownerDocument.activeElement).toHaveAttribute('aria-rowindex', String(10_000 + 1)),
    );
    await expect(canvasElement.ownerDocument.activeElement).toHaveTextContent('Article number 9999');
    await userEvent.keyboard('{ArrowUp}');
    await expect(canvasElement.ownerDocument.activeElement).toHaveTextContent('Article number 9998');
    view.scrollTo(0, 0);
  },
};

/**
 * Selectable (the list's bulk actions): a checkbox per row, named after the article, not a tab
 * stop; a click on it selects without opening; Space on the focused row toggles it.
 */
export const Selectable: Story = {
  args: { onToggleSelect: fn(), selected: new Set([articles[0]!.id]) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const rows = bodyRows(canvasElement);
    await expect(rows[0]).toHaveAttribute('aria-selected', 'true');
    await expect(rows[1]).toHaveAttribute('aria-selected', 'false');
    const second = within(rows[1]!).getByRole('checkbox', { name: `Select ${articles[1]!.title!}` });
    await expect(second).toHaveAttribute('tabindex', '-1');
    await userEvent.click(second);
    await expect(args.onToggleSelect).toHaveBeenLastCalledWith(articles[1]!.id, false);
    await expect(args.onOpen).not.toHaveBeenCalled();
    rows[0]!.focus();
    await userEvent.keyboard(' ');
    await expect(args.onToggleSelect).toHaveBeenLastCalledWith(articles[0]!.id, false);
    await expect(canvas.getAllByRole('checkbox')[0]).toBeChecked();
  },
};
