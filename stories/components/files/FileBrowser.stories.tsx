import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileBrowser } from '../../../src/components/files/FileBrowser';
import { FileActionsMenu } from '../../../src/components/files/FileActionsMenu';
import { FileGrid } from '../../../src/components/files/FileGrid';
import { FileList } from '../../../src/components/files/FileList';
import { http, HttpResponse } from 'msw';
import type { StoredFile } from '../../../src/contract';
import { files, makeFile, pdfPageThumbnailDataUrl, tinyPngDataUrl } from '../../fixtures';
import { manyFiles } from '../../mocks/files';
import { ready } from '../../routes/plays';
import { expectBusy } from '../../busy';

const pdf = files[0]!;
const image = files[1]!;

const meta = {
  title: 'Components/Files/FileBrowser',
  component: FileBrowser,
  subcomponents: { FileGrid, FileList, FileActionsMenu },
  args: {
    files,
    view: 'grid',
    onPreview: fn(),
    onDownload: fn(),
    onDelete: fn(),
    confirm: fn(() => true),
  },
} satisfies Meta<typeof FileBrowser>;
export default meta;

type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Waits for what the page does on its next frame (a scroll handled, rows painted, focus moved). */
const twoFrames = (view: Window) =>
  new Promise<void>((resolve) => view.requestAnimationFrame(() => view.requestAnimationFrame(() => resolve())));

/**
 * Opens a file's menu with `press` (a click, or Enter on the focused trigger). The first story
 * of the file can press before the menu's machine is listening, and a busy machine (CI) may take
 * seconds to start it: pressed again, up to three times, while the menu is still closed.
 */
async function openWith(trigger: HTMLElement, press: () => Promise<void>) {
  const opened = () => waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'), { timeout: 3_000 });
  for (let attempt = 1; ; attempt++) {
    if (trigger.getAttribute('aria-expanded') !== 'true') await press();
    try {
      return await opened();
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function openMenu(canvasElement: HTMLElement, fileName: string) {
  const trigger = within(canvasElement).getByRole('button', { name: `Actions for ${fileName}` });
  await openWith(trigger, () => userEvent.click(trigger));
  return trigger;
}

async function openMenuAndChoose(canvasElement: HTMLElement, fileName: string, itemName: string) {
  const trigger = await openMenu(canvasElement, fileName);
  // A busy machine (CI) may take over a second to show the menu.
  const item = await body(canvasElement).findByRole('menuitem', { name: itemName }, ready);
  await waitFor(() => expect(item).toBeVisible(), ready);
  await userEvent.click(item);
  await closedWithFocusBack(trigger);
}

/**
 * A menu closed, its focus given back to its trigger (every action here is the story's `fn()`,
 * so nothing else takes it). On a busy machine the focus came back only after the next menu had
 * opened, and closed that one: a whole pass failed to open the second menu three times.
 */
async function closedWithFocusBack(trigger: HTMLElement) {
  await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'), ready);
  await waitFor(() => expect(trigger).toHaveFocus(), ready);
}

export const Grid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Files (5)' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvasElement.querySelector('[data-view="grid"]')).not.toBeNull();
    const pdfCard = canvas.getByText('annual-report-2025.pdf').closest('[role="listitem"]') as HTMLElement;
    await expect(within(pdfCard).getByText('PDF')).toBeVisible();
    await expect(within(pdfCard).getByText('2.34 MB')).toBeVisible();
    // Thumbnails for images that have one, named after the file.
    await expect(canvas.getByRole('img', { name: 'hero-banner.png' })).toHaveAttribute('src', image.thumbnailUrl);
    await expect(canvas.getByRole('img', { name: 'team-photo.jpg' })).toBeVisible();
    // logo.svg has no thumbnail: only its icon.
    await expect(canvas.queryByRole('img', { name: 'logo.svg' })).toBeNull();
  },
};

export const List: Story = {
  args: { view: 'list' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-view="list"]')).not.toBeNull();
    const rows = canvas.getAllByRole('listitem');
    await expect(rows).toHaveLength(5);
    const first = within(rows[0]!);
    await expect(first.getByText('annual-report-2025.pdf')).toBeVisible();
    await expect(first.getByText('PDF')).toBeVisible();
    await expect(first.getByText(/2026/)).toBeVisible();
    await expect(canvas.getAllByText('IMAGE')).toHaveLength(3);
  },
};

