// The Articles screen's trash: Delete and its Undo, the Trash tab in its states, Restore (also
// when the slug was taken meanwhile) and Delete forever.
import type { Meta } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages, type Article, type RestoreRequest } from '../../../src/contract';
import { trashTexts as t } from '../../../src/lib/texts-articles';
import { articles, trashedSamples } from '../../fixtures';
import { articleHandlers, errorResponse } from '../../mocks';
import { AppStory, storyLocation } from '../AppStory';
import { ready, opened } from '../plays';
import { body, expectNoSidewaysScroll, findToast, type ScreenStory as Story, using } from '../screen';
import { articlesScreen, atTrash, cardName, deleteFirstCard, siteSelect, sortSelect, tab, trashRows } from './articlesScreen';

export default { title: 'Screens/Articles/Trash', tags: ['!autodocs'], ...articlesScreen } satisfies Meta<typeof AppStory>;

/** The trash's sample: three articles, most recently deleted first (see `trashedSamples`). */
const [blight, untitled, lisbon] = trashedSamples().map((entry) => entry.article) as [Article, Article, Article];

/**
 * Delete shows 'Article deleted' with Undo (for UNDO_SECONDS); Undo brings the article back
 * ('Article restored'), in the list and the counts, and out of the trash.
 */
export const DeleteThenUndo: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const name = await deleteFirstCard(canvasElement);
    await step('the toast offers Undo', async () => {
      await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 1'));
      const toast = await findToast(canvasElement, t.deleted);
      await userEvent.click(within(toast).getByRole('button', { name: t.undo }));
    });
    await step('Undo restores it', async () => {
      await findToast(canvasElement, t.restored);
      await expect(await canvas.findByRole('article', { name })).toBeVisible();
      await expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(String(articles.length));
      await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 0'));
      // Undo dismissed it (it fades out).
      await waitFor(() => expect(body(canvasElement).queryByRole('status', { name: t.deleted })).toBeNull());
    });
  },
};

/**
 * Another article took the slug while it was in the trash: Undo's answer says so and offers the
 * server's free slug; 'Restore as …' brings it back under that slug.
 */
export const UndoWhenTheSlugWasTaken: Story = {
  beforeEach({ msw }) {
    // The first restore (no slug) is refused as the server would; the one with a slug goes on to api().
    msw.use(
      http.post('*/api/articles/:id/restore', async ({ request }) => {
        const text = await request.clone().text();
        const { slug } = (text ? JSON.parse(text) : {}) as RestoreRequest;
        return slug ? undefined : errorResponse('restore_slug_taken', { suggestion: `${articles[0]!.slug}-2` });
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const name = await deleteFirstCard(canvasElement);
    await userEvent.click(within(await findToast(canvasElement, t.deleted)).getByRole('button', { name: t.undo }));
    const refusal = await findToast(canvasElement, t.notRestored);
    await expect(refusal).toHaveAccessibleDescription(serverMessages.restoreSlugTaken);
    await userEvent.click(within(refusal).getByRole('button', { name: `Restore as ${articles[0]!.slug}-2` }));
    await findToast(canvasElement, t.restored);
    await expect(await within(canvasElement).findByRole('article', { name })).toBeVisible();
    await waitFor(() => expect(body(canvasElement).queryByRole('status', { name: t.notRestored })).toBeNull());
  },
};

/**
 * The Trash tab (`?status=trash`): its count beside the status tabs, which keep theirs; each row
 * with its slug, when it was deleted and the days it has left; the search, order, site and view
 * disabled there, and back on the other tabs.
 */
export const Trash: Story = {
  args: atTrash,
  beforeEach: using(() => articleHandlers.api(articles, trashedSamples())),
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const trashTab = await canvas.findByRole('tab', { name: /^Trash/ }, ready);
    await expect(trashTab).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), ready);
    // The tab's count comes in an answer of its own (a page of one), not with the rows.
    await waitFor(() => expect(trashTab).toHaveTextContent('Trash 3'));
    await waitFor(() => expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(`All Articles ${articles.length}`));
    await step('each row', async () => {
      const [first, second, third] = trashRows(canvasElement) as [HTMLElement, HTMLElement, HTMLElement];
      await expect(first).toHaveAccessibleName(blight.title!);
      await expect(first).toHaveTextContent(blight.slug!);
      await expect(first).toHaveTextContent(/Deleted \w{3} \d{1,2}, \d{4}/);
      await expect(first).toHaveTextContent('Deleted for good in 30 days');
      await expect(second).toHaveAccessibleName(cardName(untitled));
      await expect(second).toHaveTextContent('Deleted for good in 3 days');
      await expect(third).toHaveTextContent('Deleted for good in 1 day');
      await expect(within(first).getByRole('button', { name: t.restore })).toBeEnabled();
      await expect(within(first).getByRole('button', { name: t.deleteForever })).toBeEnabled();
    });
    await step('the list controls are disabled on the trash', async () => {
      await expect(canvas.getByRole('searchbox', { name: 'Search articles' })).toBeDisabled();
      await expect(sortSelect(canvasElement)).toBeDisabled();
      await expect(siteSelect(canvasElement)).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Table' })).toBeDisabled();
    });
    await step('back to All Articles', async () => {
      await userEvent.click(tab(canvasElement, /^All Articles/));
      await waitFor(() => expect(canvas.getByRole('list', { name: 'Articles' })).toBeVisible());
      await expect(canvas.queryByRole('list', { name: t.listLabel })).toBeNull();
      await expect(storyLocation(canvasElement).search).toBe('');
      await expect(canvas.getByRole('searchbox', { name: 'Search articles' })).toBeEnabled();
      await userEvent.click(tab(canvasElement, /^Trash/));
      await expect(storyLocation(canvasElement).search).toBe('?status=trash');
      await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), ready);
    });
  },
};

