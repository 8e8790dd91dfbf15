import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { shortId } from '../../src/lib/format';
import { texts } from '../../src/lib/texts';
import { articles } from '../fixtures';
import { accountHandlers, articleHandlers, authHandlers } from '../mocks';
import { AppStory } from './AppStory';
import { screen, type ScreenStory as Story } from './screen';
import { askForTakenSlug, findTitle, publish, ready, saveSlug, signIn, takeSuggestion } from './plays';

/**
 * The admin's way through the console, one story a stop: each story plays the one before it, then
 * one step more, and stays where the admin would look. Sign in → open an article → take the slug
 * suggestion → save → publish.
 */

// In the sample list, [1] is a draft; [2]'s slug is taken, so the check suggests `${taken}-2`.
const draft = articles[1]!;
const taken = articles[2]!.slug!;
const suggestion = `${taken}-2`;

// Signed out at first; the server accepts the password and then knows the admin; a working articles API.
export default {
  title: 'Flows/Admin',
  tags: ['!autodocs'],
  ...screen('/login?next=/articles', () => accountHandlers.options(), () => authHandlers.login(), () => authHandlers.signedIn(), () => articleHandlers.api()),
} satisfies Meta<typeof AppStory>;

/** Signed in: the console opens where `next` said, the articles list. */
export const SignIn: Story = {
  name: '1. Sign in',
  play: async ({ canvasElement, step }) => {
    await step('sign in', () => signIn(canvasElement));
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: texts.articles.title }, ready)).toBeVisible();
    await expect(await canvas.findByRole('article', { name: texts.articles.cardTitle(shortId(draft.id)) })).toBeVisible();
  },
};

/** The draft's page, reached from its card in the list. */
export const OpenArticle: Story = {
  name: '2. Open an article',
  play: async (context) => {
    await SignIn.play?.(context);
    const { canvasElement, step } = context;
    await step('open the draft from its card', async () => {
      const card = within(canvasElement).getByRole('article', { name: texts.articles.cardTitle(shortId(draft.id)) });
      await userEvent.click(within(card).getByRole('link', { name: texts.articles.viewFull }));
    });
    await expect(await findTitle(canvasElement, draft.title!)).toBeVisible();
    await expect(within(canvasElement).getByRole('switch', { name: texts.article.draft })).not.toBeChecked();
  },
};

/** A taken slug was refused; the suggestion is in the field, not yet saved. */
export const TakeSlugSuggestion: Story = {
  name: '3. Take the slug suggestion',
  play: async (context) => {
    await OpenArticle.play?.(context);
    const { canvasElement, step } = context;
    await step('a taken slug is refused with a suggestion', () => askForTakenSlug(canvasElement, taken, suggestion));
    await step('Use this', () => takeSuggestion(canvasElement, suggestion));
  },
};

/** The suggested slug is saved: the page's title shows it. */
export const SaveSlug: Story = {
  name: '4. Save',
  play: async (context) => {
    await TakeSlugSuggestion.play?.(context);
    const { canvasElement, step } = context;
    await step('save the slug', () => saveSlug(canvasElement, suggestion));
  },
};

/** Published under its new slug: the banner says so and the editors are locked. */
export const Publish: Story = {
  name: '5. Publish',
  play: async (context) => {
    await SaveSlug.play?.(context);
    const { canvasElement, step } = context;
    await step('publish', () => publish(canvasElement));
    await expect(await findTitle(canvasElement, draft.title!)).toHaveAccessibleDescription(suggestion);
  },
};
