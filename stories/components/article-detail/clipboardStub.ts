import { expect, fn, waitFor, within, type Mock } from 'storybook/test';
import { texts } from '../../../src/lib/texts';

/**
 * Replaces navigator.clipboard with a spy for one story, so copying works in headless Chromium
 * (which has no clipboard permission) and the play can check what was written. Returns the
 * cleanup for a story's `beforeEach`.
 */
export function stubClipboard(writeText: (text: string) => Promise<void> = async () => {}) {
  const spy = fn(writeText).mockName('navigator.clipboard.writeText');
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  // The real clipboard is a getter on Navigator.prototype: removing the own property restores it.
  return () => {
    Reflect.deleteProperty(navigator, 'clipboard');
  };
}

/** The spy installed by `stubClipboard`. */
export function clipboardSpy(): Mock<(text: string) => Promise<void>> {
  return navigator.clipboard.writeText as Mock<(text: string) => Promise<void>>;
}

/**
 * Waits for every check mark to go (each shows for 2 s after its copy): a play ends on the copy
 * buttons at rest, not on a look that lasts until a timer fires, earlier or later than the
 * screenshot. The check mark itself has its story (CopyButton, Copied).
 */
export async function expectCopiedMarksGone(canvasElement: HTMLElement) {
  await waitFor(() => expect(within(canvasElement).queryAllByRole('button', { name: texts.article.copied })).toHaveLength(0), { timeout: 6_000 });
}
