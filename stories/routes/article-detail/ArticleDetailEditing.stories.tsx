// The article page's editors: a slug checked (taken, its suggestion taken, the check failing)
// and the blog HTML edited and saved.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { articleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { askForTakenSlug, findTitle, ready, saveSlug, slugCard, takeSuggestion } from '../plays';
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
