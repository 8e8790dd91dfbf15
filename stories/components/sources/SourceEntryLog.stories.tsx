import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SourceEntryLog } from '../../../src/components/sources';
import { serverMessages, sourceMessages } from '../../../src/contract';
import { sourceTexts } from '../../../src/lib/texts-sources';
import { healthySource, sampleSourceEntries } from '../../fixtures';

const t = sourceTexts.log;
const entries = sampleSourceEntries()[healthySource.id]!;

const meta = {
  title: 'Components/Sources/SourceEntryLog',
  component: SourceEntryLog,
  args: { entries, isLoading: false, error: null, onRetry: fn(), hasMore: false, isLoadingMore: false, onLoadMore: fn() },
} satisfies Meta<typeof SourceEntryLog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A draft made, one skipped (scraped before), one refused by robots.txt, one failed: each with why. */
export const FourStates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: t.listLabel }).children).toHaveLength(4);
    await expect(canvas.getByText(sourceMessages.disallowed)).toBeVisible();
    await expect(canvas.getByText(sourceMessages.alreadyScraped)).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.article })).toHaveAttribute('href', `/articles/${entries[0]!.articleId}`);
  },
};

/** More pages: older entries on demand. */
export const WithMore: Story = {
  args: { hasMore: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.loadMore }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { entries: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.loading)).toBeVisible();
  },
};

export const Failed: Story = {
  args: { entries: undefined, error: serverMessages.databaseUnavailable },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(serverMessages.databaseUnavailable);
  },
};
