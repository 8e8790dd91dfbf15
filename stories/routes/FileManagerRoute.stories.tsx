import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { toaster } from '../../src/components/common/Toaster';
import { serverMessages } from '../../src/contract';
import { formatBytes } from '../../src/lib/format';
import { texts } from '../../src/lib/texts';
import { fileExtraTexts as x } from '../../src/lib/texts-files';
import { fileVersionTexts as v } from '../../src/lib/texts-history';
import { files, trashedFileSamples } from '../fixtures';
import { authHandlers, fileHandlers } from '../mocks';
import { versionOf } from '../mocks/files';
import { trashTexts } from '../../src/lib/texts-articles';
import { AppStory, storyLocation } from './AppStory';
import { ReplaceFileInput } from '../../src/components/files/ReplaceFileInput';

const f = texts.files;

/** Signed in, with working APIs; a story puts the variant it shows in front of them. */
const meta = {
  title: 'Screens/FileManager',
  tags: ['!autodocs'],
  component: AppStory,
  subcomponents: { ReplaceFileInput },
  args: { path: '/file-manager' },
  parameters: { layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedIn(), ...fileHandlers.api());
    // The toasts live in a store shared by the stories of a page: each story starts without any.
    toaster.remove();
    return () => toaster.remove();
  },
} satisfies Meta<typeof AppStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The value of the summary card labelled `label` (Chakra Stat: a dl with dt label and dd value). */
function summaryValue(canvasElement: HTMLElement, label: string): string {
  const term = within(canvasElement)
    .getAllByText(label)
    .find((el) => el.closest('dl'));
  return term?.closest('dl')?.querySelector('dd')?.textContent ?? '';
}

/** 'Files (N)' once the list has answered ('Files (0)' shows while it loads). */
const findFilesTitle = (canvasElement: HTMLElement, count: number) =>
  within(canvasElement).findByRole('heading', { name: f.filesCount(count) }, { timeout: 10_000 });

/** Menus, dialogs and toasts are portalled to the page's body. */
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Opens a file's actions menu and picks `item`. */
async function pickFileAction(canvasElement: HTMLElement, name: string, item: string) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: f.actions(name) }));
  await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: item }));
}

/** A toast by its title (toasts are portalled to the page's body), once it has faded in. */
async function findToast(canvasElement: HTMLElement, title: string) {
  const toast = await body(canvasElement).findByRole('status', { name: title }, { timeout: 5_000 });
  await waitFor(() => expect(toast).toBeVisible());
  return toast;
}

/** Answers window.confirm with `answer` while `run` runs; resolves to the questions asked. */
async function withConfirm(canvasElement: HTMLElement, answer: boolean, run: () => Promise<void>): Promise<string[]> {
  const win = canvasElement.ownerDocument.defaultView!;
  const original = win.confirm;
  const asked: string[] = [];
  win.confirm = (message?: string) => {
    asked.push(String(message));
    return answer;
  };
  try {
    await run();
  } finally {
    win.confirm = original;
  }
  return asked;
}

/** The Trash tab opened by its address. */
const atTrash = { path: '/file-manager?tab=trash' };

/**
 * The Trash tab (named with its count once known) is the selected one. The count comes in an
 * answer of its own, which may arrive after the list's: waited for, not asked for at once.
 */
const expectTrashSelected = (canvasElement: HTMLElement, name: string) =>
  waitFor(() => expect(within(canvasElement).getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true'), {
    timeout: 10_000,
  });


export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await findFilesTitle(canvasElement, files.length)).toBeVisible();
    await expect(summaryValue(canvasElement, f.totalFiles)).toBe(String(files.length));
    await expect(summaryValue(canvasElement, f.images)).toBe(String(files.filter((x) => x.type === 'image').length));
    await expect(summaryValue(canvasElement, f.pdfs)).toBe(String(files.filter((x) => x.type === 'pdf').length));
    await expect(summaryValue(canvasElement, f.storageUsed)).toBe(
      formatBytes(files.reduce((sum, x) => sum + x.size, 0)),
    );
    for (const file of files) {
      await expect(canvas.getByRole('button', { name: f.actions(file.name) })).toBeVisible();
    }
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...fileHandlers.loading());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('group', { name: f.loadingFiles }, { timeout: 10_000 });
    await expect(within(list).getAllByTestId('file-skeleton')).toHaveLength(6);
    await expect(canvas.getByRole('group', { name: f.loadingSummary })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: f.refresh })).toBeDisabled();
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...fileHandlers.empty());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: f.emptyTitle }, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: f.filesCount(0) })).toBeVisible();
    await expect(canvas.getByText(f.emptyAll)).toBeVisible();
    await expect(summaryValue(canvasElement, f.totalFiles)).toBe('0');
  },
};

