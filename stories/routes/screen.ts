/**
 * What every screen's stories share: the whole console at a path (AppStory), full screen, with
 * the MSW handlers a story file starts from; and the few queries every screen's plays make.
 *
 * A story file spreads `screen(…)` into its meta after its own `title` and `tags`, which Storybook
 * reads from the file itself, and types its stories as `ScreenStory`:
 *
 *   export default { title: 'Screens/Articles/Search', tags: ['!autodocs'], ...articlesScreen } satisfies Meta<typeof AppStory>;
 *
 * Comment such a meta with `//`: Storybook writes a doc comment above it into a `parameters` of
 * its own, after the spread, which would hide the screen's layout (stories/metas.test.ts).
 */
import type { StoryObj } from '@storybook/react-vite';
import type { SetupWorker } from 'msw/browser';
import { http } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { toaster } from '../../src/components/common/Toaster';
import { AppStory } from './AppStory';
import { twoFrames } from './plays';

type Handlers = Parameters<SetupWorker['use']>;

/**
 * A `beforeEach` that puts the handlers each factory makes (afresh for every run of a story: the
 * mocks keep their state in them) in front of those already there, in order.
 */
export const using =
  (...factories: (() => Handlers)[]) =>
  ({ msw }: { msw: SetupWorker }) => {
    msw.use(...factories.flatMap((make) => make()));
  };

/**
 * The meta of a screen's story files: the console at `path`, starting from the handlers the
 * factories make (a story puts the variant it shows in front of them).
 */
export const screen = (path: string, ...factories: (() => Handlers)[]) => ({
  component: AppStory,
  args: { path },
  parameters: { layout: 'fullscreen' },
  ...(factories.length ? { beforeEach: using(...factories) } : {}),
});

/**
 * The GET requests a story's page sends to `path`, recorded and passed on to the handlers behind:
 * `handlers` (for `using`) starts the record afresh and puts the recorder in front.
 */
export function requestsTo(path: string) {
  const queries: URLSearchParams[] = [];
  const handlers = () => {
    queries.length = 0;
    return [
      http.get(path, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return undefined;
      }),
    ];
  };
  return { queries, handlers };
}

/** The toasts live in a store shared by the stories of a page: a story starts (and ends) without any. */
export function withoutToasts() {
  toaster.remove();
  return () => toaster.remove();
}

/** A screen's story: the meta gives the path (a story may give another). */
export type ScreenStory = StoryObj<{ component: typeof AppStory; args: { path: string } }>;

/** Dialogs, menus and toasts are portalled to the page's body. */
export const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** A toast by its title, once it has faded in. */
export async function findToast(canvasElement: HTMLElement, title: string) {
  const toast = await body(canvasElement).findByRole('status', { name: title }, { timeout: 5_000 });
  await waitFor(() => expect(toast).toBeVisible());
  await toastsSettled(canvasElement.ownerDocument);
  return toast;
}

/** Each toast's place, as the toaster lays them out. */
const toastPlaces = (doc: Document) =>
  [...doc.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((toast) => {
    const { top, left, height } = toast.getBoundingClientRect();
    return `${toast.getAttribute('data-state')} ${toast.hasAttribute('data-mounted')} ${top} ${left} ${height}`;
  });

/**
 * The toaster at rest: no toast on its way out or not yet measured, and each where it was two
 * frames before. A toast that replaced another (an upload's progress, then its refusal) is
 * placed once the other is gone and its own height is known; on a busy machine that came after
 * the play had ended, and the story's look was taken with the toast 20 px lower.
 */
export async function toastsSettled(doc: Document) {
  await waitFor(async () => {
    const before = toastPlaces(doc);
    expect(before.every((place) => place.startsWith('open true '))).toBe(true);
    // The front toast is laid out with the height the toaster measured of it: a toast whose
    // content changed (progress, then a refusal of two lines) is placed again once measured.
    for (const front of doc.querySelectorAll<HTMLElement>('[data-scope="toast"][data-part="root"][data-first]')) {
      const measured = parseFloat(getComputedStyle(front).getPropertyValue('--initial-height'));
      expect(Math.abs(front.getBoundingClientRect().height - measured)).toBeLessThan(1);
    }
    await twoFrames(doc.defaultView!);
    expect(toastPlaces(doc)).toEqual(before);
  });
}

/** The page is no wider than the screen: nothing sticks out sideways. */
export async function expectNoSidewaysScroll(canvasElement: HTMLElement) {
  const root = canvasElement.ownerDocument.documentElement;
  await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
}
