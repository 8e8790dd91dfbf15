// A file's actions menu in the file browser: open, each action calling back with the file, by
// keyboard, and with the file manager's Copy link and Replace….
import type { Meta } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileBrowser } from '../../../src/components/files/FileBrowser';
import { focusTaken, ready, opened } from '../../routes/plays';
import { body, closedWithFocusBack, fileBrowserMeta, fileTrigger, type FileBrowserStory as Story, image, openMenu, openMenuAndChoose, openWith, pdf, twoFrames } from './fileBrowserStories';

export default { title: 'Components/Files/FileBrowser/Menu', ...fileBrowserMeta() } satisfies Meta<typeof FileBrowser>;

/** At rest: a file's menu is open with Preview, Download and Delete. */
export const ActionsMenuOpen: Story = {
  name: 'Actions menu open',
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement, 'annual-report-2025.pdf');
    const menu = await opened(body(canvasElement).findByRole('menu'));
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
    const trigger = await fileTrigger(canvasElement, 'annual-report-2025.pdf');
    await openWith(trigger, async () => {
      trigger.focus();
      await userEvent.keyboard('{Enter}');
    });
    const preview = await body(canvasElement).findByRole('menuitem', { name: 'Preview' }, ready);
    // The menu fades in and takes focus a frame after it opens: an arrow before that goes to
    // the menu's button. Wait for both before moving through it.
    await waitFor(() => expect(preview).toBeVisible(), ready);
    const menu = body(canvasElement).getByRole('menu');
    await focusTaken(menu);
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

/** With the route's callbacks the menu also offers Copy link and Replace…, each calling back with the file. */
export const CopyLinkAndReplace: Story = {
  name: 'Copy link and Replace… in the menu',
  args: { onCopyLink: fn(), onReplace: fn() },
  play: async ({ canvasElement, args }) => {
    const trigger = await openMenu(canvasElement, 'annual-report-2025.pdf');
    const menu = await opened(body(canvasElement).findByRole('menu'));
    await expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Preview',
      'Download',
      'Copy link',
      'Replace…',
      'Delete',
    ]);
    // Escape closes the menu from within it: once the menu has the focus (on a busy machine it
    // came after the menu showed, and an Escape pressed before it closed nothing).
    await waitFor(() => expect(menu.contains(menu.ownerDocument.activeElement)).toBe(true), ready);
    await userEvent.keyboard('{Escape}');
    await closedWithFocusBack(trigger);
    await openMenuAndChoose(canvasElement, 'annual-report-2025.pdf', 'Copy link');
    await expect(args.onCopyLink).toHaveBeenCalledWith(pdf);
    await openMenuAndChoose(canvasElement, 'hero-banner.png', 'Replace…');
    await expect(args.onReplace).toHaveBeenCalledWith(image);
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};