export const EmptyFiltered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    await userEvent.type(canvas.getByRole('searchbox', { name: f.searchLabel }), 'no-such-file');
    await expect(await canvas.findByText(f.emptyFiltered, undefined, { timeout: 3000 })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: f.filesCount(0) })).toBeVisible();
    await expect(canvas.queryByText(f.emptyAll)).not.toBeInTheDocument();
  },
};

export const Failing: Story = {
  beforeEach({ msw }) {
    msw.use(...fileHandlers.failing());
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', undefined, { timeout: 10_000 });
    await expect(alert).toHaveTextContent(serverMessages.databaseUnavailable);
  },
};

const pngBytes = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

/** The chooser's accept list would drop the text file before it is sent: let it through, as a drop does. */
const uploader = () => userEvent.setup({ applyAccept: false });

export const UploadWithRefusedFile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    const png = new File([pngBytes], 'pixel.png', { type: 'image/png' });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await uploader().upload(canvas.getByLabelText(f.chooseFilesInput), [png, text]);
    await expect(await canvas.findByText(serverMessages.fileTypeNotAllowed)).toBeVisible();
    await expect(await findFilesTitle(canvasElement, files.length + 1)).toBeVisible();
    await expect(canvas.getByRole('button', { name: f.actions('pixel.png') })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: f.actions('notes.txt') })).not.toBeInTheDocument();
  },
};

export const UploadTooLarge: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(canvas.getByLabelText(f.chooseFilesInput), big);
    await expect(await canvas.findByText(serverMessages.fileTooLarge, undefined, { timeout: 15_000 })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: f.filesCount(files.length) })).toBeVisible();
  },
};

export const DeleteWithConfirmation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const target = files[3]!;
    await findFilesTitle(canvasElement, files.length);
    const asked = await withConfirm(canvasElement, true, () => pickFileAction(canvasElement, target.name, f.delete));
    await expect(asked).toEqual([f.confirmDelete]);
    await expect(await findFilesTitle(canvasElement, files.length - 1)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: f.actions(target.name) })).not.toBeInTheDocument();
  },
};

export const TypeFilter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: f.filterPlaceholder }), f.filterPdfs);
    const pdfs = files.filter((x) => x.type === 'pdf');
    await expect(await findFilesTitle(canvasElement, pdfs.length)).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole('button', { name: /^Actions for / })).toHaveLength(pdfs.length));
    for (const file of pdfs) await expect(canvas.getByRole('button', { name: f.actions(file.name) })).toBeVisible();
  },
};

/** `file-00042.pdf`: the names `fileHandlers.many` gives, by position (newest first). */
const manyName = (i: number) => `file-${String(i).padStart(5, '0')}.${i % 2 === 0 ? 'pdf' : 'png'}`;

/**
 * 10,000 files: the first page of 50 shows with the library's total; scrolling to the end of what
 * is loaded asks for page 2, 3, 4 (the handler honours `page`); the DOM keeps only the cards
 * near the viewport.
 */
