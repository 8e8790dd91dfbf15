// No lost work on the article page: leaving with an unsaved edit asks first, the browser keeps
// the unsaved HTML for next time, and two admins' saves meet in a conflict panel.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { draftKey, draftTime, type ArticleDraft } from '../../../src/lib/articleDraft';
import { texts } from '../../../src/lib/texts';
import { articleEditTexts as e } from '../../../src/lib/texts-article-edits';
import { AppStory, storyLocation } from '../AppStory';
import { findTitle, htmlCard, pressUntilGone, ready } from '../plays';
import { body, type ScreenStory as Story } from '../screen';
import { a, articleDetailScreen, draft, edited, editHtmlUnsaved, findLeaveDialog } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/UnsavedWork', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

/** An edit the browser kept a few minutes ago, of the article as it still is. */
const kept: ArticleDraft = {
  html: `${draft.blogData}<p>Kept from last time.</p>`,
  basedOn: draft.updatedAt,
  savedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
};

function keepDraft(value: ArticleDraft) {
  localStorage.setItem(draftKey(draft.id), JSON.stringify(value));
}

/** The browser kept `kept` for the draft. */
const withKeptDraft = {
  beforeEach() {
    keepDraft(kept);
  },
};

/** The notice the page opens with when the browser kept an unsaved edit (a polite status). */
async function findRestoreNotice(canvasElement: HTMLElement, savedAt: string) {
  await findTitle(canvasElement, draft.title!);
  const prompt = await within(canvasElement).findByText(e.restorePrompt(draftTime(savedAt)), undefined, ready);
  const notice = prompt.closest<HTMLElement>('[role="status"]');
  await expect(notice).not.toBeNull();
  return notice!;
}

/** The conflict panel, once the newer version is there. */
async function findConflict(canvasElement: HTMLElement) {
  return within(
    await within(canvasElement).findByRole('region', { name: `${e.conflictTitle}: ${e.conflictField.blogData}` }, ready),
  );
}

