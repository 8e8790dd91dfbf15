/**
 * What the article page's story files share (Screens/ArticleDetail/…): the meta they start from,
 * the sample articles and roles, and the steps more than one of them takes (an unsaved HTML edit,
 * the history card, the leave dialog).
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ArticleDetailView } from '../../../src/components/article-detail';
import { ArticleHistoryCard } from '../../../src/components/article-history';
import { accessFor } from '../../../src/lib/access';
import { texts } from '../../../src/lib/texts';
import { articleEditTexts as e } from '../../../src/lib/texts-article-edits';
import { historyTexts as h } from '../../../src/lib/texts-history';
import { articles } from '../../fixtures';
import { articleHandlers, authHandlers } from '../../mocks';
import type { SeedRevision } from '../../mocks/history';
import { findTitle, htmlCard, ready, opened } from '../plays';
import { body, screen } from '../screen';

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

/** Signed in, with a working articles API, at the draft; a story adds the variant it shows in front of it. */
export const articleDetailScreen = {
  ...screen(`/articles/${draft.id}`),
  // The screen the route renders, from useArticleEditor's props.
  subcomponents: { ArticleDetailView, ArticleHistoryCard },
  beforeEach({ msw }: StoryContext) {
    msw.use(...authHandlers.signedIn(), ...articleHandlers.api());
    // The page keeps unsaved HTML in localStorage per article: each story starts and ends without any.
    forgetKeptDrafts();
    return forgetKeptDrafts;
  },
};

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

/** What the HTML edit of `HtmlUnsaved` makes of the draft's blog HTML. */
export const edited = `${draft.blogData}Fresh basil helps.`;

/** The draft's HTML edited, then saved (HtmlEditAndSave's play): the Blog Data card shows it. */
export async function editAndSaveHtml(canvasElement: HTMLElement) {
  await editHtmlUnsaved(canvasElement);
  const card = htmlCard(canvasElement);
  const save = card.getByRole('button', { name: a.save });
  await userEvent.click(save);
  await waitFor(() => expect(card.queryByText(a.unsaved)).not.toBeInTheDocument());
  await expect(save).toBeDisabled();
  // The saved HTML is the article's now: the Blog Data card shows it.
  await expect(within(canvasElement).getByText(edited)).toBeVisible();
}

/** The leave dialog, once it has faded in. */
export async function findLeaveDialog(canvasElement: HTMLElement) {
  const dialog = await opened(body(canvasElement).findByRole('alertdialog', { name: e.leaveTitle }));
  await waitFor(() => expect(within(dialog).getByText(e.leaveBody)).toBeVisible());
  return dialog;
}

/** The History card (a region named by its heading). */
export const historyCard = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: h.title }, ready));

/** The revisions listed in the History card, once they have come. */
export async function revisionRows(canvasElement: HTMLElement) {
  const card = await historyCard(canvasElement);
  return within(await card.findByRole('list', { name: h.listLabel }, ready)).getAllByRole('listitem');
}

/** The sample articles, with these histories. */
export const withHistory = (histories: Record<string, readonly SeedRevision[]>) => articleHandlers.api(articles, [], { histories });