export const ManyFiles: Story = {
  beforeEach({ msw }) {
    msw.use(...fileHandlers.many(10_000));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const doc = canvasElement.ownerDocument;
    const view = doc.defaultView!;
    await expect(await findFilesTitle(canvasElement, 10_000)).toBeVisible();
    await expect(summaryValue(canvasElement, f.totalFiles)).toBe('10000');
    await expect(canvas.getByRole('button', { name: f.actions(manyName(0)) })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: f.actions(manyName(50)) })).not.toBeInTheDocument();

    for (const page of [2, 3, 4]) {
      view.scrollTo(0, doc.documentElement.scrollHeight);
      // The first file of the next page arrives just below what was the end.
      await waitFor(() => expect(canvas.getByRole('button', { name: f.actions(manyName((page - 1) * 50)) })).toBeInTheDocument(), {
        timeout: 5000,
      });
    }
    await expect(canvas.getByRole('heading', { name: f.filesCount(10_000) })).toBeVisible();
    // The first files have left the DOM; only the rows near the viewport are there.
    await expect(canvas.queryByRole('button', { name: f.actions(manyName(0)) })).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem').length).toBeLessThanOrEqual(64);
    view.scrollTo(0, 0);
  },
};

// What the file manager adds: selection and bulk Delete, Undo, the Trash, bytes kept once,
// Replace… and Copy link.

/** The sample library newest first, as the grid shows it. */
const newestFirst = [...files].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));

const checkbox = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('checkbox', { name: x.select(name) });
const selectedCount = (canvasElement: HTMLElement, n: number) => within(canvasElement).findByText(x.selected(n));

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

/** One file's Delete (after the confirmation) says 'File deleted' with Undo, as an article's does. */
export const DeleteThenUndo: Story = {
  play: async ({ canvasElement }) => {
    const target = newestFirst[0]!;
    await findFilesTitle(canvasElement, files.length);
    await withConfirm(canvasElement, true, () => pickFileAction(canvasElement, target.name, f.delete));
    await expect(await findFilesTitle(canvasElement, files.length - 1)).toBeVisible();
    const toast = await findToast(canvasElement, x.deleted);
    await userEvent.click(within(toast).getByRole('button', { name: x.undo }));
    await findToast(canvasElement, x.restored);
    await expect(await findFilesTitle(canvasElement, files.length)).toBeVisible();
  },
};

const trashed = trashedFileSamples();

/** The Trash tab (`?tab=trash`): deleted files with Restore and Delete forever. */
export const Trash: Story = {
  beforeEach({ msw }) {
    msw.use(...fileHandlers.withTrash(trashed));
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    // The tab's count comes in an answer of its own, which may arrive after the list's.
    await userEvent.click(await canvas.findByRole('tab', { name: 'Trash 3' }, { timeout: 10_000 }));
    await expect(storyLocation(canvasElement).search).toBe('?tab=trash');
    const list = await canvas.findByRole('list', { name: x.trashListLabel }, { timeout: 5_000 });
    await expect(within(list).getAllByRole('article')).toHaveLength(3);
    await step('Restore brings a file back to the library', async () => {
      const row = canvas.getByRole('article', { name: trashed[0]!.name });
      await userEvent.click(within(row).getByRole('button', { name: x.restore }));
      await waitFor(() => expect(canvas.queryByRole('article', { name: trashed[0]!.name })).toBeNull());
      await waitFor(() => expect(canvas.getByRole('tab', { name: 'Trash 2' })).toBeVisible());
      await waitFor(() => expect(summaryValue(canvasElement, f.totalFiles)).toBe(String(files.length + 1)));
    });
    await step('Delete forever asks, then deletes it for good', async () => {
      const row = canvas.getByRole('article', { name: trashed[1]!.name });
      await userEvent.click(within(row).getByRole('button', { name: x.deleteForever }));
      const dialog = await body(canvasElement).findByRole('alertdialog');
      await waitFor(() => expect(dialog).toBeVisible());
      await expect(dialog).toHaveTextContent(x.confirmDeleteForever);
      await userEvent.click(within(dialog).getByRole('button', { name: x.deleteForever }));
      await waitFor(() => expect(canvas.queryByRole('article', { name: trashed[1]!.name })).toBeNull());
      await waitFor(() => expect(canvas.getByRole('tab', { name: 'Trash 1' })).toBeVisible());
    });
    await step('back to the files', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Files' }));
      // Asked again each time: the list may draw its rows once more when the files come back.
      await waitFor(() => expect(canvas.getByRole('button', { name: f.actions(trashed[0]!.name) })).toBeVisible(), { timeout: 5_000 });
    });
  },
};

