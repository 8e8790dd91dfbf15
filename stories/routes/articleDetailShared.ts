/**
 * What the article page's story files share (ArticleDetailRoute.stories.tsx and
 * ArticleDetailHistory.stories.tsx, one screen under one title, in two files so the test-runner's
 * two workers share its stories): the sample articles, the roles, and a few steps.
 */
import { expect, userEvent, within } from 'storybook/test';
import { texts } from '../../src/lib/texts';
import { accessFor } from '../../src/lib/access';
import { articles } from '../fixtures';
import { findTitle, htmlCard, ready } from './plays';

export const a = texts.article;
export const s = texts.scrape;
/** What each role may do, and why not, in the console's words. */
export const roles = { author: accessFor('author'), viewer: accessFor('viewer') };

/** Every article's HTML the browser kept (src/lib/articleDraft), forgotten. */
export function forgetKeptDrafts() {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  for (const key of keys) if (key?.startsWith('article-draft:')) localStorage.removeItem(key);
}

// In the sample list, even-numbered multiples of 3 are published: [0] is, [1] is a draft.
export const published = articles[0]!;
export const draft = articles[1]!;
/** Another article's slug: taken, so the check suggests `${takenSlug}-2`. */
export const takenSlug = articles[2]!.slug!;
export const atPublished = { path: `/articles/${published.id}` };
/** Dialogs and toasts are portalled to the page's body. */
export const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The articles list is the page now (after a Delete, or leaving). */
export async function expectArticlesList(canvasElement: HTMLElement) {
  await expect(await within(canvasElement).findByRole('heading', { name: texts.articles.title }, ready)).toBeVisible();
}

/** The draft's HTML edited and not yet saved (HtmlUnsaved's play): the preview already shows the edit. */
export async function editHtmlUnsaved(canvasElement: HTMLElement) {
  await findTitle(canvasElement, draft.title!);
  const card = htmlCard(canvasElement);
  const editor = await card.findByRole('textbox', { name: a.htmlEditorLabel }, ready);
  await expect(card.getByRole('button', { name: a.save })).toBeDisabled();
  await userEvent.click(editor);
  await userEvent.keyboard('{Control>}{End}{/Control}Fresh basil helps.');
  await expect(card.getByText(a.unsaved)).toBeVisible();
  await expect(card.getByRole('button', { name: a.save })).toBeEnabled();
  await expect(card.getByRole('button', { name: a.reset })).toBeEnabled();
}
