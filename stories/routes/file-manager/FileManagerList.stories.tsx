// The file manager's library in its states (loaded, loading, empty, filtered to nothing, failing),
// filtered by type, a file deleted, and 10,000 files a page at a time.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../../src/contract';
import { formatBytes } from '../../../src/lib/format';
import { texts } from '../../../src/lib/texts';
import { files } from '../../fixtures';
import { fileHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { fileManagerScreen, findFilesTitle, pickFileAction, summaryValue, withConfirm } from './fileManagerScreen';

const f = texts.files;

export default { title: 'Screens/FileManager/List', tags: ['!autodocs'], ...fileManagerScreen } satisfies Meta<typeof AppStory>;

/** `file-00042.pdf`: the names `fileHandlers.many` gives, by position (newest first). */
const manyName = (i: number) => `file-${String(i).padStart(5, '0')}.${i % 2 === 0 ? 'pdf' : 'png'}`;

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
  beforeEach: using(() => fileHandlers.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('group', { name: f.loadingFiles }, ready);
    await expect(within(list).getAllByTestId('file-skeleton')).toHaveLength(6);
    await expect(canvas.getByRole('group', { name: f.loadingSummary })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: f.refresh })).toBeDisabled();
  },
};

export const Empty: Story = {
  beforeEach: using(() => fileHandlers.empty()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: f.emptyTitle }, ready)).toBeVisible();
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
  beforeEach: using(() => fileHandlers.failing()),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', undefined, ready);
    await expect(alert).toHaveTextContent(serverMessages.databaseUnavailable);
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

/**
 * A file a published article shows: the server refuses to delete it and names the article; the
 * console asks again in those words. No keeps it (and says why); yes deletes it.
 */
export const DeleteFileInUse: Story = {
  beforeEach({ msw }) {
    const target = files[3]!;
    msw.use(
      ...fileHandlers.api(files, [], {}, {
        [target.id]: [{ articleId: 'art_1', title: 'The harbour wakes up', slug: 'the-harbour-wakes-up', status: 'published', inTrash: false, places: ['body'] }],
      }),
    );
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const target = files[3]!;
    const inUse = serverMessages.fileInUse(['The harbour wakes up']);
    await findFilesTitle(canvasElement, files.length);
    await step('no: the file stays, and the refusal says why', async () => {
      const asked = await withConfirm(canvasElement, [true, false], async (questions) => {
        await pickFileAction(canvasElement, target.name, f.delete);
        await waitFor(() => expect(questions).toHaveLength(2), ready);
      });
      await expect(asked).toEqual([f.confirmDelete, inUse]);
      await expect(await canvas.findByRole('alert')).toHaveTextContent(inUse);
      await expect(canvas.getByRole('button', { name: f.actions(target.name) })).toBeVisible();
    });
    await step('yes: it goes to the trash', async () => {
      await withConfirm(canvasElement, true, async (questions) => {
        await pickFileAction(canvasElement, target.name, f.delete);
        await waitFor(() => expect(questions).toHaveLength(2), ready);
      });
      await expect(await findFilesTitle(canvasElement, files.length - 1)).toBeVisible();
      await expect(canvas.queryByRole('button', { name: f.actions(target.name) })).not.toBeInTheDocument();
    });
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

/**
 * 10,000 files: the first page of 50 shows with the library's total; scrolling to the end of what
 * is loaded asks for page 2, 3, 4 (the handler honours `page`); the DOM keeps only the cards
 * near the viewport.
 */
export const ManyFiles: Story = {
  beforeEach: using(() => fileHandlers.many(10_000)),
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