/** Another admin saves the article, through the API, while this page has it open. */
async function saveAsAnotherAdmin(id: string, blogData: string) {
  const response = await fetch(`/api/articles/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ blogData }),
  });
  await expect(response.status).toBe(200);
}

const theirs = `${draft.blogData}<p>Edited by another admin.</p>`;

/** At rest: an unsaved HTML edit, and a sidebar link clicked; the page asks first and stays where it is. */
export const LeaveAsksFirst: Story = {
  name: 'Leave with unsaved edits: asked first',
  play: async ({ canvasElement }) => {
    await editHtmlUnsaved(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('link', { name: texts.sidebar.articles }));
    const dialog = await findLeaveDialog(canvasElement);
    await expect(within(dialog).getByRole('button', { name: e.stay })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: e.leave })).toBeEnabled();
    await expect(storyLocation(canvasElement).pathname).toBe(`/articles/${draft.id}`);
  },
};

/** Stay: the dialog closes, the page and the edit are still there. */
export const LeaveThenStay: Story = {
  play: async (context) => {
    await LeaveAsksFirst.play?.(context);
    const { canvasElement } = context;
    const dialog = body(canvasElement).getByRole('alertdialog', { name: e.leaveTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: e.stay }));
    await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(storyLocation(canvasElement).pathname).toBe(`/articles/${draft.id}`);
    const card = htmlCard(canvasElement);
    await expect(card.getByText(a.unsaved)).toBeVisible();
    await expect(card.getByRole('textbox', { name: a.htmlEditorLabel })).toHaveTextContent(edited);
  },
};

/** At rest: the page opens with the kept edit on offer. */
export const RestoreOffered: Story = {
  name: 'Kept edit: Restore your unsaved edit?',
  ...withKeptDraft,
  play: async ({ canvasElement }) => {
    const notice = await findRestoreNotice(canvasElement, kept.savedAt);
    await expect(notice).not.toHaveTextContent(e.changedSince);
    // Not restored by itself: the editor shows the saved HTML until the admin chooses.
    const card = htmlCard(canvasElement);
    await expect(card.queryByText(a.unsaved)).not.toBeInTheDocument();
  },
};

/** Restore puts the kept edit in the editor, unsaved. */
export const RestoreThenRestored: Story = {
  ...withKeptDraft,
  play: async (context) => {
    await RestoreOffered.play?.(context);
    const { canvasElement } = context;
    await pressUntilGone(canvasElement, e.restore);
    const card = htmlCard(canvasElement);
    const editor = await card.findByRole('textbox', { name: a.htmlEditorLabel }, ready);
    await waitFor(() => expect(editor).toHaveTextContent(kept.html));
    await expect(card.getByText(a.unsaved)).toBeVisible();
    await expect(card.getByRole('button', { name: a.save })).toBeEnabled();
  },
};

/** Discard forgets the kept edit: the notice goes, the editor keeps the saved HTML, the browser keeps nothing. */
export const RestoreThenDiscarded: Story = {
  ...withKeptDraft,
  play: async (context) => {
    await RestoreOffered.play?.(context);
    const { canvasElement } = context;
    await pressUntilGone(canvasElement, e.discard);
    await expect(localStorage.getItem(draftKey(draft.id))).toBeNull();
    const card = htmlCard(canvasElement);
    const editor = await card.findByRole('textbox', { name: a.htmlEditorLabel }, ready);
    await expect(editor).toHaveTextContent(draft.blogData!);
    await expect(card.queryByText(a.unsaved)).not.toBeInTheDocument();
  },
};

/**
 * The article was saved since the kept edit began: the notice says so; restored and saved, the
 * edit meets the newer version in the conflict panel.
 */
export const RestoreChangedSince: Story = {
  beforeEach() {
    keepDraft({ ...kept, basedOn: '2025-12-01T09:00:00.000Z' });
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const notice = await findRestoreNotice(canvasElement, kept.savedAt);
    await expect(notice).toHaveTextContent(e.changedSince);
    await step('Restore and Save: the server has a newer version', async () => {
      await userEvent.click(canvas.getByRole('button', { name: e.restore }));
      const card = htmlCard(canvasElement);
      await waitFor(() => expect(card.getByRole('textbox', { name: a.htmlEditorLabel })).toHaveTextContent(kept.html));
      await userEvent.click(card.getByRole('button', { name: a.save }));
      const conflict = await findConflict(canvasElement);
      await expect(conflict.getByRole('region', { name: e.mine })).toHaveTextContent(kept.html);
    });
  },
};

/** At rest: another admin saved while this one edited; Save shows their version beside the edit. */
export const ConflictOnSave: Story = {
  name: 'Two admins: conflict on save',
  play: async ({ canvasElement }) => {
    await editHtmlUnsaved(canvasElement);
    await saveAsAnotherAdmin(draft.id, theirs);
    await userEvent.click(htmlCard(canvasElement).getByRole('button', { name: a.save }));
    const conflict = await findConflict(canvasElement);
    await expect(conflict.getByRole('region', { name: /^Newer version, saved / })).toHaveTextContent(theirs);
    await expect(conflict.getByRole('region', { name: e.mine })).toHaveTextContent(edited);
    // Not a bare error: the panel says what happened.
    await expect(conflict.getByRole('alert')).toHaveTextContent(e.conflictBody);
    await expect(within(canvasElement).queryByText(/changed since it was loaded/)).not.toBeInTheDocument();
    await expect(htmlCard(canvasElement).getByText(a.unsaved)).toBeVisible();
  },
};

/** Keep mine saves the edit over the newer version: the panel goes and the article has this admin's HTML. */
export const ConflictKeepMine: Story = {
  play: async (context) => {
    await ConflictOnSave.play?.(context);
    const { canvasElement } = context;
    await pressUntilGone(canvasElement, e.keepMine, await findConflict(canvasElement));
    const card = htmlCard(canvasElement);
    await waitFor(() => expect(card.queryByText(a.unsaved)).not.toBeInTheDocument());
    // The Blog Data card shows the article as saved.
    await expect(within(canvasElement).getByText(edited)).toBeVisible();
    await expect(within(canvasElement).queryByText(theirs)).not.toBeInTheDocument();
  },
};

/** Take theirs drops the edit: the editor shows the other admin's HTML, nothing is unsaved. */
export const ConflictTakeTheirs: Story = {
  play: async (context) => {
    await ConflictOnSave.play?.(context);
    const { canvasElement } = context;
    await pressUntilGone(canvasElement, e.takeTheirs, await findConflict(canvasElement));
    const card = htmlCard(canvasElement);
    await waitFor(() => expect(card.getByRole('textbox', { name: a.htmlEditorLabel })).toHaveTextContent(theirs));
    await expect(card.queryByText(a.unsaved)).not.toBeInTheDocument();
    await expect(card.getByRole('button', { name: a.save })).toBeDisabled();
  },
};
