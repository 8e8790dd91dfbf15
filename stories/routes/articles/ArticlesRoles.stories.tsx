// The Articles screen as an author and a viewer see it: what each is offered on the list and the trash.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { accessFor } from '../../../src/lib/access';
import { texts } from '../../../src/lib/texts';
import { articlesScreenTexts as a, bulkTexts as b, trashTexts as t } from '../../../src/lib/texts-articles';
import { articles, trashedSamples } from '../../fixtures';
import { articleHandlers, authHandlers } from '../../mocks';
import { expectRefused } from '../../refused';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { findToast, type ScreenStory as Story, using } from '../screen';
import { articlesScreen, atTrash, cards, trashRows, waitForCards } from './articlesScreen';

export default { title: 'Screens/Articles/Roles', tags: ['!autodocs'], ...articlesScreen } satisfies Meta<typeof AppStory>;

const author = accessFor('author');

/**
 * An author: no selections nor bulk bar (acting on several articles is an editor's); Delete on
 * their drafts, and on a published article refused with who may; a deleted draft's toast without
 * Undo (restoring from the trash is an editor's).
 */
export const AuthorBulkBar: Story = {
  name: 'Author: no bulk bar, Delete on drafts only',
  beforeEach: using(() => authHandlers.signedInAs('author')),
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    await step('no selection, no bulk bar', async () => {
      await expect(canvas.queryByRole('region', { name: b.barLabel })).toBeNull();
      await expect(canvas.queryByRole('checkbox', { name: b.selectAll })).toBeNull();
      for (const card of cards(canvasElement).slice(0, 2)) await expect(within(card).queryByRole('checkbox')).toBeNull();
    });
    await step('New article is theirs', async () => {
      await expect(canvas.getByRole('link', { name: a.newArticle })).toHaveAttribute('href', '/articles/new');
    });
    await step('Delete on a published article is refused, with who may', async () => {
      const published = cards(canvasElement)[0]!;
      await expectRefused(within(published).getByRole('button', { name: /Delete/ }), author.whyNot('deleteArticle', { published: true })!);
    });
    await step('a draft is deleted; its toast offers no Undo', async () => {
      const draft = cards(canvasElement)[1]!;
      const name = within(draft).getAllByRole('heading')[0]!.textContent!;
      await userEvent.click(within(draft).getByRole('button', { name: /Delete/ }));
      const toast = await findToast(canvasElement, t.deleted);
      await expect(within(toast).queryByRole('button', { name: t.undo })).toBeNull();
      await waitFor(() => expect(canvas.queryByRole('article', { name })).toBeNull());
    });
  },
};

/** A viewer: the list to read; no New article, no selections, no Delete. */
export const Viewer: Story = {
  beforeEach: using(() => authHandlers.signedInAs('viewer')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForCards(canvasElement);
    await expect(canvas.queryByRole('link', { name: a.newArticle })).toBeNull();
    await expect(canvas.queryByRole('checkbox', { name: b.selectAll })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Delete/ })).toBeNull();
    await expect(within(cards(canvasElement)[0]!).getByRole('link', { name: texts.articles.viewFull })).toBeVisible();
  },
};

/** An author's trash: the deleted articles to read; Restore and Delete forever are an editor's. */
export const TrashAsAuthor: Story = {
  args: atTrash,
  beforeEach: using(() => authHandlers.signedInAs('author'), () => articleHandlers.api(articles, trashedSamples())),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), ready);
    for (const row of trashRows(canvasElement)) {
      await expect(within(row).queryByRole('button', { name: t.restore })).toBeNull();
      await expect(within(row).queryByRole('button', { name: t.deleteForever })).toBeNull();
    }
  },
};
