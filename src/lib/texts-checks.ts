/** Texts of the article page's checks before publishing (the items' own sentences are src/contract/checks.ts `checkTexts`). */
import type { CheckKind } from '../contract';

export const checksTexts = {
  title: 'Checks before publishing',
  subtitle:
    'The title, the alt text of images, the heading order, the links and images of other sites that do not answer, and the reading time of the saved HTML. Publishing is never blocked.',
  run: 'Run the checks',
  runAgain: 'Run them again',
  running: 'Checking…',
  notRun: 'Not run yet on this article.',
  loading: 'Reading the last checks…',
  /** No result yet, and the server's own run of the article waits or is under way. */
  pending: 'Running by themselves after the last change…',
  /** The article was saved after the result shown: the server's own run of it is not done. */
  stale: 'Saved since: they run again by themselves.',
  /** An item's button that puts its place in the HTML editor in view, selected. */
  show: 'Show in the HTML',
  /** Its accessible name, with what it is about. */
  showLabel: (kind: string, target: string) => `Show in the HTML: ${kind}, ${target}`,
  /** An image of the file library without alt text here, whose file has some. */
  fileAlt: (alt: string) => `Its file in the library says: “${alt}”`,
  /** The button that writes it into the image's tag in the HTML editor. */
  useFileAlt: "Use the file's alt text",
  useFileAltLabel: (target: string) => `Use the file's alt text: ${target}`,
  kinds: { title: 'Title', alt: 'Alt text', headings: 'Headings', link: 'Link', image: 'Image' } satisfies Record<CheckKind, string>,
  passed: 'Passed',
  failed: 'To fix',
  /** '1,240 words · 5 min read'. */
  reading: (words: number, minutes: number) => `${words.toLocaleString('en-US')} ${words === 1 ? 'word' : 'words'} · ${minutes} min read`,
  /** 'Nothing to fix' or '2 to fix'. */
  showMore: (n: number, kind: string) => `Show ${n} more (${kind})`,
  outcome: (failing: number) => (failing === 0 ? 'Nothing to fix.' : `${failing} to fix.`),
  checkedAt: (when: string) => `Checked ${when}.`,
  unsaved: 'The HTML has unsaved edits: the checks read the saved version.',
};
