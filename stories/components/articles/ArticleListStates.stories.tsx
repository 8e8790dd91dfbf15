import type { Meta, StoryObj } from '@storybook/react-vite';
import { chakra } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ArticleListStates } from '../../../src/components/articles/ArticleListStates';
import type { ArticleCard } from '../../../src/contract';
import { cards } from '../../fixtures';

/**
 * The loading, error and empty states the cards and the table share (each view's own stories
 * show them in place); here the view is a plain list of ids.
 */
const meta = {
  title: 'Components/Articles/ArticleListStates',
  component: ArticleListStates,
  args: {
    articles: cards.slice(0, 3),
    filter: 'all',
    onRetry: fn(),
    onClearSearch: fn(),
    children: (articles: readonly ArticleCard[]) => (
      <chakra.ul aria-label="Shown articles" pl="5">
        {articles.map((article) => (
          <li key={article.id}>{article.id}</li>
        ))}
      </chakra.ul>
    ),
  },
} satisfies Meta<typeof ArticleListStates>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true, articles: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading articles...');
  },
};

/** A failure without a message says the fallback. */
export const FailedWithoutMessage: Story = {
  args: { articles: undefined, error: {} },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Error Loading Articles' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to fetch articles');
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** The search's wording wins over the filters', and offers to clear it. */
export const NoSearchMatch: Story = {
  args: { articles: [], search: 'tomato', attention: true, copies: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: /tomato/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(args.onClearSearch).toHaveBeenCalledTimes(1);
  },
};

/** Both filters on: no copy needs attention. */
export const NoCopiesNeedAttention: Story = {
  args: { articles: [], attention: true, copies: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'No copies need attention' })).toBeVisible();
  },
};

/** The Source changed filter on: no article has a change of its source waiting. */
export const NoSourceChanged: Story = {
  args: { articles: [], sourceChanged: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'No source changed' })).toBeVisible();
  },
};

/** Articles: the view, given them. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Shown articles' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  },
};