export const TrashEmpty: Story = {
  args: atTrash,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'The trash is empty' }, ready)).toBeVisible();
    await expect(canvas.getByText('Deleted articles stay here for 30 days.')).toBeVisible();
    await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 0'));
  },
};

export const TrashLoading: Story = {
  args: atTrash,
  beforeEach: using(() => articleHandlers.loadingTrash()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.loading, {}, ready)).toBeVisible();
  },
};

/** The trash cannot be read: the error, with Try Again; the other tabs are not affected. */
export const TrashFailing: Story = {
  args: atTrash,
  beforeEach: using(() => articleHandlers.failingTrashList(), () => articleHandlers.api(articles, trashedSamples())),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.errorTitle }, ready)).toBeVisible();
    await expect(canvas.getByText(serverMessages.databaseUnavailable)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeEnabled();
    await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 3'));
    await userEvent.click(tab(canvasElement, /^Draft/));
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0));
  },
};

/** Deleted from the list, restored from the Trash tab: back in the list, the trash empty again. */
export const RestoreFromTrash: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await deleteFirstCard(canvasElement);
    await userEvent.click(tab(canvasElement, /^Trash/));
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(1), ready);
    const [row] = trashRows(canvasElement) as [HTMLElement];
    await expect(row).toHaveTextContent('Deleted for good in 30 days');
    await userEvent.click(within(row).getByRole('button', { name: t.restore }));
    await findToast(canvasElement, t.restored);
    await expect(await canvas.findByRole('heading', { name: 'The trash is empty' })).toBeVisible();
    await userEvent.click(tab(canvasElement, /^All Articles/));
    await expect(await canvas.findByRole('article', { name })).toBeVisible();
    await expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(String(articles.length));
  },
};

/** Delete forever asks; Cancel keeps the article, confirming deletes it from the trash for good. */
export const DeleteForeverFromTrash: Story = {
  args: atTrash,
  beforeEach: using(() => articleHandlers.api(articles, trashedSamples())),
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), ready);
    const openDialog = async () => {
      const row = canvas.getByRole('article', { name: blight.title! });
      await userEvent.click(within(row).getByRole('button', { name: t.deleteForever }));
      const dialog = await opened(body(canvasElement).findByRole('alertdialog', { name: t.confirmTitle }));
      await expect(dialog).toHaveTextContent(t.confirmBody);
      return within(dialog);
    };
    await step('Cancel keeps it', async () => {
      const dialog = await openDialog();
      await userEvent.click(dialog.getByRole('button', { name: t.cancel }));
      await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).toBeNull());
      await expect(trashRows(canvasElement)).toHaveLength(3);
    });
    await step('Delete forever deletes it', async () => {
      const dialog = await openDialog();
      await userEvent.click(dialog.getByRole('button', { name: t.deleteForever }));
      await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(2));
      await expect(canvas.queryByRole('article', { name: blight.title! })).toBeNull();
      // The counts come in answers of their own (the trash's count, the list's), not with the rows.
      await waitFor(() => expect(tab(canvasElement, /^Trash/)).toHaveTextContent('Trash 2'));
      // Not back in the list either.
      await waitFor(() => expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(`All Articles ${articles.length}`));
    });
  },
};

/**
 * A restore refused because a live article has the slug now: the server's message under the
 * row and 'Restore as <suggestion>', which restores it under that slug.
 */
export const RestoreWhenTheSlugWasTaken: Story = {
  args: atTrash,
  beforeEach: using(() => articleHandlers.api(articles, trashedSamples())),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), ready);
    const row = canvas.getByRole('article', { name: lisbon.title! });
    await userEvent.click(within(row).getByRole('button', { name: t.restore }));
    const alert = await within(row).findByRole('alert');
    await expect(alert).toHaveTextContent(serverMessages.restoreSlugTaken);
    await userEvent.click(within(alert).getByRole('button', { name: 'Restore as sample-article-2-2' }));
    await findToast(canvasElement, t.restored);
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(2));
    await userEvent.click(tab(canvasElement, /^Published/));
    const card = await canvas.findByRole('article', { name: cardName(lisbon) });
    await expect(within(card).getByText(lisbon.title!)).toBeVisible();
    // Its look has the toast: still there at the end (a slow machine can outlast its 5 s: run again).
    await expect(body(canvasElement).getByRole('status', { name: t.restored })).toBeVisible();
  },
};

/** The trash on a phone: every tab reachable, the rows' buttons wrap, nothing sticks out sideways. */
export const TrashPhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1' } },
  args: atTrash,
  beforeEach: using(() => articleHandlers.api(articles, trashedSamples())),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(trashRows(canvasElement)).toHaveLength(3), ready);
    const trashTab = tab(canvasElement, /^Trash/);
    // The tabs are measured with their counts, which come in answers of their own (the trash's
    // count, the list's), not with the rows.
    await waitFor(() => expect(trashTab).toHaveTextContent('Trash 3'));
    await waitFor(() => expect(tab(canvasElement, /^All Articles/)).toHaveTextContent(`All Articles ${articles.length}`));
    await expect(trashTab).toBeVisible();
    const tabs = within(canvasElement).getByRole('tablist').getBoundingClientRect();
    await expect(trashTab.getBoundingClientRect().right).toBeLessThanOrEqual(tabs.right + 1);
    const [first] = trashRows(canvasElement) as [HTMLElement];
    await expect(within(first).getByRole('button', { name: t.deleteForever })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};
