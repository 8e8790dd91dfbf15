// Replace… and Versions… in a file's menu: the new bytes keep the file's place, the old ones are
// kept as versions to restore; the refusals and the progress on the way.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { fileExtraTexts as x } from '../../../src/lib/texts-files';
import { fileVersionTexts as v } from '../../../src/lib/texts-history';
import { files } from '../../fixtures';
import { fileHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready, opened } from '../plays';
import { body, findToast, type ScreenStory as Story, using } from '../screen';
import { fileManagerScreen, findFilesTitle, newestFirst, pickFileAction, pngBytes, uploader } from './fileManagerScreen';

const f = texts.files;

export default { title: 'Screens/FileManager/Versions', tags: ['!autodocs'], ...fileManagerScreen } satisfies Meta<typeof AppStory>;

/** Once the library shows: Replace… in the file's menu, and `file` chosen (by `user`) for its new bytes. */
async function replaceWith(canvasElement: HTMLElement, name: string, file: File, user: { upload: typeof userEvent.upload } = userEvent) {
  await findFilesTitle(canvasElement, files.length);
  await pickFileAction(canvasElement, name, x.replace);
  await user.upload(within(canvasElement).getByLabelText(x.replaceInput(name)), file);
}

/** Replace…: a chooser for the file; the new bytes keep its place and id, under the new name. */
export const ReplaceFile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const target = newestFirst[1]!;
    await replaceWith(canvasElement, target.name, new File([pngBytes], 'new-cover.png', { type: 'image/png' }));
    await findToast(canvasElement, x.replaced('new-cover.png'));
    await expect(await canvas.findByRole('button', { name: f.actions('new-cover.png') })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: f.actions(target.name) })).toBeNull();
    await expect(canvas.getByRole('heading', { name: f.filesCount(files.length) })).toBeVisible();
  },
};

/** Replace… keeps the old bytes: Versions… lists them, and Restore brings them back (the replaced ones kept in turn). */
export const ReplaceThenRestoreVersion: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const target = newestFirst[1]!;
    await step('replace the file', async () => {
      await replaceWith(canvasElement, target.name, new File([pngBytes], 'new-cover.png', { type: 'image/png' }));
      await findToast(canvasElement, x.replaced('new-cover.png'));
      await canvas.findByRole('button', { name: f.actions('new-cover.png') });
    });
    await step('its earlier version is listed', async () => {
      await pickFileAction(canvasElement, 'new-cover.png', v.menuItem);
      const dialog = within(await opened(body(canvasElement).findByRole('dialog', { name: v.title('new-cover.png') })));
      const version = await dialog.findByRole('listitem', { name: v.version(1) });
      await expect(version).toHaveTextContent(target.name);
      await expect(version).toHaveTextContent(/Replaced .* by admin@example\.com/);
      await userEvent.click(within(version).getByRole('button', { name: v.restore }));
      const question = within(dialog.getByRole('group', { name: v.restoreTitle(1) }));
      // Visible once the dialog has faded in.
      await waitFor(() => expect(question.getByText(v.restoreBody(target.name))).toBeVisible(), ready);
      await userEvent.click(question.getByRole('button', { name: v.restore }));
      await expect(await dialog.findByRole('status')).toHaveTextContent(v.restored);
      // The bytes it replaced are a version now.
      await expect(await dialog.findByRole('listitem', { name: v.version(2) })).toHaveTextContent('new-cover.png');
      await userEvent.click(dialog.getByRole('button', { name: v.close }));
    });
    await expect(await canvas.findByRole('button', { name: f.actions(target.name) })).toBeVisible();
  },
};

/** A file never replaced has no earlier version, and says so. */
export const NoVersions: Story = {
  play: async ({ canvasElement }) => {
    await findFilesTitle(canvasElement, files.length);
    await pickFileAction(canvasElement, newestFirst[0]!.name, v.menuItem);
    const dialog = within(await opened(body(canvasElement).findByRole('dialog', { name: v.title(newestFirst[0]!.name) })));
    const empty = await dialog.findByText(v.empty);
    // It fades in.
    await waitFor(() => expect(empty).toBeVisible());
  },
};

/** The versions cannot be read: said, with Try Again. */
export const VersionsFailing: Story = {
  beforeEach: using(() => fileHandlers.versionsFailing()),
  play: async ({ canvasElement }) => {
    await findFilesTitle(canvasElement, files.length);
    await pickFileAction(canvasElement, newestFirst[0]!.name, v.menuItem);
    const dialog = within(await opened(body(canvasElement).findByRole('dialog', { name: v.title(newestFirst[0]!.name) })));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(serverMessages.databaseUnavailable);
    // Visible once the dialog has faded in.
    await waitFor(() => expect(dialog.getByRole('button', { name: v.retry })).toBeVisible(), ready);
  },
};

/** A refused replacement says why, in the server's words, and the file stays as it was. */
export const ReplaceRefused: Story = {
  // The refusal replaces the progress toast in place, and the toaster places the changed toast
  // 0 or 20 px lower from run to run (a whole pass alone on the machine matched, a fresh-clone CI
  // run differed twice): what it says is checked below, its look is not compared.
  parameters: { visual: { skip: 'The toaster places a toast whose content changed in place 0 or 20 px lower from run to run' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const target = newestFirst[0]!;
    await replaceWith(canvasElement, target.name, new File(['hello'], 'notes.txt', { type: 'text/plain' }), uploader());
    const toast = await findToast(canvasElement, x.replaceFailed);
    await expect(toast).toHaveTextContent(serverMessages.fileTypeNotAllowed);
    await expect(canvas.getByRole('button', { name: f.actions(target.name) })).toBeVisible();
  },
};

/** While the new bytes are on their way, the toast says how far it got. */
export const ReplaceInProgress: Story = {
  beforeEach: using(() => fileHandlers.slowReplace()),
  play: async ({ canvasElement }) => {
    const target = newestFirst[0]!;
    await replaceWith(canvasElement, target.name, new File([pngBytes], 'next.png', { type: 'image/png' }));
    const toast = await findToast(canvasElement, x.replacing(target.name));
    await expect(toast).toHaveTextContent(/% sent/);
  },
};
