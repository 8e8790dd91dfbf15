// The file manager's selection: checkboxes, a range, the keyboard, and a bulk Delete with its Undo
// (asked again, in the server's words, for files published articles show).
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { fileExtraTexts as x } from '../../../src/lib/texts-files';
import { files } from '../../fixtures';
import { fileHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { findToast, type ScreenStory as Story } from '../screen';
import { checkbox, fileManagerScreen, findFilesTitle, newestFirst, selectedCount, withConfirm } from './fileManagerScreen';

const f = texts.files;

export default { title: 'Screens/FileManager/Selection', tags: ['!autodocs'], ...fileManagerScreen } satisfies Meta<typeof AppStory>;

/**
 * Checkboxes on the cards: click one, shift-click another for the range between, see the count;
 * Escape clears. 'Select all on this page' takes every loaded file.
 */
export const SelectFiles: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    await step('a click and a shift-click select the range', async () => {
      await userEvent.click(checkbox(canvasElement, newestFirst[0]!.name));
      await expect(await selectedCount(canvasElement, 1)).toBeVisible();
      const user = userEvent.setup();
      await user.keyboard('{Shift>}');
      await user.click(checkbox(canvasElement, newestFirst[2]!.name));
      await user.keyboard('{/Shift}');
      await expect(await selectedCount(canvasElement, 3)).toBeVisible();
      for (const file of newestFirst.slice(0, 3)) await expect(checkbox(canvasElement, file.name)).toBeChecked();
      await expect(checkbox(canvasElement, newestFirst[3]!.name)).not.toBeChecked();
    });
    await step('Escape clears the selection', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(canvas.queryByText(x.selected(3))).toBeNull());
      await expect(checkbox(canvasElement, newestFirst[0]!.name)).not.toBeChecked();
    });
    await step('select all on the page', async () => {
      await userEvent.click(canvas.getByRole('checkbox', { name: x.selectAll }));
      await expect(await selectedCount(canvasElement, files.length)).toBeVisible();
      for (const file of files) await expect(checkbox(canvasElement, file.name)).toBeChecked();
    });
  },
};

/** Space on a focused card (or row) toggles it; the list view has the same checkboxes. */
export const SelectByKeyboardInList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    await userEvent.click(canvas.getByRole('button', { name: f.listView }));
    const row = canvas.getByText(newestFirst[1]!.name).closest('li') as HTMLElement;
    row.focus();
    await userEvent.keyboard(' ');
    await expect(await selectedCount(canvasElement, 1)).toBeVisible();
    await expect(checkbox(canvasElement, newestFirst[1]!.name)).toBeChecked();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(checkbox(canvasElement, newestFirst[1]!.name)).not.toBeChecked());
  },
};

/**
 * Bulk Delete asks the question of docs/product.md, 'Validation', for as many files as are selected; confirming moves them to
 * the trash (they leave the list and the count), a toast offers Undo, and Undo brings them back.
 */
export const BulkDeleteThenUndo: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    const [first, second] = newestFirst as [(typeof files)[0], (typeof files)[0]];
    await userEvent.click(checkbox(canvasElement, first.name));
    await userEvent.click(checkbox(canvasElement, second.name));
    await step('declining keeps them', async () => {
      const asked = await withConfirm(canvasElement, false, () =>
        userEvent.click(within(canvas.getByRole('region', { name: x.barLabel })).getByRole('button', { name: x.delete })),
      );
      await expect(asked).toEqual(['Are you sure you want to delete these 2 files?']);
      await expect(canvas.getByText(x.selected(2))).toBeVisible();
      await expect(canvas.getByRole('heading', { name: f.filesCount(files.length) })).toBeVisible();
    });
    await step('confirming moves them to the trash', async () => {
      await withConfirm(canvasElement, true, () =>
        userEvent.click(within(canvas.getByRole('region', { name: x.barLabel })).getByRole('button', { name: x.delete })),
      );
      await expect(await findFilesTitle(canvasElement, files.length - 2)).toBeVisible();
      await expect(canvas.queryByRole('button', { name: f.actions(first.name) })).toBeNull();
      await waitFor(() => expect(canvas.getByRole('tab', { name: 'Trash 2' })).toBeVisible());
      await waitFor(() => expect(canvas.queryByText(x.selected(2))).toBeNull());
    });
    await step('Undo brings them back', async () => {
      const toast = await findToast(canvasElement, x.movedToTrash(2));
      await userEvent.click(within(toast).getByRole('button', { name: x.undo }));
      await findToast(canvasElement, x.restoredMany(2));
      await expect(await findFilesTitle(canvasElement, files.length)).toBeVisible();
      await expect(canvas.getByRole('button', { name: f.actions(first.name) })).toBeVisible();
      await waitFor(() => expect(canvas.getByRole('tab', { name: 'Trash 0' })).toBeVisible());
    });
  },
};

/**
 * A bulk Delete of files one of which a published article shows: the server refuses that one and
 * names the article; the console asks again in its words, and yes sends it to the trash with the
 * others, in one toast with one Undo.
 */
export const BulkDeleteFileInUse: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...fileHandlers.api(files, [], {}, {
        [newestFirst[1]!.id]: [{ articleId: 'art_1', title: 'The harbour wakes up', slug: 'the-harbour-wakes-up', status: 'published', inTrash: false, places: ['body'] }],
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    await userEvent.click(checkbox(canvasElement, newestFirst[0]!.name));
    await userEvent.click(checkbox(canvasElement, newestFirst[1]!.name));
    const asked = await withConfirm(canvasElement, true, async (questions) => {
      await userEvent.click(within(canvas.getByRole('region', { name: x.barLabel })).getByRole('button', { name: x.delete }));
      await waitFor(() => expect(questions).toHaveLength(2), ready);
    });
    await expect(asked).toEqual([x.confirmDeleteMany(2), serverMessages.fileInUse(['The harbour wakes up'])]);
    await findToast(canvasElement, x.movedToTrash(2));
    await expect(await findFilesTitle(canvasElement, files.length - 2)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: f.actions(newestFirst[1]!.name) })).toBeNull();
  },
};
