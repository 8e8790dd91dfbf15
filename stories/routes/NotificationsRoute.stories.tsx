// The bell in the console: news for the signed-in admin, one opened (its article's page, the
// notification read), all marked read.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { commentTexts } from '../../src/lib/texts-comments';
import { notificationTexts as t } from '../../src/lib/texts-notifications';
import { articles, sampleNotifications } from '../fixtures';
import { articleHandlers, authHandlers, notificationHandlers } from '../mocks';
import { AppStory, storyLocation } from './AppStory';
import { ready } from './plays';
import { type ScreenStory as Story, screen, using } from './screen';

export default { title: 'Screens/Notifications', tags: ['!autodocs'], ...screen('/articles', authHandlers.signedIn, () => articleHandlers.api()) } satisfies Meta<typeof AppStory>;

const draft = articles[1]!;

/** A mention chosen from the bell opens its article at its comments; the count goes down. */
export const OpenFromTheBell: Story = {
  beforeEach: using(() => notificationHandlers.api(sampleNotifications(draft.id))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.bell(2) }, ready));
    const panel = within(await canvas.findByRole('region', { name: t.title }));
    await userEvent.click(panel.getByRole('button', { name: /mentioned you/ }));
    await waitFor(() => expect(storyLocation(canvasElement).pathname).toBe(`/articles/${draft.id}`), ready);
    await expect(await canvas.findByRole('button', { name: t.bell(1) }, ready)).toBeVisible();
    // Opened at its comments (#comments): read, and brought into view.
    const comments = await canvas.findByRole('region', { name: commentTexts.title }, ready);
    await waitFor(() => expect(within(comments).queryByText(commentTexts.loading)).toBeNull(), ready);
    await waitFor(() => {
      const top = comments.getBoundingClientRect().top;
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(canvasElement.ownerDocument.defaultView!.innerHeight / 2);
    }, ready);
  },
};

/** 'Mark all read': the count goes. */
export const MarkAllRead: Story = {
  beforeEach: using(() => notificationHandlers.api(sampleNotifications(draft.id))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.bell(2) }, ready));
    const panel = within(await canvas.findByRole('region', { name: t.title }));
    await userEvent.click(panel.getByRole('button', { name: t.markAllRead }));
    await expect(await canvas.findByRole('button', { name: t.bell(0) }, ready)).toBeVisible();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
