// What the article page says before publishing: the SEO and social fields, the checks, and the
// articles it looks like a copy of.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { checkTexts } from '../../../src/contract';
import { checksTexts as chk } from '../../../src/lib/texts-checks';
import { duplicatesTexts as dup } from '../../../src/lib/texts-duplicates';
import { seoTexts as seo } from '../../../src/lib/texts-seo';
import { ampCopy, articles, files, original, toCheck, wireCopy } from '../../fixtures';
import { articleHandlers, fileHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { a, articleDetailScreen, atPublished } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/SeoAndChecks', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

const seoCard = (canvasElement: HTMLElement) => within(canvasElement).findByRole('region', { name: seo.title }, ready);

/** Opens the SEO and social card: the open card (its own, once the library's images are asked for). */
async function openSeoCard(canvasElement: HTMLElement) {
  await userEvent.click(within(await seoCard(canvasElement)).getByRole('button', { name: seo.show }));
  await within(canvasElement).findByRole('form', { name: seo.title }, ready);
  return within(await seoCard(canvasElement));
}

/** The SEO and social card, closed until asked for: it opens on the meta title, and its fields save (PATCH `{ seo }`). */
export const SeoFields: Story = {
  beforeEach: using(() => fileHandlers.api()),
  play: async ({ canvasElement }) => {
    await expect(within(await seoCard(canvasElement)).getByText(seo.closedNone)).toBeVisible();
    const card = await openSeoCard(canvasElement);
    const title = card.getByLabelText(seo.metaTitleLabel);
    await waitFor(() => expect(title).toHaveFocus());
    const image = files.find((file) => file.type === 'image')!;
    // The library's images are read once the card is open.
    await waitFor(() => expect(card.getByRole('option', { name: image.name })).toBeInTheDocument());
    await userEvent.type(title, 'Balcony tomatoes');
    await userEvent.selectOptions(card.getByLabelText(seo.socialImageLabel), image.name);
    await userEvent.click(card.getByRole('button', { name: seo.save }));
    await waitFor(() => expect(card.getByRole('status')).toHaveTextContent(seo.saved));
    // Saved: the page's article (read again) carries it.
    await expect(card.getByLabelText(seo.metaTitleLabel)).toHaveValue('Balcony tomatoes');
    await expect(card.getByLabelText(seo.socialImageLabel)).toHaveValue(image.id);
  },
};

/** On a published article the fields are read-only, saying why, as the other editors do. */
export const SeoOnPublished: Story = {
  args: atPublished,
  beforeEach: using(() => fileHandlers.api()),
  play: async ({ canvasElement }) => {
    const card = await openSeoCard(canvasElement);
    await expect(card.getByText(a.publishedLocked)).toBeVisible();
    // Its fields take no focus: the card's heading has it.
    await waitFor(() => expect(card.getByRole('heading', { name: seo.title })).toHaveFocus());
    await expect(card.getByLabelText(seo.metaTitleLabel)).toBeDisabled();
    await expect(card.queryByRole('button', { name: seo.save })).toBeNull();
  },
};

/**
 * The checks before publishing: the result the server kept from its own run after the last
 * change (the items to fix, the words and reading time), run again on demand; an item to fix
 * puts its place in the HTML editor in view, selected.
 */
export const ChecksRun: Story = {
  beforeEach: using(() => articleHandlers.api([...articles, toCheck])),
  args: { path: `/articles/${toCheck.id}` },
  // The live preview draws the article's image, a file of the site that Storybook does not
  // serve (the preview's frame loads it past the mocked API): its 404 is the missing image.
  parameters: { consoleErrors: ['/api/files/file_02/content'] },
  play: async ({ canvasElement, step }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: chk.title }, ready));
    await step('the kept result is there on opening', async () => {
      // Eight words (the headings' and the link's too) and 12 s for the image: a minute.
      await expect(await card.findByText(`${chk.outcome(3)} ${chk.reading(8, 1)}`, {}, ready)).toBeVisible();
      await expect(card.getByText('https://harbour.example.com/broken-page')).toBeVisible();
      // Said to a screen reader too: the outcome is in a live region.
      await expect(card.getByRole('status')).toHaveTextContent(chk.outcome(3));
      await expect(card.getByText(new RegExp(checkTexts.altMissing.slice(0, 20)))).toBeVisible();
      await expect(card.getByText('/api/files/file_02/content')).toBeVisible();
      await expect(card.getByText('Prices')).toBeVisible();
    });
    await step('run again on demand', async () => {
      await userEvent.click(card.getByRole('button', { name: chk.runAgain }));
      await expect(await card.findByRole('button', { name: chk.runAgain }, ready)).toBeEnabled();
      await expect(card.getByRole('status')).toHaveTextContent(chk.outcome(3));
    });
    await step('an item to fix shows its place in the HTML editor', async () => {
      const editor = await within(canvasElement).findByRole('textbox', { name: a.htmlEditorLabel }, ready);
      await userEvent.click(card.getByRole('button', { name: chk.showLabel(chk.kinds.alt, '/api/files/file_02/content') }));
      await waitFor(() => expect(editor).toHaveFocus());
      await waitFor(() => expect(canvasElement.ownerDocument.getSelection()?.toString()).toBe('<img src="/api/files/file_02/content">'));
      await userEvent.click(card.getByRole('button', { name: chk.showLabel(chk.kinds.headings, 'Prices') }));
      await waitFor(() => expect(canvasElement.ownerDocument.getSelection()?.toString()).toBe('<h4>Prices</h4>'));
    });
    // Whether a clicked button's focus ring is drawn follows Chromium's guess: let go for the look.
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * The article's image is a file of the library that has alt text: the checks say it and write it
 * into the image's tag in the HTML editor, shown selected, to save with the rest.
 */
