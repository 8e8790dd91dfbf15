import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DataCard } from '../../../src/components/article-detail/DataCard';
import { CopyButton } from '../../../src/components/article-detail/CopyButton';
import { texts } from '../../../src/lib/texts';
import { draftArticle } from '../../fixtures';
import { clipboardSpy, expectCopiedMarksGone, stubClipboard } from './clipboardStub';
import { ReadOnlyText } from '../../../src/components/article-detail/ReadOnlyText';

const meta = {
  title: 'Components/ArticleDetail/DataCard',
  component: DataCard,
  subcomponents: { CopyButton, ReadOnlyText },
  args: { title: texts.article.scrappedData, text: draftArticle.scrappedData },
  beforeEach: () => stubClipboard(),
} satisfies Meta<typeof DataCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const ScrappedData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Scrapped Data' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Scrapped Data' })).toHaveTextContent(draftArticle.scrappedData);

    await userEvent.click(canvas.getByRole('button', { name: 'Copy Scrapped Data' }));
    await expect(clipboardSpy()).toHaveBeenCalledWith(draftArticle.scrappedData);
    await expect(await canvas.findByRole('button', { name: 'Copied' })).toBeVisible();
    await expectCopiedMarksGone(canvasElement);
  },
};

/** Blog HTML is shown as text, never rendered. */
export const BlogData: Story = {
  args: { title: texts.article.blogData, text: draftArticle.blogData! },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const block = canvas.getByRole('region', { name: 'Blog Data' });
    await expect(block).toHaveTextContent('<h1>How to grow tomatoes</h1>');
    await expect(within(block).queryByRole('heading')).not.toBeInTheDocument();

    canvas.getByRole('button', { name: 'Copy Blog Data' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(clipboardSpy()).toHaveBeenCalledWith(draftArticle.blogData);
    await expect(await canvas.findByRole('button', { name: 'Copied' })).toBeVisible();
    await expectCopiedMarksGone(canvasElement);
  },
};

/** Long data scrolls inside the card; the block takes keyboard focus so it can be scrolled. */
export const LongData: Story = {
  args: {
    text: Array.from({ length: 80 }, (_, i) => `Line ${i + 1}: ${draftArticle.scrappedData}`).join('\n'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const block = canvas.getByRole('region', { name: 'Scrapped Data' });
    await expect(block.scrollHeight).toBeGreaterThan(block.clientHeight);
    await userEvent.tab();
    await userEvent.tab();
    await expect(block).toHaveFocus();
  },
};