export const TrashEmpty: Story = {
  args: atTrash,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: x.trashEmptyTitle }, { timeout: 10_000 })).toBeVisible();
    await expectTrashSelected(canvasElement, 'Trash 0');
  },
};

export const TrashLoading: Story = {
  args: atTrash,
  beforeEach({ msw }) {
    msw.use(...fileHandlers.trashLoading());
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(x.trashLoading, undefined, { timeout: 10_000 })).toBeVisible();
    await expectTrashSelected(canvasElement, 'Trash');
  },
};

export const TrashFailing: Story = {
  args: atTrash,
  beforeEach({ msw }) {
    msw.use(...fileHandlers.trashFailing());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', undefined, { timeout: 10_000 });
    await expect(alert).toHaveTextContent(x.trashErrorTitle);
    await expect(alert).toHaveTextContent(serverMessages.databaseUnavailable);
  },
};

/**
 * The same bytes uploaded again: not stored twice. The upload says which file has them (not as an
 * error), the count stays, the file is pointed out in the grid, and 'Show file' opens it.
 */
export const DuplicateUpload: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findFilesTitle(canvasElement, files.length);
    const input = canvas.getByLabelText(f.chooseFilesInput);
    await userEvent.upload(input, new File([pngBytes], 'pixel.png', { type: 'image/png' }));
    await expect(await findFilesTitle(canvasElement, files.length + 1)).toBeVisible();
    await userEvent.upload(input, new File([pngBytes], 'pixel-copy.png', { type: 'image/png' }));
    const said = await canvas.findByText(serverMessages.alreadyInLibrary('pixel.png'), undefined, { timeout: 5_000 });
    await expect(said.closest('[role="status"]')).not.toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('heading', { name: f.filesCount(files.length + 1) })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: f.actions('pixel-copy.png') })).toBeNull();
    const card = canvas.getByRole('button', { name: f.actions('pixel.png') }).closest('[role="listitem"]') as HTMLElement;
    await waitFor(() => expect(card).toHaveAttribute('data-highlighted'));
    await userEvent.click(canvas.getByRole('button', { name: x.showFileOf('pixel.png') }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'pixel.png' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

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
      const dialog = within(await body(canvasElement).findByRole('dialog', { name: v.title('new-cover.png') }));
      const version = await dialog.findByRole('listitem', { name: v.version(1) });
      await expect(version).toHaveTextContent(target.name);
      await expect(version).toHaveTextContent(/Replaced .* by admin@example\.com/);
      await userEvent.click(within(version).getByRole('button', { name: v.restore }));
      const question = within(dialog.getByRole('group', { name: v.restoreTitle(1) }));
      // Visible once the dialog has faded in.
      await waitFor(() => expect(question.getByText(v.restoreBody(target.name))).toBeVisible(), { timeout: 10_000 });
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
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: v.title(newestFirst[0]!.name) }));
    const empty = await dialog.findByText(v.empty);
    // It fades in.
    await waitFor(() => expect(empty).toBeVisible());
  },
};

/** The versions cannot be read: said, with Try Again. */
export const VersionsFailing: Story = {
  beforeEach({ msw }) {
    msw.use(...fileHandlers.versionsFailing());
  },
  play: async ({ canvasElement }) => {
    await findFilesTitle(canvasElement, files.length);
    await pickFileAction(canvasElement, newestFirst[0]!.name, v.menuItem);
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: v.title(newestFirst[0]!.name) }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(serverMessages.databaseUnavailable);
    // Visible once the dialog has faded in.
    await waitFor(() => expect(dialog.getByRole('button', { name: v.retry })).toBeVisible(), { timeout: 10_000 });
  },
};

/** A refused replacement says why, in the server's words, and the file stays as it was. */
export const ReplaceRefused: Story = {
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
  beforeEach({ msw }) {
    msw.use(...fileHandlers.slowReplace());
  },
  play: async ({ canvasElement }) => {
    const target = newestFirst[0]!;
    await replaceWith(canvasElement, target.name, new File([pngBytes], 'next.png', { type: 'image/png' }));
    const toast = await findToast(canvasElement, x.replacing(target.name));
    await expect(toast).toHaveTextContent(/% sent/);
  },
};

