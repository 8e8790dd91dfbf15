/**
 * What the articles' and the files' trash list stories share (both are src/components/lists/TrashList):
 * the frame, the clock, the callbacks, and the plays for the states and steps that read the same.
 */
import type { Decorator } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { trashTexts } from '../../src/lib/texts-articles';
import { opened } from '../routes/plays';

/** The clock the days left are counted from: fixed, so the stories read the same every day. */
export const trashNow = Date.parse('2026-11-20T09:30:00.000Z');

/** An answer the API client would reject with (an ApiError's fields). */
export const apiError = (fields: { message: string; code: string; suggestion?: string }) =>
  Object.assign(new Error(fields.message), fields);

/** A list with rows, loaded, with a spy for every callback. */
export const trashListArgs = () => ({
  isLoading: false,
  error: null,
  now: trashNow,
  onRetry: fn(),
  onRestore: fn(async () => {}),
  onDeleteForever: fn(async () => {}),
  onLoadMore: fn(),
});

export const trashListDecorators: Decorator[] = [
  (Story) => (
    <Box maxW="3xl">
      <Story />
    </Box>
  ),
];

interface PlayContext {
  canvasElement: HTMLElement;
}

/** The list's own words (the articles' or the files'). */
export interface TrashListWords {
  loading: string;
  errorTitle: string;
  errorFallback: string;
  /** The empty state's line under 'The trash is empty'. */
  emptyBody: string;
  restore: string;
  deleteForever: string;
}

/** The row helpers and plays, in the words of one list. */
export function trashListPlays(t: TrashListWords) {
  const row = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('article', { name });
  const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

  async function openDeleteForever(canvasElement: HTMLElement, name: string) {
    await userEvent.click(within(row(canvasElement, name)).getByRole('button', { name: t.deleteForever }));
    const dialog = await opened(page(canvasElement).findByRole('alertdialog', { name: trashTexts.confirmTitle }));
    return dialog;
  }

  /**
   * The dialog closed, its focus given back to the row's Delete forever; then let go. Whether
   * Chromium draws the ring of a focus a script moved follows its focus-visible guess, which
   * hangs on when the dialog's own first focus landed: on a loaded machine the shot lost the
   * ring its baseline had. Without focus, the shot is the same on every run.
   */
  async function closedWithFocusBack(canvasElement: HTMLElement, name: string) {
    await waitFor(() => expect(page(canvasElement).queryByRole('alertdialog')).toBeNull());
    const trigger = within(row(canvasElement, name)).getByRole('button', { name: t.deleteForever });
    await waitFor(() => expect(trigger).toHaveFocus());
    trigger.blur();
  }

  /** Cancel closes the dialog, focus back on the row's Delete forever. */
  async function cancelDeleteForever(canvasElement: HTMLElement, dialog: HTMLElement, name: string) {
    await userEvent.click(within(dialog).getByRole('button', { name: trashTexts.cancel }));
    await closedWithFocusBack(canvasElement, name);
  }

  return {
    row,
    page,
    openDeleteForever,
    cancelDeleteForever,

    /** Restore refused: the server's message under the row; resolves to the row. */
    async refuseRestore(canvasElement: HTMLElement, name: string, message: string) {
      const refused = within(row(canvasElement, name));
      await userEvent.click(refused.getByRole('button', { name: t.restore }));
      await expect(await refused.findByRole('alert')).toHaveTextContent(message);
      return refused;
    },

    /** Delete forever confirmed and refused: the server's message in the dialog; resolves to the dialog. */
    async refuseDeleteForever(canvasElement: HTMLElement, name: string, message: string) {
      const dialog = await openDeleteForever(canvasElement, name);
      await userEvent.click(within(dialog).getByRole('button', { name: t.deleteForever }));
      await expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
      return dialog;
    },

    loading: async ({ canvasElement }: PlayContext) => {
      const canvas = within(canvasElement);
      await expect(canvas.getByRole('status')).toHaveTextContent(t.loading);
      await expect(canvas.queryByRole('article')).toBeNull();
    },

    empty: async ({ canvasElement }: PlayContext) => {
      const canvas = within(canvasElement);
      await expect(canvas.getByRole('heading', { name: 'The trash is empty' })).toBeVisible();
      await expect(canvas.getByText(t.emptyBody)).toBeVisible();
      await expect(canvas.queryByRole('list')).toBeNull();
    },

    /** With the server's message, and Try Again. */
    loadFailed:
      (message: string) =>
      async ({ canvasElement, args }: PlayContext & { args: { onRetry: () => void } }) => {
        const canvas = within(canvasElement);
        await expect(canvas.getByRole('alert')).toHaveTextContent(t.errorTitle);
        await expect(canvas.getByText(message)).toBeVisible();
        await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
        await expect(args.onRetry).toHaveBeenCalledTimes(1);
      },

    loadFailedWithoutMessage: async ({ canvasElement }: PlayContext) => {
      await expect(within(canvasElement).getByText(t.errorFallback)).toBeVisible();
    },

    /** Delete forever asks first, saying `body`: Cancel deletes nothing; the dialog's Delete forever does. */
    deleteForever:
      (item: { name: string; id: string }, body: string) =>
      async ({
        canvasElement,
        args,
        step,
      }: PlayContext & {
        args: { onDeleteForever?: (id: string) => unknown };
        step: (label: string, play: () => Promise<void>) => Promise<void> | void;
      }) => {
        await step('cancel', async () => {
          const dialog = await openDeleteForever(canvasElement, item.name);
          await expect(within(dialog).getByText(body)).toBeVisible();
          await expect(within(dialog).getByText(item.name)).toBeVisible();
          await cancelDeleteForever(canvasElement, dialog, item.name);
          await expect(args.onDeleteForever).not.toHaveBeenCalled();
        });
        await step('confirm', async () => {
          const dialog = await openDeleteForever(canvasElement, item.name);
          await userEvent.click(within(dialog).getByRole('button', { name: t.deleteForever }));
          await expect(args.onDeleteForever).toHaveBeenCalledTimes(1);
          await expect(args.onDeleteForever).toHaveBeenCalledWith(item.id);
          await closedWithFocusBack(canvasElement, item.name);
        });
      },

    /** More pages on the server: 'Load more' asks for the next. */
    hasMore: async ({ canvasElement, args }: PlayContext & { args: { onLoadMore?: () => void } }) => {
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Load more' }));
      await expect(args.onLoadMore).toHaveBeenCalled();
    },
  };
}
