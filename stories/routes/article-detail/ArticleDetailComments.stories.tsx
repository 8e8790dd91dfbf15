// Comments on the article page (the Comments card; its states are in
// Components/ArticleDetail/CommentsCard): threads found on their passage or detached from it, a
// comment on a passage posted, a thread resolved.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { commentMessages } from '../../../src/contract';
import { commentTexts as t } from '../../../src/lib/texts-comments';
import { sampleComments } from '../../fixtures';
import { articleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { articleDetailScreen, draft } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Comments', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

const commentsCard = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('region', { name: t.title }, ready));

/**
 * The draft's threads: the one on "Tomatoes need sun, water and patience." is on its passage; the
 * one on a line the draft no longer has is detached. A comment on a passage is posted and shows
 * with its quote; a passage the draft does not have is refused in the server's words.
 */
export const CommentOnAPassage: Story = {
  beforeEach: using(() => articleHandlers.api(undefined, [], { comments: sampleComments(draft.id) })),
  play: async ({ canvasElement, step }) => {
    const card = await commentsCard(canvasElement);
    await step('the threads, found on their passage or detached', async () => {
      await expect(await card.findByText('“Tomatoes need sun, water and patience.”', undefined, ready)).toBeVisible();
      await expect(card.getByText(t.detached)).toBeVisible();
    });
    await step('a passage the draft does not have is refused', async () => {
      await userEvent.type(card.getByLabelText(t.bodyLabel), 'Say how much water.');
      await userEvent.type(card.getByLabelText(t.quoteLabel), 'water every morning');
      await userEvent.click(card.getByRole('button', { name: t.post }));
      await expect(await card.findByText(commentMessages.quoteNotFound)).toBeVisible();
    });
    await step('one it has is posted, with its quote', async () => {
      await userEvent.clear(card.getByLabelText(t.quoteLabel));
      await userEvent.type(card.getByLabelText(t.quoteLabel), 'water and patience');
      await userEvent.click(card.getByRole('button', { name: t.post }));
      await waitFor(() => expect(card.getByRole('status')).toHaveTextContent(t.posted));
      await expect(await card.findByText('“water and patience”')).toBeVisible();
      await expect(card.getByText('Say how much water.')).toBeVisible();
    });
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** A thread resolved on the page: it says by whom, and Reopen is offered. */
export const ResolveAThread: Story = {
  beforeEach: using(() => articleHandlers.api(undefined, [], { comments: sampleComments(draft.id) })),
  play: async ({ canvasElement }) => {
    const card = await commentsCard(canvasElement);
    const thread = within((await card.findAllByRole('group', { name: t.thread('dana@example.com') }, ready))[0]!);
    await userEvent.click(thread.getByRole('button', { name: t.resolve }));
    await expect(await thread.findByText(t.resolvedBy('admin@example.com'))).toBeVisible();
    await expect(thread.getByRole('button', { name: t.reopen })).toBeVisible();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};