export const FileAltWrittenIn: Story = {
  beforeEach: using(() => articleHandlers.api([...articles, toCheck], [], { fileAlts: { file_02: 'Fishing boats in the harbour at dawn' } })),
  args: { path: `/articles/${toCheck.id}` },
  parameters: { consoleErrors: ['/api/files/file_02/content'] },
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: chk.title }, ready));
    await expect(await card.findByText(chk.fileAlt('Fishing boats in the harbour at dawn'), {}, ready)).toBeVisible();
    const editor = await within(canvasElement).findByRole('textbox', { name: a.htmlEditorLabel }, ready);
    await userEvent.click(card.getByRole('button', { name: chk.useFileAltLabel('/api/files/file_02/content') }));
    const written = '<img alt="Fishing boats in the harbour at dawn" src="/api/files/file_02/content">';
    await waitFor(() => expect(editor).toHaveTextContent(written));
    await waitFor(() => expect(canvasElement.ownerDocument.getSelection()?.toString()).toBe(written));
    // An edit as typed: unsaved, and the image's place without alt text is gone.
    await expect(within(canvasElement).getByText(a.unsaved)).toBeVisible();
    // The checks read the draft again once typing pauses: wait for that reading, not for the clock.
    await waitFor(() => expect(card.queryByRole('button', { name: chk.useFileAltLabel('/api/files/file_02/content') })).toBeNull());
    await expect(await card.findByText(chk.unsaved, { exact: false }, ready)).toBeVisible();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Scraped again from its AMP address, and carried by a wire service: the page says what it looks like a copy of, with links. */
export const LooksLikeACopy: Story = {
  beforeEach: using(() => articleHandlers.api([...articles, original, ampCopy, wireCopy])),
  args: { path: `/articles/${ampCopy.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(dup.title(2, ''), {}, ready)).toBeVisible();
    const items = within(canvas.getByRole('list', { name: dup.listLabel })).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    // The same address once normalised, then the text alike.
    await expect(within(items[0]!).getByRole('link', { name: original.title! })).toHaveAttribute('href', `/articles/${original.id}`);
    await expect(items[0]).toHaveTextContent(/the same address once normalised/);
    await expect(within(items[1]!).getByRole('link', { name: wireCopy.title! })).toBeVisible();
  },
};
