// The file manager as a viewer and an author see it: what each is offered on the files and the trash.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { texts } from '../../../src/lib/texts';
import { trashTexts } from '../../../src/lib/texts-articles';
import { fileDetailsTexts as d, fileExtraTexts as x, folderTexts } from '../../../src/lib/texts-files';
import { fileVersionTexts as v } from '../../../src/lib/texts-history';
import { files, trashedFileSamples, versionOf } from '../../fixtures';
import { authHandlers, fileHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready, opened } from '../plays';
import { body, type ScreenStory as Story, using } from '../screen';
import { atTrash, fileManagerScreen, findFilesTitle, newestFirst, openFileMenu, pickFileAction } from './fileManagerScreen';

const f = texts.files;

export default { title: 'Screens/FileManager/Roles', tags: ['!autodocs'], ...fileManagerScreen } satisfies Meta<typeof AppStory>;

/** The menu of a file, open, with the names of its items once it has faded in. */
async function menuItemsOf(canvasElement: HTMLElement, name: string) {
  await openFileMenu(canvasElement, name);
  const menu = await opened(body(canvasElement).findByRole('menu', undefined, { timeout: 10_000 }));
  await waitFor(() => expect(menu).toBeVisible(), { timeout: 10_000 });
  const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull(), { timeout: 10_000 });
  return items;
}

/** A viewer: the files to look at, preview, download and link to; no upload, no selection, no Details…, Replace… or Delete. */
export const Viewer: Story = {
  beforeEach: using(() => authHandlers.signedInAs('viewer')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    await expect(canvas.queryByRole('button', { name: f.upload })).toBeNull();
    await expect(canvas.queryByText(f.dropTitle)).toBeNull();
    await expect(canvas.queryByRole('checkbox', { name: x.selectAll })).toBeNull();
    await expect(canvas.queryByRole('checkbox', { name: x.select(newestFirst[0]!.name) })).toBeNull();
    await expect(await menuItemsOf(canvasElement, newestFirst[0]!.name)).toEqual([f.preview, f.download, x.copyLink, v.menuItem]);
  },
};

/**
 * An author uploads (the button and the drop zone are theirs) and describes files (Details…); replacing, deleting, selecting
 * and restoring an earlier version are an editor's.
 */
export const Author: Story = {
  beforeEach({ msw }) {
    const replaced = newestFirst[0]!;
    msw.use(
      ...authHandlers.signedInAs('author'),
      ...fileHandlers.api(files, [], {
        [replaced.id]: [{ version: versionOf(replaced, 1, 'admin@example.com', '2026-11-20T09:00:00.000Z'), file: replaced }],
      }),
    );
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const name = newestFirst[0]!.name;
    await findFilesTitle(canvasElement, files.length);
    await step('uploads are theirs', async () => {
      await expect(canvas.getByRole('button', { name: f.upload })).toBeEnabled();
      await expect(canvas.getByText(f.dropTitle)).toBeVisible();
    });
    await step('no selection; the menu without Replace… and Delete; folders made, not renamed or deleted', async () => {
      await expect(canvas.queryByRole('checkbox', { name: x.select(name) })).toBeNull();
      await expect(await menuItemsOf(canvasElement, name)).toEqual([f.preview, d.menuItem, folderTexts.moveItem, f.download, x.copyLink, v.menuItem]);
      await expect(canvas.getByRole('button', { name: folderTexts.newFolder })).toBeVisible();
    });
    await step('earlier versions can be read and downloaded, not restored', async () => {
      await pickFileAction(canvasElement, name, v.menuItem);
      const dialog = within(await opened(body(canvasElement).findByRole('dialog', { name: v.title(name) }, ready)));
      const version = await dialog.findByRole('listitem', { name: v.version(1) });
      await waitFor(() => expect(version).toBeVisible(), ready);
      await expect(within(version).getByRole('button', { name: v.download(name) })).toBeVisible();
      await expect(within(version).queryByRole('button', { name: v.restore })).toBeNull();
    });
  },
};

/** A viewer's trash: the deleted files to read; Restore and Delete forever are an editor's. */
export const TrashAsViewer: Story = {
  args: atTrash,
  beforeEach: using(() => authHandlers.signedInAs('viewer'), () => fileHandlers.api(files, trashedFileSamples())),
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: x.trashListLabel }, ready);
    const rows = within(list).getAllByRole('article');
    await expect(rows).toHaveLength(trashedFileSamples().length);
    for (const row of rows) {
      await expect(within(row).queryByRole('button', { name: trashTexts.restore })).toBeNull();
      await expect(within(row).queryByRole('button', { name: trashTexts.deleteForever })).toBeNull();
    }
  },
};
