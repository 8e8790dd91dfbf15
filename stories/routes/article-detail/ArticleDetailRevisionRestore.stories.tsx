// A revision restored from the article page's History card: done, pending, and each refusal.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../../src/contract';
import { historyTexts as h } from '../../../src/lib/texts-history';
import { expectBusy } from '../../busy';
import { draftHistory } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { findCannotEditDialog, findTitle, htmlCard, opened } from '../plays';
import { body, type ScreenStory as Story, using } from '../screen';
import { a, articleDetailScreen, atPublished, editHtmlUnsaved, historyCard, published, revisionRows, withHistory } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/RevisionRestore', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

/** Opens 'Restore this version' for revision `number` from its row's menu. */
async function askRestore(canvasElement: HTMLElement, number: number) {
  const rows = await revisionRows(canvasElement);
  const row = rows.find((item) => item.getAttribute('aria-label') === h.revision(number))!;
  await userEvent.click(within(row).getByRole('button', { name: h.actions(number) }));
  await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: h.restore }));
}

async function askRestoreWhenTwo(canvasElement: HTMLElement) {
  await waitFor(async () => expect(await revisionRows(canvasElement)).toHaveLength(2));
  await askRestore(canvasElement, 1);
}

/** Restore the first version: it is the article again, and every later one stays listed. */
export const RestoreRevision: Story = {
  beforeEach: using(() => withHistory(draftHistory)),
  play: async ({ canvasElement, step }) => {
    await step('ask, and read what it means', async () => {
      await askRestore(canvasElement, 1);
      const dialog = within(await opened(body(canvasElement).findByRole('alertdialog', { name: h.restoreTitle(1) })));
      // It fades in.
      await waitFor(() => expect(dialog.getByText(h.restoreBody(1))).toBeVisible());
      await userEvent.click(dialog.getByRole('button', { name: h.restore }));
    });
    await step('the article is revision 1 again; the history keeps the rest', async () => {
      const card = await historyCard(canvasElement);
      await expect(await card.findByText(h.restored(1))).toBeVisible();
      await waitFor(async () => expect(await revisionRows(canvasElement)).toHaveLength(4));
      const rows = await revisionRows(canvasElement);
      await expect(rows[0]).toHaveTextContent('Restored revision 1');
      await expect(within(rows[0]!).getByText(h.current)).toBeVisible();
      // The editor shows the restored blog HTML.
      await waitFor(() =>
        expect(htmlCard(canvasElement).getByRole('textbox', { name: a.htmlEditorLabel })).toHaveTextContent('Tomatoes need sun and water.'),
      );
      await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument());
    });
  },
};

/** Restoring: the dialog waits. */
export const RestorePending: Story = {
  beforeEach: using(() => articleHandlers.slowRestore(), () => withHistory(draftHistory)),
  play: async ({ canvasElement }) => {
    await askRestore(canvasElement, 2);
    const dialog = within(await opened(body(canvasElement).findByRole('alertdialog', { name: h.restoreTitle(2) })));
    await userEvent.click(dialog.getByRole('button', { name: h.restore }));
    await expectBusy(await dialog.findByRole('button', { name: new RegExp(h.restoring) }));
    await expect(dialog.getByRole('button', { name: h.cancel })).toBeDisabled();
  },
};

/** Another admin saved since the page loaded: the restore is refused with the server's words, nothing changed. */
export const RestoreRefusedStale: Story = {
  beforeEach: using(() => articleHandlers.restoreRefused('stale_article'), () => withHistory(draftHistory)),
  play: async ({ canvasElement }) => {
    await askRestore(canvasElement, 1);
    const dialog = within(await opened(body(canvasElement).findByRole('alertdialog', { name: h.restoreTitle(1) })));
    await userEvent.click(dialog.getByRole('button', { name: h.restore }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(serverMessages.articleStale);
    await userEvent.click(dialog.getByRole('button', { name: h.cancel }));
    await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(await revisionRows(canvasElement)).toHaveLength(3);
  },
};

/** A published article: restoring is editing, refused the way an edit is (convert to draft first). */
export const RestoreOnPublished: Story = {
  args: atPublished,
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, published.title!);
    await askRestoreWhenTwo(canvasElement);
    await expect(await findCannotEditDialog(canvasElement)).toBeVisible();
  },
  beforeEach: using(() => withHistory({
        [published.id]: [{ action: 'create' }, { action: 'publish', snapshot: { status: 'published' } }],
      })),
};

/** Published meanwhile in another tab: the server refuses, the page explains as for an edit. */
export const RestorePublishedMeanwhile: Story = {
  beforeEach: using(() => articleHandlers.restoreRefused('article_published'), () => withHistory(draftHistory)),
  play: async ({ canvasElement }) => {
    await askRestore(canvasElement, 1);
    const dialog = within(await opened(body(canvasElement).findByRole('alertdialog', { name: h.restoreTitle(1) })));
    await userEvent.click(dialog.getByRole('button', { name: h.restore }));
    await expect(await findCannotEditDialog(canvasElement)).toBeVisible();
  },
};

/** Unsaved edits on the page: a restore would replace them, so it waits for a save or reset. */
export const RestoreWithUnsavedEdits: Story = {
  beforeEach: using(() => withHistory(draftHistory)),
  play: async ({ canvasElement }) => {
    await editHtmlUnsaved(canvasElement);
    await askRestore(canvasElement, 1);
    const card = await historyCard(canvasElement);
    await expect(await card.findByRole('alert')).toHaveTextContent(h.unsavedBlocks);
    await expect(body(canvasElement).queryByRole('alertdialog', { name: h.restoreTitle(1) })).not.toBeInTheDocument();
  },
};
