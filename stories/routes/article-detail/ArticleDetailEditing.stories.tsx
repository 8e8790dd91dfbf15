// The article page's editors: a slug checked (taken, its suggestion taken, the check failing)
// and the blog HTML edited and saved.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { imagePickerTexts as pick } from '../../../src/lib/texts-image-picker';
import { makeFile, tinyPngDataUrl } from '../../fixtures';
import { articleHandlers, fileHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { askForTakenSlug, findTitle, htmlCard, opened, ready, saveSlug, slugCard, takeSuggestion } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { a, articleDetailScreen, draft, editAndSaveHtml, editHtmlUnsaved, takenSlug } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Editing', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

/** At rest: a taken slug, its message and the server's suggestion with 'Use this'. */
export const SlugTaken: Story = {
  name: 'Slug taken, suggestion shown',
  play: async ({ canvasElement, step }) => {
    await findTitle(canvasElement, draft.title!);
    await step('a taken slug cannot be saved', () => askForTakenSlug(canvasElement, takenSlug, `${takenSlug}-2`));
  },
};

export const SlugUnavailableThenUseThis: Story = {
  play: async (context) => {
    await SlugTaken.play?.(context);
    const { canvasElement, step } = context;
    const suggestion = `${takenSlug}-2`;
    await step('Use this takes the suggestion, which can be saved', async () => {
      await takeSuggestion(canvasElement, suggestion);
      await saveSlug(canvasElement, suggestion);
    });
  },
};

export const SlugCheckError: Story = {
  beforeEach: using(() => articleHandlers.failingSlugCheck()),
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, draft.title!);
    const card = slugCard(canvasElement);
    const field = card.getByRole('textbox', { name: a.slugLabel });
    await userEvent.clear(field);
    await userEvent.type(field, 'a-fresh-slug');
    await userEvent.click(card.getByRole('button', { name: a.verify }));
    await expect(await card.findByText(a.checking)).toBeVisible();
    // The check is retried twice (about 3 s) before it reports the error.
    await expect(await card.findByText(a.slugCheckError, undefined, ready)).toBeVisible();
  },
};

/** At rest: the HTML edited and not yet saved; the preview already shows the edit. */
export const HtmlUnsaved: Story = {
  name: 'HTML edited, unsaved',
  play: ({ canvasElement }) => editHtmlUnsaved(canvasElement),
};

export const HtmlEditAndSave: Story = {
  play: ({ canvasElement }) => editAndSaveHtml(canvasElement),
};

/** A picture of the library, described there once: alt text, caption and credit. */
const harbour = makeFile({
  id: 'file_11',
  name: 'harbour-at-dawn.jpg',
  type: 'image',
  mimeType: 'image/jpeg',
  url: '/api/files/file_11/content',
  thumbnailUrl: tinyPngDataUrl,
  alt: 'Fishing boats at anchor in the harbour at dawn',
  caption: 'The harbour before the market opens',
  credit: 'Photo: A. Lee',
});

/**
 * Insert image… takes a picture of the library into the HTML where the cursor is, with the alt
 * text, caption and credit the library has for it: an edit as typed, unsaved until Save.
 */
export const InsertImage: Story = {
  beforeEach: using(() => fileHandlers.api([harbour])),
  // The live preview draws the inserted image, a file Storybook does not serve: its 404 is that.
  parameters: { consoleErrors: ['/api/files/file_11/content'] },
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, draft.title!);
    const card = htmlCard(canvasElement);
    const editor = await card.findByRole('textbox', { name: a.htmlEditorLabel }, ready);
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await userEvent.click(card.getByRole('button', { name: pick.open }));
    const dialog = within(await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: pick.title }, ready)));
    await expect(await dialog.findByText(pick.alt(harbour.alt), {}, ready)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: new RegExp(`^${harbour.name}`) }));
    const inserted =
      '<figure><img src="/api/files/file_11/content" alt="Fishing boats at anchor in the harbour at dawn"><figcaption>The harbour before the market opens — Photo: A. Lee</figcaption></figure>';
    await waitFor(() => expect(editor).toHaveTextContent(inserted));
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog', { name: pick.title })).toBeNull());
    await expect(card.getByText(a.unsaved)).toBeVisible();
    await expect(card.getByRole('button', { name: a.save })).toBeEnabled();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
