import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, within } from 'storybook/test';
import { ArticleUrlsCard } from '../../../src/components/article-detail/ArticleUrlsCard';
import { articleWithoutBlogData, draftArticle } from '../../fixtures';
import { clipboardSpy, expectCopiedMarksGone, stubClipboard } from './clipboardStub';

const meta = {
  title: 'Components/ArticleDetail/ArticleUrlsCard',
  component: ArticleUrlsCard,
  args: { scrapedUrl: draftArticle.scrapedUrl, newUrl: draftArticle.newUrl },
  beforeEach: () => stubClipboard(),
} satisfies Meta<typeof ArticleUrlsCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Copying shows a check mark (the button is then named 'Copied') for 2 s. */
export const BothUrls: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const scraped = draftArticle.scrapedUrl!;
    const next = draftArticle.newUrl!;
    await expect(canvas.getByText(scraped)).toBeVisible();
    await expect(canvas.getByText(next)).toBeVisible();

    await step('links open in a new tab', async () => {
      const open = canvas.getByRole('link', { name: 'Open Scraped URL in a new tab' });
      await expect(open).toHaveAttribute('href', scraped);
      await expect(open).toHaveAttribute('target', '_blank');
      await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(canvas.getByRole('link', { name: 'Open New URL in a new tab' })).toHaveAttribute('href', next);
    });

    await step('copy the scraped URL', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Copy Scraped URL' }));
      await expect(clipboardSpy()).toHaveBeenCalledWith(scraped);
      await expect(await canvas.findByRole('button', { name: 'Copied' })).toBeVisible();
      // Only the button that copied shows the check mark.
      await expect(canvas.getByRole('button', { name: 'Copy New URL' })).toBeVisible();
    });

    await step('copy the new URL from the keyboard', async () => {
      canvas.getByRole('button', { name: 'Copy New URL' }).focus();
      await userEvent.keyboard('{Enter}');
      await expect(clipboardSpy()).toHaveBeenLastCalledWith(next);
      await expect(await canvas.findAllByRole('button', { name: 'Copied' })).toHaveLength(2);
    });

    await step('the check marks go after 2 s', () => expectCopiedMarksGone(canvasElement));
  },
};

/** A missing URL reads 'Not set' and has no copy button or link. */
export const OnlyScrapedUrl: Story = {
  args: { scrapedUrl: articleWithoutBlogData.scrapedUrl, newUrl: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not set')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy Scraped URL' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Copy New URL' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Open New URL in a new tab' })).not.toBeInTheDocument();
  },
};

export const NoUrls: Story = {
  args: { scrapedUrl: null, newUrl: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('Not set')).toHaveLength(2);
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
  },
};

/** A failed copy is only logged: no check mark, no message. */
export const CopyFails: Story = {
  beforeEach: () => stubClipboard(async () => Promise.reject(new Error('Clipboard permission denied'))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = spyOn(console, 'error').mockImplementation(() => {});
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Scraped URL' }));
    await expect(clipboardSpy()).toHaveBeenCalledWith(draftArticle.scrapedUrl);
    await expect(log).toHaveBeenCalledWith('Failed to copy to clipboard', expect.any(Error));
    await expect(canvas.getByRole('button', { name: 'Copy Scraped URL' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  },
};