export const Loading: Story = {
  args: { files: [], isLoading: true, total: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const loading = canvas.getByRole('group', { name: 'Loading files...' });
    await expect(loading).toHaveAttribute('aria-busy', 'true');
    await expect(within(loading).getAllByTestId('file-skeleton')).toHaveLength(6);
    await expect(canvas.queryByText('No files found')).toBeNull();
  },
};

export const EmptyFiltered: Story = {
  args: { files: [], isFiltered: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Files (0)' })).toBeVisible();
    await expect(canvas.getByText('No files found')).toBeVisible();
    await expect(canvas.getByText('Try adjusting your search or filter')).toBeVisible();
    await expect(canvas.queryByText('Upload some files to get started')).toBeNull();
  },
};

export const EmptyUnfiltered: Story = {
  args: { files: [], isFiltered: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No files found')).toBeVisible();
    await expect(canvas.getByText('Upload some files to get started')).toBeVisible();
    await expect(canvas.queryByText('Try adjusting your search or filter')).toBeNull();
  },
};

/** Empty, seen by a role that may not upload (a viewer): no invitation to upload. */
export const EmptyForViewer: Story = {
  args: { files: [], isFiltered: false, canUpload: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No files found')).toBeVisible();
    await expect(canvas.queryByText('Upload some files to get started')).toBeNull();
  },
};

export const OtherType: Story = {
  args: { files: [files[4]!, pdf, makeFile({ id: 'file_img', name: 'no-thumb.gif', type: 'image', mimeType: 'image/gif' })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByText('notes.bin').closest('[role="listitem"]') as HTMLElement;
    await expect(within(card).getByText('OTHER')).toBeVisible();
    await expect(card.querySelector('[data-file-icon="other"]')).not.toBeNull();
    await expect(card.querySelector('[data-file-icon="pdf"], [data-file-icon="image"]')).toBeNull();
    await expect(within(card).getByText('900 Bytes')).toBeVisible();
    const gif = canvas.getByText('no-thumb.gif').closest('[role="listitem"]') as HTMLElement;
    await expect(gif.querySelector('[data-file-icon="image"]')).not.toBeNull();
  },
};

/** At rest: a file's menu is open with Preview, Download and Delete. */
export const ActionsMenuOpen: Story = {
  name: 'Actions menu open',
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement, 'annual-report-2025.pdf');
    const menu = await body(canvasElement).findByRole('menu');
    // The menu fades in.
    await waitFor(() => expect(menu).toBeVisible());
    await expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Preview', 'Download', 'Delete']);
  },
};

export const DeleteConfirmed: Story = {
  args: { confirm: fn(() => true) },
  play: async ({ canvasElement, args }) => {
    await openMenuAndChoose(canvasElement, 'annual-report-2025.pdf', 'Delete');
    await expect(args.confirm).toHaveBeenCalledTimes(1);
    await expect(args.confirm).toHaveBeenCalledWith('Are you sure you want to delete this file?');
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await expect(args.onDelete).toHaveBeenCalledWith(pdf.id);
  },
};

export const DeleteCancelled: Story = {
  args: { confirm: fn(() => false) },
  play: async ({ canvasElement, args }) => {
    await openMenuAndChoose(canvasElement, 'annual-report-2025.pdf', 'Delete');
    await expect(args.confirm).toHaveBeenCalledWith('Are you sure you want to delete this file?');
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

export const Preview: Story = {
  play: async ({ canvasElement, args }) => {
    await openMenuAndChoose(canvasElement, 'hero-banner.png', 'Preview');
    await expect(args.onPreview).toHaveBeenCalledTimes(1);
    await expect(args.onPreview).toHaveBeenCalledWith(image);
    await expect(args.onDownload).not.toHaveBeenCalled();
    await expect(args.confirm).not.toHaveBeenCalled();
  },
};

export const Download: Story = {
  args: { view: 'list' },
  play: async ({ canvasElement, args }) => {
    await openMenuAndChoose(canvasElement, 'annual-report-2025.pdf', 'Download');
    await expect(args.onDownload).toHaveBeenCalledWith(pdf);
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

export const KeyboardMenu: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Actions for annual-report-2025.pdf' });
    await openWith(trigger, async () => {
      trigger.focus();
      await userEvent.keyboard('{Enter}');
    });
    const preview = await body(canvasElement).findByRole('menuitem', { name: 'Preview' }, ready);
    // The menu fades in and takes focus a frame after it opens: an arrow before that goes to
    // the menu's button. Wait for both before moving through it.
    await waitFor(() => expect(preview).toBeVisible(), ready);
    const menu = body(canvasElement).getByRole('menu');
    await waitFor(() => expect(menu).toContainElement(menu.ownerDocument.activeElement as HTMLElement), ready);
    await userEvent.keyboard('{ArrowDown}');
    const download = body(canvasElement).getByRole('menuitem', { name: 'Download' });
    await waitFor(() => expect(download).toHaveAttribute('data-highlighted'), ready);
    // The menu takes focus for the highlighted item a frame after the arrow: Enter before that
    // frame would close it first, and that late focus would pull focus back into the closed menu.
    await twoFrames(canvasElement.ownerDocument.defaultView!);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onDownload).toHaveBeenCalledTimes(1), ready);
    await expect(args.onDownload).toHaveBeenCalledWith(pdf);
    await expect(args.onPreview).not.toHaveBeenCalled();
    // Focus comes back to the menu's button, so the keyboard goes on from there.
    await waitFor(() => expect(trigger).toHaveFocus(), ready);
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull(), ready);
  },
};

