import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileVersionsDialog } from '../../../src/components/files';
import { serverMessages } from '../../../src/contract';
import { fileVersionTexts as t } from '../../../src/lib/texts-history';
import { files, makeFile, versionOf } from '../../fixtures';
import { opened } from '../../routes/plays';

const file = files[0]!;
const versions = [
  versionOf(makeFile({ ...file, name: 'cover-v2.png', size: 48_211 }), 2, 'sam@example.com', '2026-11-19T10:00:00.000Z'),
  versionOf(makeFile({ ...file, name: 'cover.png', size: 51_002 }), 1, 'dana@example.com', '2026-11-12T15:30:00.000Z'),
];

const meta = {
  title: 'Components/Files/FileVersionsDialog',
  component: FileVersionsDialog,
  args: { file, versions, isLoading: false, error: null, onRetry: fn(), onDownload: fn(), onRestore: fn(async () => {}), onClose: fn() },
} satisfies Meta<typeof FileVersionsDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async (canvasElement: HTMLElement) => {
  const found = await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.title(file.name) }));
  await waitFor(() => expect(within(found).getByText(t.intro)).toBeVisible());
  return within(found);
};

/** The earlier versions, newest first, each to download or restore. */
export const Versions: Story = {
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement);
    const items = shown.getAllByRole('listitem');
    await expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([t.version(2), t.version(1)]);
    await expect(items[0]).toHaveTextContent('cover-v2.png');
    await expect(items[0]).toHaveTextContent('by sam@example.com');
    await userEvent.click(shown.getByRole('button', { name: t.download('cover.png') }));
    await expect(args.onDownload).toHaveBeenCalledWith(versions[1]);
  },
};

/** Restore asks first, says the current bytes are kept, and confirms when done. */
export const Restore: Story = {
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement);
    await userEvent.click(within(shown.getByRole('listitem', { name: t.version(1) })).getByRole('button', { name: t.restore }));
    const question = within(shown.getByRole('group', { name: t.restoreTitle(1) }));
    await expect(question.getByText(t.restoreBody('cover.png'))).toBeVisible();
    await userEvent.click(question.getByRole('button', { name: t.restore }));
    await expect(args.onRestore).toHaveBeenCalledWith(versions[1]);
    await expect(await shown.findByRole('status')).toHaveTextContent(t.restored);
  },
};

/** Refused: another file has these bytes now (kept once): the server's words, and nothing changed. */
export const RestoreRefused: Story = {
  args: { onRestore: fn(async () => Promise.reject(new Error(serverMessages.alreadyInLibrary('logo.png')))) },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement);
    await userEvent.click(within(shown.getByRole('listitem', { name: t.version(2) })).getByRole('button', { name: t.restore }));
    await userEvent.click(within(shown.getByRole('group', { name: t.restoreTitle(2) })).getByRole('button', { name: t.restore }));
    await expect(await shown.findByRole('alert')).toHaveTextContent('Already in the library as logo.png');
  },
};

export const NoVersions: Story = {
  args: { versions: [] },
  play: async ({ canvasElement }) => {
    await expect((await dialog(canvasElement)).getByText(t.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { versions: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    await expect((await dialog(canvasElement)).getByRole('status')).toHaveTextContent(t.loading);
  },
};

export const Failed: Story = {
  args: { versions: undefined, error: serverMessages.databaseUnavailable },
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement);
    await expect(shown.getByRole('alert')).toHaveTextContent(serverMessages.databaseUnavailable);
    await userEvent.click(shown.getByRole('button', { name: t.retry }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A role that may not restore them: the versions to read and download, without Restore. */
export const WithoutRestore: Story = {
  args: { onRestore: undefined },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement);
    await expect(shown.getAllByRole('listitem')).toHaveLength(2);
    await expect(shown.getByRole('button', { name: t.download('cover.png') })).toBeEnabled();
    await expect(shown.queryByRole('button', { name: t.restore })).toBeNull();
  },
};
