// From the article page to the list: Delete (and its Undo there), and leaving with or without an
// unsaved edit.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { draftKey } from '../../../src/lib/articleDraft';
import { shortId } from '../../../src/lib/format';
import { texts } from '../../../src/lib/texts';
import { articleEditTexts as e } from '../../../src/lib/texts-article-edits';
import { trashTexts } from '../../../src/lib/texts-articles';
import { articles } from '../../fixtures';
import { AppStory, storyLocation } from '../AppStory';
import { findTitle, ready } from '../plays';
import { body, type ScreenStory as Story, withoutToasts } from '../screen';
import { a, articleDetailScreen, draft, editAndSaveHtml, editHtmlUnsaved, expectArticlesList, findLeaveDialog } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Flows', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

export const DeleteNavigates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, draft.title!);
    await userEvent.click(canvas.getByRole('button', { name: a.delete }));
    await expectArticlesList(canvasElement);
    const allTab = canvas.getByRole('tab', { name: /All Articles/ });
    await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length - 1)));
    await expect(canvas.queryByRole('article', { name: texts.articles.cardTitle(shortId(draft.id)) })).not.toBeInTheDocument();
  },
};

/**
 * Delete goes to the list, which offers Undo for the deleted article ('Article deleted'); Undo
 * brings it back, into the list and the counts.
 */
export const DeleteThenUndo: Story = {
  // The toasts live in a store shared by the stories of a page: this one starts without any.
  beforeEach: withoutToasts,
  play: async (context) => {
    await DeleteNavigates.play?.(context);
    const { canvasElement } = context;
    const toast = await body(canvasElement).findByRole('status', { name: trashTexts.deleted }, ready);
    await waitFor(() => expect(toast).toBeVisible());
    await userEvent.click(within(toast).getByRole('button', { name: trashTexts.undo }));
    const restored = await body(canvasElement).findByRole('status', { name: trashTexts.restored }, ready);
    // It fades in.
    await waitFor(() => expect(restored).toBeVisible());
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('article', { name: texts.articles.cardTitle(shortId(draft.id)) }, ready),
    ).toBeVisible();
    await expect(canvas.getByRole('tab', { name: /All Articles/ })).toHaveTextContent(String(articles.length));
    // Its look has the toast: still there at the end (a slow machine can outlast its 5 s: run again).
    await expect(restored).toBeVisible();
  },
};

/** The back button asks too; Leave goes to the list, and the dropped edit is not kept for later. */
export const LeaveThenLeave: Story = {
  play: async ({ canvasElement }) => {
    await editHtmlUnsaved(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: a.back }));
    const dialog = await findLeaveDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: e.leave }));
    await expectArticlesList(canvasElement);
    await expect(storyLocation(canvasElement).pathname).toBe('/articles');
    await expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument();
    await expect(localStorage.getItem(draftKey(draft.id))).toBeNull();
  },
};

/** Once saved, nothing is unsaved: a link leaves without asking. */
export const SavedThenLeaveWithoutAsking: Story = {
  play: async ({ canvasElement }) => {
    await editAndSaveHtml(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: texts.sidebar.articles }));
    await expectArticlesList(canvasElement);
    await expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};

/** Delete goes to the list (docs/product.md, 'Article detail') even with an unsaved edit: the page's own flow is not held. */
export const DeleteWithUnsavedEdit: Story = {
  play: async ({ canvasElement }) => {
    await editHtmlUnsaved(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: a.delete }));
    await expectArticlesList(canvasElement);
    await expect(body(canvasElement).queryByRole('alertdialog', { name: e.leaveTitle })).not.toBeInTheDocument();
    await expect(localStorage.getItem(draftKey(draft.id))).toBeNull();
  },
};
