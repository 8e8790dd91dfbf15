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
import { ready } from '../../routes/plays';

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
 * Opens a file's menu with `press` (a click, or Enter on the focused trigger). The first story
 * of the file can press before the menu's machine is listening, and a busy machine (CI) may take
 * seconds to start it: pressed again, up to three times, while the menu is still closed.
 */
export async function openWith(trigger: HTMLElement, press: () => Promise<void>) {
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

export async function openMenu(canvasElement: HTMLElement, fileName: string) {
  const trigger = within(canvasElement).getByRole('button', { name: `Actions for ${fileName}` });
  await openWith(trigger, () => userEvent.click(trigger));
  return trigger;
}

export async function openMenuAndChoose(canvasElement: HTMLElement, fileName: string, itemName: string) {
  const trigger = await openMenu(canvasElement, fileName);
  // A busy machine (CI) may take over a second to show the menu.
  const item = await body(canvasElement).findByRole('menuitem', { name: itemName }, ready);
  await waitFor(() => expect(item).toBeVisible(), ready);
  // The menu gives the focus back to its trigger when it closes with the focus inside it: on a
  // busy machine the focus reached the menu after it showed, and an item chosen before that
  // closed it with the focus left behind.
  const menu = item.closest('[role="menu"]')!;
  await waitFor(() => expect(menu.contains(menu.ownerDocument.activeElement)).toBe(true), ready);
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
