// Copy link in a file's menu: the address on the clipboard, or to copy by hand when the browser refuses.
import type { Meta } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { fileExtraTexts as x } from '../../../src/lib/texts-files';
import { files } from '../../fixtures';
import { AppStory } from '../AppStory';
import { findToast, type ScreenStory as Story } from '../screen';
import { fileManagerScreen, findFilesTitle, pickFileAction } from './fileManagerScreen';

export default { title: 'Screens/FileManager/CopyLink', tags: ['!autodocs'], ...fileManagerScreen } satisfies Meta<typeof AppStory>;

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