export const Deleting: Story = {
  args: { deletingId: pdf.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Actions for annual-report-2025.pdf' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Actions for hero-banner.png' })).toBeEnabled();
  },
};

/** 10,000 files named after their position (`file-00042.pdf`), built once. */
let library: StoredFile[] | undefined;
const getLibrary = () => (library ??= manyFiles(10_000));

/** Positions of the files in the DOM, read from their names. */
function mountedPositions(root: HTMLElement): number[] {
  return within(root)
    .getAllByRole('listitem')
    .map((item) => Number(/file-(\d+)/.exec(item.textContent ?? '')?.[1]));
}

/** Scrolls the page to the middle: later files replace the first ones, the DOM stays small. */
async function scrollsThroughManyFiles(canvasElement: HTMLElement, rowsAtMost: number) {
  const view = canvasElement.ownerDocument.defaultView!;
  const page = canvasElement.ownerDocument.documentElement;
  view.scrollTo(0, 0);
  await expect(within(canvasElement).getByRole('heading', { name: 'Files (10000)' })).toBeVisible();
  const first = mountedPositions(canvasElement);
  await expect(first[0]).toBe(0);
  await expect(first.length).toBeLessThanOrEqual(rowsAtMost);
  // The files left out still take their room, so the page scrolls through all of them.
  await expect(page.scrollHeight).toBeGreaterThan(100_000);
  const item = within(canvasElement).getAllByRole('listitem')[0]!;
  await expect(item).toHaveAttribute('aria-setsize', '10000');
  await expect(item).toHaveAttribute('aria-posinset', '1');

  view.scrollTo(0, page.scrollHeight / 2);
  await twoFrames(view);
  await waitFor(() => expect(Math.min(...mountedPositions(canvasElement))).toBeGreaterThan(1000));
  await expect(mountedPositions(canvasElement).length).toBeLessThanOrEqual(rowsAtMost);
  await expect(within(canvasElement).queryByText('file-00000.pdf')).toBeNull();
  // Every mounted file has its menu.
  const later = within(canvasElement).getAllByRole('listitem')[0]!;
  const position = Number(later.getAttribute('aria-posinset'));
  const name = `file-${String(position - 1).padStart(5, '0')}.${position % 2 ? 'pdf' : 'png'}`;
  await expect(within(later).getByRole('button', { name: `Actions for ${name}` })).toBeInTheDocument();
  view.scrollTo(0, 0);
}

export const ManyFilesGrid: Story = {
  args: { total: 10_000 },
  // Built in render, not passed as args: 10,000 objects are not controls.
  render: (args) => (
    <Box w="900px">
      <FileBrowser {...args} files={getLibrary()} />
    </Box>
  ),
  // 4 columns; a row is about 240px: the viewport and 4 rows each side are mounted.
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-view="grid"]')).not.toBeNull();
    await scrollsThroughManyFiles(canvasElement, 4 * 16);
  },
};

export const ManyFilesList: Story = {
  args: { total: 10_000, view: 'list' },
  render: (args) => <FileBrowser {...args} files={getLibrary()} />,
  // A row is about 70px: the viewport and 15 rows each side are mounted.
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-view="list"]')).not.toBeNull();
    await scrollsThroughManyFiles(canvasElement, 60);
  },
};

