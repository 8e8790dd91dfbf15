import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RescrapeAction } from '../../../src/components/article-detail/RescrapeAction';
import type { ScrapeResult } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { draftArticle } from '../../fixtures';
import { accessFor } from '../../../src/lib/access';
import { clickRefused, expectRefused } from '../../refused';
import { expectBusy } from '../../busy';
import { opened } from '../../routes/plays';

const s = texts.scrape;
const url = draftArticle.scrapedUrl!;

const answer = (warnings: ScrapeResult['warnings'] = []): ScrapeResult => ({
  data: { ...draftArticle, scrappedData: 'Scraped again.' },
  warnings,
  images: { imported: 1, reused: 2 },
});

const warnings = [
  { url: 'https://garden.example.com/media/tomatoes.tiff', message: 'The image type is not accepted.' },
];

const meta = {
  title: 'Components/ArticleDetail/RescrapeAction',
  component: RescrapeAction,
  args: {
    scrapedUrl: url,
    isPublished: false,
    onBlockedEdit: fn(),
    onRescrape: fn(async () => answer()),
  },
} satisfies Meta<typeof RescrapeAction>;
export default meta;

type Story = StoryObj<typeof meta>;

// The dialog renders in a portal.
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

async function openDialog(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: s.rescrape }));
  const dialog = await opened(page(canvasElement).findByRole('dialog', { name: s.rescrapeTitle }));
  return dialog;
}

/** Asks first: what will be fetched again, and whether to replace the blog HTML too. Cancel does nothing. */
export const OpenDialog: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await openDialog(canvasElement);
    const inDialog = within(dialog);
    await expect(dialog).toHaveTextContent(`${s.rescrapeBody} ${url}`);
    await expect(inDialog.getByRole('checkbox', { name: s.replaceBlogData })).not.toBeChecked();
    await userEvent.click(inDialog.getByRole('button', { name: s.cancel }));
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onRescrape).not.toHaveBeenCalled();
    await expect(args.onBlockedEdit).not.toHaveBeenCalled();
  },
};

/** Waiting for the source page: 'Re-scraping...', nothing else can be done meanwhile. */
export const Pending: Story = {
  args: { onRescrape: fn(() => new Promise<ScrapeResult>(() => {})) },
  play: async ({ canvasElement, args }) => {
    const inDialog = within(await openDialog(canvasElement));
    await userEvent.click(inDialog.getByRole('checkbox', { name: s.replaceBlogData }));
    await userEvent.click(inDialog.getByRole('button', { name: s.rescrape }));
    await expect(args.onRescrape).toHaveBeenCalledWith({ replaceBlogData: true });
    await expectBusy(inDialog.getByRole('button', { name: s.rescraping }));
    await expect(inDialog.getByRole('button', { name: s.cancel })).toBeDisabled();
    await expect(inDialog.getByRole('checkbox', { name: s.replaceBlogData })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(page(canvasElement).getByRole('dialog', { name: s.rescrapeTitle })).toBeVisible();
  },
};

/** Done: the success text, the image counts and the images kept at their original address. */
export const SucceededWithWarnings: Story = {
  args: { onRescrape: fn(async () => answer(warnings)) },
  play: async ({ canvasElement, args }) => {
    const dialog = await openDialog(canvasElement);
    const inDialog = within(dialog);
    await userEvent.click(inDialog.getByRole('button', { name: s.rescrape }));
    await expect(args.onRescrape).toHaveBeenCalledWith({ replaceBlogData: false });
    await expect(await inDialog.findByRole('status')).toHaveTextContent(s.rescraped);
    await expect(dialog).toHaveTextContent('1 image imported, 2 reused');
    await expect(inDialog.getByText(s.warningsTitle(1))).toBeVisible();
    await expect(inDialog.getByRole('listitem')).toHaveTextContent(
      'https://garden.example.com/media/tomatoes.tiff — The image type is not accepted.',
    );
    await userEvent.click(inDialog.getByRole('button', { name: s.close }));
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Succeeded: Story = {
  play: async ({ canvasElement }) => {
    const inDialog = within(await openDialog(canvasElement));
    await userEvent.click(inDialog.getByRole('button', { name: s.rescrape }));
    await expect(await inDialog.findByRole('status')).toHaveTextContent(s.rescraped);
    await expect(inDialog.queryByText(/original address/)).not.toBeInTheDocument();
  },
};

/** The source page could not be fetched: the server's message, in the dialog, and another try is possible. */
export const Failed: Story = {
  args: {
    onRescrape: fn(async (): Promise<ScrapeResult> => {
      throw Object.assign(new Error('The page could not be fetched (HTTP 503).'), { code: 'fetch_failed' });
    }),
  },
  play: async ({ canvasElement, args }) => {
    const inDialog = within(await openDialog(canvasElement));
    await userEvent.click(inDialog.getByRole('button', { name: s.rescrape }));
    await expect(await inDialog.findByRole('alert')).toHaveTextContent('The page could not be fetched (HTTP 503).');
    const again = inDialog.getByRole('button', { name: s.rescrape });
    await expect(again).toBeEnabled();
    await userEvent.click(again);
    await waitFor(() => expect(args.onRescrape).toHaveBeenCalledTimes(2));
  },
};

/** A published article is refused the way an edit is: the page's 'Cannot Edit Published Article' dialog. */
export const RefusedOnPublished: Story = {
  args: { isPublished: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: s.rescrape }));
    await expect(args.onBlockedEdit).toHaveBeenCalledTimes(1);
    await expect(page(canvasElement).queryByRole('dialog')).not.toBeInTheDocument();
    await expect(args.onRescrape).not.toHaveBeenCalled();
  },
};

/** Published meanwhile (the server says so): the dialog closes and the same refusal shows. */
export const PublishedMeanwhile: Story = {
  args: {
    onRescrape: fn(async (): Promise<ScrapeResult> => {
      throw Object.assign(new Error('Published articles cannot be edited. Convert to draft first.'), {
        code: 'article_published',
      });
    }),
  },
  play: async ({ canvasElement, args }) => {
    const inDialog = within(await openDialog(canvasElement));
    await userEvent.click(inDialog.getByRole('button', { name: s.rescrape }));
    await waitFor(() => expect(args.onBlockedEdit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** No source address: nothing to scrape again, no button. */
export const NoSourceAddress: Story = {
  args: { scrapedUrl: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: s.rescrape })).not.toBeInTheDocument();
  },
};

const rescrapeRefused = accessFor('viewer').whyNot('rescrapeArticle')!;

/** A role that may not scrape this article again: Re-scrape says who may, and opens nothing. */
export const RefusedForRole: Story = {
  args: { refused: rescrapeRefused },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: s.rescrape });
    await expectRefused(button, rescrapeRefused);
    await clickRefused(button);
    await expect(page(canvasElement).queryByRole('dialog')).toBeNull();
    await expect(args.onBlockedEdit).not.toHaveBeenCalled();
    await expect(args.onRescrape).not.toHaveBeenCalled();
  },
};
