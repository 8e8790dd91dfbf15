/**
 * What the file browser's story files share (Components/Files/FileBrowser/…): the props they
 * start from, and the steps their plays take on a file's menu.
 */
import type { StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileBrowser, type FileBrowserProps } from '../../../src/components/files/FileBrowser';
import { FileActionsMenu } from '../../../src/components/files/FileActionsMenu';
import { FileGrid } from '../../../src/components/files/FileGrid';
import { FileList } from '../../../src/components/files/FileList';
import { files } from '../../fixtures';
import { opened, ready } from '../../routes/plays';

export const pdf = files[0]!;
export const image = files[1]!;

/**
 * The meta of the browser's story files (after their own `title`): the browser and the views it
 * draws with, the sample library in the grid, every callback a spy (made afresh for each file).
 */
export const fileBrowserMeta = () => ({
  component: FileBrowser,
  subcomponents: { FileGrid, FileList, FileActionsMenu },
  args: {
    files,
    view: 'grid',
    onPreview: fn(),
    onDownload: fn(),
    onDelete: fn(),
    confirm: fn(() => true),
  } satisfies Partial<FileBrowserProps>,
});

/** A story of the browser: the meta gives the library and the spies (a story may give others). */
export type FileBrowserStory = StoryObj<ReturnType<typeof fileBrowserMeta>>;

export const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export { twoFrames } from '../../routes/plays';

/**
 * A file's menu button, once the files are laid out: the grid draws one column until it is
 * measured (a story's root is hidden while it mounts), then mounts its cards again in as many
 * columns as fit, and a button found before that is gone.
 */
export async function fileTrigger(canvasElement: HTMLElement, fileName: string) {
  await waitFor(() => expect(canvasElement.querySelector('[data-view="grid"]:not([data-laid-out])')).toBeNull(), ready);
  return within(canvasElement).getByRole('button', { name: `Actions for ${fileName}` });
}

/** Opens a file's menu with `press` (a click, or Enter on the focused trigger). */
export async function openWith(trigger: HTMLElement, press: () => Promise<void>) {
  await press();
  await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'), ready);
}

export async function openMenu(canvasElement: HTMLElement, fileName: string) {
  const trigger = await fileTrigger(canvasElement, fileName);
  await openWith(trigger, () => userEvent.click(trigger));
  return trigger;
}

export async function openMenuAndChoose(canvasElement: HTMLElement, fileName: string, itemName: string) {
  const trigger = await openMenu(canvasElement, fileName);
  // A busy machine (CI) may take over a second to show the menu.
  const item = await body(canvasElement).findByRole('menuitem', { name: itemName }, ready);
  // The menu gives the focus back to its trigger when it closes with the focus inside it: on a
  // busy machine the focus reached the menu after it showed, and an item chosen before that
  // closed it with the focus left behind.
  await opened(item.closest<HTMLElement>('[role="menu"]')!);
  await userEvent.click(item);
  await closedWithFocusBack(trigger);
}

/**
 * A menu closed, its focus given back to its trigger (every action here is the story's `fn()`,
 * so nothing else takes it). On a busy machine the focus came back only after the next menu had
 * opened, and closed that one: a whole pass failed to open the second menu three times.
 */
export async function closedWithFocusBack(trigger: HTMLElement) {
  await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'), ready);
  await waitFor(() => expect(trigger).toHaveFocus(), ready);
}