/** Cards per row in the grid: how many listitems share the first one's top. */
function firstRowLength(canvasElement: HTMLElement): number {
  const items = within(canvasElement).getAllByRole('listitem');
  const top = items[0]!.getBoundingClientRect().top;
  return items.filter((item) => item.getBoundingClientRect().top === top).length;
}

/** The column count follows the list's width (the card's padding aside): 1 to 4 columns of cards at least 180px wide. */
export const GridColumnsFollowWidth: Story = {
  render: (args) => (
    <Box display="flex" flexDirection="column" gap="4">
      {[300, 480, 700, 900].map((width) => (
        <Box key={width} w={`${width}px`} data-testid={`width-${width}`}>
          <FileBrowser {...args} files={getLibrary().slice(0, 8)} />
        </Box>
      ))}
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const expected: Record<number, number> = { 300: 1, 480: 2, 700: 3, 900: 4 };
    for (const [width, columns] of Object.entries(expected)) {
      const box = within(canvasElement).getByTestId(`width-${width}`);
      await waitFor(() => expect(firstRowLength(box)).toBe(columns));
    }
  },
};

export const LoadMore: Story = {
  args: { files: files.slice(0, 2), total: 120, hasMore: true, onLoadMore: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Files (120)' })).toBeVisible();
    // The end of the list is in view, so the next page is asked for on its own...
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalled());
    const calls = (args.onLoadMore as ReturnType<typeof fn>).mock.calls.length;
    // ...and the button does the same for keyboard and pointer users.
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(calls + 1);
    await expect(canvas.getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '120');
  },
};

export const FetchingMore: Story = {
  args: { files: files.slice(0, 2), total: 120, hasMore: true, isFetchingMore: true, onLoadMore: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Loading more...' });
    await expectBusy(button);
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onLoadMore).not.toHaveBeenCalled();
  },
};

/** A name search matching more than 1,000 files: the server counts up to 1,000 and says "more". */
export const SearchOverCountCap: Story = {
  args: { total: 1_001, isSearch: true, isFiltered: true, hasMore: true, onLoadMore: fn() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Files (1,000+)' })).toBeVisible();
  },
};

/** Without a search the total is exact, however large. */
export const LargeExactTotal: Story = {
  args: { total: 100_000, isSearch: false, hasMore: true, onLoadMore: fn() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Files (100000)' })).toBeVisible();
  },
};

/** A PDF whose first page the server drew: its thumbnail shows it. */
const reportWithThumbnail = makeFile({ id: 'file_pdf_thumb', name: 'quarterly-report.pdf', thumbnailUrl: pdfPageThumbnailDataUrl });

/** A PDF with a thumbnail shows its first page, named as such; a PDF without one keeps its icon. */
export const PdfThumbnailGrid: Story = {
  name: 'PDF thumbnail (grid)',
  args: { files: [reportWithThumbnail, pdf] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const thumbnail = canvas.getByRole('img', { name: 'First page of quarterly-report.pdf' });
    await expect(thumbnail).toBeVisible();
    await expect(thumbnail).toHaveAttribute('src', pdfPageThumbnailDataUrl);
    const withThumbnail = canvas.getByText('quarterly-report.pdf').closest('[role="listitem"]') as HTMLElement;
    // Only the small icon beside the badge; the large one gave way to the page.
    await expect(withThumbnail.querySelectorAll('[data-file-icon="pdf"]')).toHaveLength(1);
    const without = canvas.getByText('annual-report-2025.pdf').closest('[role="listitem"]') as HTMLElement;
    await expect(within(without).queryByRole('img')).toBeNull();
    await expect(without.querySelectorAll('[data-file-icon="pdf"]')).toHaveLength(2);
  },
};

export const PdfThumbnailList: Story = {
  name: 'PDF thumbnail (list)',
  args: { files: [reportWithThumbnail, pdf], view: 'list' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [withThumbnail, without] = canvas.getAllByRole('listitem');
    await expect(within(withThumbnail!).getByRole('img', { name: 'First page of quarterly-report.pdf' })).toHaveAttribute(
      'src',
      pdfPageThumbnailDataUrl,
    );
    await expect(withThumbnail!.querySelector('[data-file-icon="pdf"]')).toBeNull();
    await expect(within(without!).getByText('annual-report-2025.pdf')).toBeVisible();
    await expect(within(without!).queryByRole('img')).toBeNull();
    await expect(without!.querySelector('[data-file-icon="pdf"]')).not.toBeNull();
  },
};

