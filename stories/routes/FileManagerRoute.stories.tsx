import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages } from '../../src/contract';
import { formatBytes } from '../../src/lib/format';
import { texts } from '../../src/lib/texts';
import { files } from '../fixtures';
import { authHandlers, fileHandlers } from '../mocks';
import { AppStory } from './AppStory';

const f = texts.files;

/** Signed in, with working APIs; a story puts the variant it shows in front of them. */
const meta = {
  title: 'Routes/FileManager',
  component: AppStory,
  args: { path: '/file-manager' },
  parameters: { layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedIn(), ...fileHandlers.api());
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
    await expect(await canvas.findByText(serverMessages.fileTooLarge, undefined, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: f.filesCount(files.length) })).toBeVisible();
  },
};

export const DeleteWithConfirmation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const win = canvasElement.ownerDocument.defaultView!;
    const target = files[3]!;
    await findFilesTitle(canvasElement, files.length);
    const original = win.confirm;
    const asked: string[] = [];
    win.confirm = (message?: string) => {
      asked.push(String(message));
      return true;
    };
    try {
      await userEvent.click(canvas.getByRole('button', { name: f.actions(target.name) }));
      await userEvent.click(await body.findByRole('menuitem', { name: f.delete }));
      await expect(asked).toEqual([f.confirmDelete]);
      await expect(await findFilesTitle(canvasElement, files.length - 1)).toBeVisible();
      await expect(canvas.queryByRole('button', { name: f.actions(target.name) })).not.toBeInTheDocument();
    } finally {
      win.confirm = original;
    }
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
