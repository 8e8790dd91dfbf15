/**
 * What the Articles screen's story files share (Screens/Articles/…): the meta they start from, and
 * the queries and steps their plays make on the list, its toolbar, its tabs, the trash and the
 * bulk bar.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ARTICLES_VIEW_KEY } from '../../../src/components/articles/useArticlesView';
import type { Article } from '../../../src/contract';
import { shortId } from '../../../src/lib/format';
import { bulkTexts as b, trashTexts as t } from '../../../src/lib/texts-articles';
import { articles } from '../../fixtures';
import { articleHandlers, authHandlers } from '../../mocks';
import { ready } from '../plays';
import { screen, withoutToasts } from '../screen';

/** Signed in, with working APIs; a story puts the variant it shows in front of them. */
export const articlesScreen = {
  ...screen('/articles'),
  beforeEach({ msw }: StoryContext) {
    msw.use(...authHandlers.signedIn(), ...articleHandlers.api());
    // The cards/table choice is remembered in the browser: each story starts from the cards.
    localStorage.removeItem(ARTICLES_VIEW_KEY);
    return withoutToasts();
  },
};

/** The Trash tab opened by its address. */
export const atTrash = { path: '/articles?status=trash' };

/** A card's name: 'Article #' and the article's short id. */
export const cardName = (article: Article) => `Article #${shortId(article.id)}`;
export const namesOf = (...list: Article[]) => list.map(cardName);

/** The cards' names ('Article #…') from top to bottom. */
export const cardNames = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('article')
    .map((card) => within(card).getAllByRole('heading')[0]!.textContent);

export const searchBox = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('searchbox', { name: 'Search articles' }, ready);
export const sortSelect = (canvasElement: HTMLElement) => within(canvasElement).getByRole('combobox', { name: 'Sort articles' });
export const siteSelect = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('combobox', { name: 'Filter by source site' });
export const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

export const tab = (canvasElement: HTMLElement, name: RegExp) => within(canvasElement).getByRole('tab', { name });

/** The status tabs count these (each one given, in the tabs' order). */
export async function expectTabCounts(canvasElement: HTMLElement, counts: { all?: number; published?: number; draft?: number }) {
  const labels = { all: 'All Articles', published: 'Published', draft: 'Draft' } as const;
  for (const key of ['all', 'published', 'draft'] as const) {
    if (counts[key] !== undefined) await expect(tab(canvasElement, new RegExp(`^${labels[key]}`))).toHaveTextContent(`${labels[key]} ${counts[key]}`);
  }
}
export const trashRows = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: t.listLabel })).getAllByRole('article');

/** Deletes the first card of the list; answers its name. */
export async function deleteFirstCard(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const allTab = await canvas.findByRole('tab', { name: /All Articles/ }, ready);
  await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length)));
  const first = (await canvas.findAllByRole('article'))[0]!;
  const name = within(first).getAllByRole('heading')[0]!.textContent!;
  await userEvent.click(within(first).getByRole('button', { name: /Delete/ }));
  await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length - 1)));
  await expect(canvas.queryByRole('article', { name })).toBeNull();
  return name;
}

export const bar = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: b.barLabel });
export const cards = (canvasElement: HTMLElement) => within(canvasElement).getAllByRole('article');
export const cardCheckbox = (card: HTMLElement) => within(card).getByRole('checkbox');

/** The sample's cards, newest first: 0, 3, 6 and 9 are published, the others drafts. */
export async function waitForCards(canvasElement: HTMLElement) {
  const allTab = await within(canvasElement).findByRole('tab', { name: /All Articles/ }, ready);
  await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length)));
  await waitFor(() => expect(cards(canvasElement).length).toBeGreaterThan(5));
}

/** Selects the cards at these places in the list, one click each. */
export async function selectCards(canvasElement: HTMLElement, ...places: number[]) {
  for (const place of places) await userEvent.click(cardCheckbox(cards(canvasElement)[place]!));
}

/** Selects the cards at these places, then presses the bulk bar's button `name`. */
export async function pressBulk(canvasElement: HTMLElement, name: string, ...places: number[]) {
  await selectCards(canvasElement, ...places);
  await userEvent.click(within(bar(canvasElement)).getByRole('button', { name }));
}