/** Stubs the clipboard's writeText for `run`; resolves to what was written. */
async function withClipboard(canvasElement: HTMLElement, refuse: boolean, run: () => Promise<void>): Promise<string[]> {
  const clipboard = canvasElement.ownerDocument.defaultView!.navigator.clipboard;
  const original = Object.getOwnPropertyDescriptor(clipboard, 'writeText');
  const written: string[] = [];
  Object.defineProperty(clipboard, 'writeText', {
    configurable: true,
    value: async (text: string) => {
      if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
      written.push(text);
    },
  });
  try {
    await run();
  } finally {
    if (original) Object.defineProperty(clipboard, 'writeText', original);
    else delete (clipboard as { writeText?: unknown }).writeText;
  }
  return written;
}

/** Copy link puts the absolute address of the file's bytes on the clipboard, and says so. */
export const CopyLink: Story = {
  play: async ({ canvasElement }) => {
    const target = files[0]!;
    await findFilesTitle(canvasElement, files.length);
    const written = await withClipboard(canvasElement, false, async () => {
      await pickFileAction(canvasElement, target.name, x.copyLink);
      await findToast(canvasElement, x.linkCopied);
    });
    const origin = canvasElement.ownerDocument.defaultView!.location.origin;
    await expect(written).toEqual([`${origin}/api/files/${target.id}/content`]);
  },
};

/** The browser refuses the clipboard: the toast says so and gives the link to copy by hand. */
export const CopyLinkRefused: Story = {
  play: async ({ canvasElement }) => {
    const target = files[0]!;
    await findFilesTitle(canvasElement, files.length);
    await withClipboard(canvasElement, true, async () => {
      await pickFileAction(canvasElement, target.name, x.copyLink);
      const toast = await findToast(canvasElement, x.copyRefused);
      await expect(toast).toHaveTextContent(`/api/files/${target.id}/content`);
    });
  },
};

/* Roles: what a viewer and an author are offered. */

/** The menu of a file, open, with the names of its items once it has faded in. */
async function menuItemsOf(canvasElement: HTMLElement, name: string) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: f.actions(name) }));
  const menu = await body(canvasElement).findByRole('menu', undefined, { timeout: 10_000 });
  await waitFor(() => expect(menu).toBeVisible(), { timeout: 10_000 });
  const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull(), { timeout: 10_000 });
  return items;
}

/** A viewer: the files to look at, preview, download and link to; no upload, no selection, no Replace… or Delete. */
export const Viewer: Story = {
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedInAs('viewer'));
  },
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
 * An author uploads (the button and the drop zone are theirs); replacing, deleting, selecting
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
    await step('no selection; the menu without Replace… and Delete', async () => {
      await expect(canvas.queryByRole('checkbox', { name: x.select(name) })).toBeNull();
      await expect(await menuItemsOf(canvasElement, name)).toEqual([f.preview, f.download, x.copyLink, v.menuItem]);
    });
    await step('earlier versions can be read and downloaded, not restored', async () => {
      await pickFileAction(canvasElement, name, v.menuItem);
      const dialog = within(await body(canvasElement).findByRole('dialog', { name: v.title(name) }, { timeout: 10_000 }));
      const version = await dialog.findByRole('listitem', { name: v.version(1) });
      await waitFor(() => expect(version).toBeVisible(), { timeout: 10_000 });
      await expect(within(version).getByRole('button', { name: v.download(name) })).toBeVisible();
      await expect(within(version).queryByRole('button', { name: v.restore })).toBeNull();
    });
  },
};

/** A viewer's trash: the deleted files to read; Restore and Delete forever are an editor's. */
export const TrashAsViewer: Story = {
  args: atTrash,
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedInAs('viewer'), ...fileHandlers.api(files, trashedFileSamples()));
  },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: x.trashListLabel }, { timeout: 10_000 });
    const rows = within(list).getAllByRole('article');
    await expect(rows).toHaveLength(trashedFileSamples().length);
    for (const row of rows) {
      await expect(within(row).queryByRole('button', { name: trashTexts.restore })).toBeNull();
      await expect(within(row).queryByRole('button', { name: trashTexts.deleteForever })).toBeNull();
    }
  },
};
