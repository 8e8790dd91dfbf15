// The article page's Re-scrape: the dialog, its result and warnings, pending, failing, refused
// on a published article, and absent without a source address.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectBusy } from '../../busy';
import { articles, articleWithoutUrls, withImages } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { convertToDraft, findCannotEditDialog, findTitle, opened } from '../plays';
import { body, type ScreenStory as Story, using } from '../screen';
import { a, articleDetailScreen, atPublished, draft, published, s } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Rescrape', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

/** On the draft: Re-scrape opened and pressed (the box left as it is); answers the dialog. */
async function rescrapeDraft(canvasElement: HTMLElement) {
  await findTitle(canvasElement, draft.title!);
  const dialog = await openRescrape(canvasElement);
  await userEvent.click(within(dialog).getByRole('button', { name: s.rescrape }));
  return dialog;
}

async function openRescrape(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: s.rescrape }));
  const dialog = await opened(body(canvasElement).findByRole('dialog', { name: s.rescrapeTitle }));
  return dialog;
}

/**
 * Re-scrape with 'Also replace the blog HTML': the result and its warnings show, and the page
 * shows the article the server answered (raw text and blog HTML both fresh).
 */
export const RescrapeWithWarnings: Story = {
  args: { path: `/articles/${withImages.id}` },
  beforeEach: using(() => articleHandlers.api([...articles, withImages])),
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, withImages.title!);
    await expect(canvas.getByText(withImages.scrappedData)).toBeVisible();
    await step('the dialog says what happens and asks about the blog HTML', async () => {
      const dialog = await openRescrape(canvasElement);
      await expect(dialog).toHaveTextContent(`${s.rescrapeBody} ${withImages.scrapedUrl}`);
      await userEvent.click(within(dialog).getByRole('checkbox', { name: s.replaceBlogData }));
      await userEvent.click(within(dialog).getByRole('button', { name: s.rescrape }));
    });
    await step('the result, with the images kept at their original address', async () => {
      const dialog = body(canvasElement).getByRole('dialog', { name: s.rescrapeTitle });
      await expect(await within(dialog).findByRole('status')).toHaveTextContent(s.rescraped);
      await expect(dialog).toHaveTextContent('3 images imported');
      await expect(within(dialog).getByText(s.warningsTitle(2))).toBeVisible();
      await expect(dialog).toHaveTextContent('https://photos.example.com/media/poster.png — The image could not be fetched (HTTP 404).');
      await userEvent.click(within(dialog).getByRole('button', { name: s.close }));
      await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).not.toBeInTheDocument());
    });
    await step('the page shows the article as the server answered it', async () => {
      await expect(canvas.getByText('Scraped from https://photos.example.com/images/gallery, again.')).toBeVisible();
      await expect(canvas.queryByText(withImages.scrappedData)).not.toBeInTheDocument();
      // The page's blog HTML opens with its heading, the page's title ('Gallery'), as scraped pages do.
      await expect(
        canvas.getByText('<h1>Gallery</h1><p>Scraped from https://photos.example.com/images/gallery</p><p>Scraped again.</p>'),
      ).toBeVisible();
      // Taking the page's blog HTML again takes its title too: 'Gallery' (a text-only refresh keeps the admin's).
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveAccessibleName('Gallery');
    });
  },
};

/** Without the box ticked, the blog HTML stays as edited. */
export const RescrapeKeepsBlogHtml: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, draft.title!);
    const dialog = await openRescrape(canvasElement);
    await expect(within(dialog).getByRole('checkbox', { name: s.replaceBlogData })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: s.rescrape }));
    await expect(await within(dialog).findByRole('status')).toHaveTextContent(s.rescraped);
    await expect(within(dialog).queryByText(/original address/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: s.close }));
    await expect(await canvas.findByText(`Scraped from ${draft.scrapedUrl}, again.`)).toBeVisible();
    await expect(canvas.getByText(draft.blogData!)).toBeVisible();
    // A text-only refresh keeps the admin's title.
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveAccessibleName(draft.title!);
  },
};

export const RescrapePending: Story = {
  beforeEach: using(() => articleHandlers.slowRescrape()),
  play: async ({ canvasElement }) => {
    const dialog = await rescrapeDraft(canvasElement);
    await expectBusy(await within(dialog).findByRole('button', { name: s.rescraping }));
    await expect(within(dialog).getByRole('button', { name: s.cancel })).toBeDisabled();
  },
};

/** The source page could not be fetched: the server's message in the dialog; the article is unchanged. */
export const RescrapeFails: Story = {
  beforeEach: using(() => articleHandlers.failingRescrape()),
  play: async ({ canvasElement }) => {
    const dialog = await rescrapeDraft(canvasElement);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('The page could not be fetched (HTTP 503).');
    await expect(within(dialog).getByRole('button', { name: s.rescrape })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: s.cancel }));
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).not.toBeInTheDocument());
    await expect(within(canvasElement).getByText(draft.scrappedData)).toBeVisible();
  },
};

/**
 * On a published article Re-scrape is refused the way edits are: 'Cannot Edit Published
 * Article'; after Convert to Draft it opens.
 */
export const RescrapeRefusedOnPublished: Story = {
  args: atPublished,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, published.title!);
    await userEvent.click(canvas.getByRole('button', { name: s.rescrape }));
    const blocked = await findCannotEditDialog(canvasElement);
    await expect(body(canvasElement).queryByRole('dialog', { name: s.rescrapeTitle })).not.toBeInTheDocument();
    await convertToDraft(canvasElement, blocked);
    await expect(await openRescrape(canvasElement)).toBeVisible();
  },
};

/** Published meanwhile: the server refuses and the page shows the same dialog as for an edit. */
export const RescrapePublishedMeanwhile: Story = {
  beforeEach: using(() => articleHandlers.rescrapeRefusedPublished()),
  play: async ({ canvasElement }) => {
    await rescrapeDraft(canvasElement);
    await findCannotEditDialog(canvasElement);
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog', { name: s.rescrapeTitle })).not.toBeInTheDocument());
  },
};

/** An article with no source address has nothing to scrape again. */
export const NoRescrapeWithoutSource: Story = {
  args: { path: `/articles/${articleWithoutUrls.id}` },
  beforeEach: using(() => articleHandlers.api([...articles, articleWithoutUrls])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, articleWithoutUrls.title!);
    await expect(canvas.getByRole('switch', { name: a.draft })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: s.rescrape })).not.toBeInTheDocument();
  },
};