// Selection, highlight, Copy link and Replace… (what the file manager adds to the views).

/** With the route's callbacks the menu also offers Copy link and Replace…, each calling back with the file. */
export const CopyLinkAndReplace: Story = {
  name: 'Copy link and Replace… in the menu',
  args: { onCopyLink: fn(), onReplace: fn() },
  play: async ({ canvasElement, args }) => {
    const trigger = await openMenu(canvasElement, 'annual-report-2025.pdf');
    const menu = await body(canvasElement).findByRole('menu');
    await waitFor(() => expect(menu).toBeVisible());
    await expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Preview',
      'Download',
      'Copy link',
      'Replace…',
      'Delete',
    ]);
    await userEvent.keyboard('{Escape}');
    await closedWithFocusBack(trigger);
    await openMenuAndChoose(canvasElement, 'annual-report-2025.pdf', 'Copy link');
    await expect(args.onCopyLink).toHaveBeenCalledWith(pdf);
    await openMenuAndChoose(canvasElement, 'hero-banner.png', 'Replace…');
    await expect(args.onReplace).toHaveBeenCalledWith(image);
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

/** Selectable: a checkbox per card; a click toggles it, a shift-click asks for the range. */
export const Selectable: Story = {
  args: { selected: new Set<string>(), onToggleSelect: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(files.length);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select hero-banner.png' }));
    await expect(args.onToggleSelect).toHaveBeenLastCalledWith(image.id, false);
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(canvas.getByRole('checkbox', { name: 'Select logo.svg' }));
    await user.keyboard('{/Shift}');
    await expect(args.onToggleSelect).toHaveBeenLastCalledWith(files[3]!.id, true);
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

/** Two files selected, in the list view: their boxes are checked and their rows marked. */
export const SelectedInList: Story = {
  args: { view: 'list', selected: new Set([pdf.id, image.id]), onToggleSelect: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Select annual-report-2025.pdf' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Select hero-banner.png' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Select team-photo.jpg' })).not.toBeChecked();
    const rows = canvas.getAllByRole('listitem');
    await expect(rows.filter((row) => row.hasAttribute('data-selected'))).toHaveLength(2);
  },
};

/** Space on a focused card toggles it (Shift+Space asks for the range); Space in its menu button does not. */
export const SpaceTogglesFocusedFile: Story = {
  args: { selected: new Set<string>(), onToggleSelect: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByText('team-photo.jpg').closest('[role="listitem"]') as HTMLElement;
    card.focus();
    await expect(card).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onToggleSelect).toHaveBeenCalledWith(files[2]!.id, false);
    await userEvent.keyboard('{Shift>} {/Shift}');
    await expect(args.onToggleSelect).toHaveBeenLastCalledWith(files[2]!.id, true);
    await expect(args.onToggleSelect).toHaveBeenCalledTimes(2);
  },
};

/** The file an upload of the same bytes found is pointed out (ringed). */
export const HighlightedFile: Story = {
  args: { highlightId: image.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByText('hero-banner.png').closest('[role="listitem"]') as HTMLElement;
    await expect(card).toHaveAttribute('data-highlighted');
    const others = canvas.getAllByRole('listitem').filter((item) => item !== card);
    for (const other of others) await expect(other).not.toHaveAttribute('data-highlighted');
  },
};

/** A replaced file's thumbnail is asked for under its version, so the browser shows the new one. */
export const ThumbnailVersioned: Story = {
  beforeEach({ msw }) {
    const png = Uint8Array.from(atob(tinyPngDataUrl.split(',')[1]!), (c) => c.charCodeAt(0));
    msw.use(http.get('*/api/files/file_replaced/thumbnail', () => new HttpResponse(png, { headers: { 'content-type': 'image/png' } })));
  },
  args: {
    files: [
      makeFile({
        id: 'file_replaced',
        name: 'replaced.png',
        type: 'image',
        mimeType: 'image/png',
        url: '/api/files/file_replaced/content',
        thumbnailUrl: '/api/files/file_replaced/thumbnail',
        lastModified: '2026-11-20T09:30:00.000Z',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'replaced.png' });
    await expect(img.getAttribute('src')).toBe('/api/files/file_replaced/thumbnail?v=1795167000000');
  },
};
