// The file browser with many files: 10,000 in the grid and the list (only those near the viewport
// in the DOM), columns that follow the width, the next page on demand, the totals.
import type { Meta } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileBrowser } from '../../../src/components/files/FileBrowser';
import type { StoredFile } from '../../../src/contract';
import { files, manyFiles } from '../../fixtures';
import { expectBusy } from '../../busy';
import { fileBrowserMeta, type FileBrowserStory as Story, twoFrames } from './fileBrowserStories';

export default { title: 'Components/Files/FileBrowser/Paging', ...fileBrowserMeta() } satisfies Meta<typeof FileBrowser>;

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

/** Cards per row in the grid: how many listitems share the first one's top. */
function firstRowLength(canvasElement: HTMLElement): number {
  const items = within(canvasElement).getAllByRole('listitem');
  const top = items[0]!.getBoundingClientRect().top;
  return items.filter((item) => item.getBoundingClientRect().top === top).length;
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
