import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CommentsCard } from '../../../src/components/article-detail/CommentsCard';
import { commentMessages, roleMessages, whoMay } from '../../../src/contract';
import { texts } from '../../../src/lib/texts';
import { commentTexts as t } from '../../../src/lib/texts-comments';
import { sampleComments } from '../../fixtures';

// The stories' threads, the passage of comment-c gone from the article: it shows as detached.
const threads = sampleComments('art_1').map((c) => (c.id === 'comment-c' ? { ...c, detached: true } : c));

const meta = {
  title: 'Components/ArticleDetail/CommentsCard',
  component: CommentsCard,
  args: {
    comments: [],
    loadError: null,
    onRetry: fn(),
    currentUserId: 'u1',
    isAdmin: false,
    onCreate: fn(async () => undefined),
    onResolve: fn(async () => undefined),
    onDelete: fn(async () => undefined),
  },
} satisfies Meta<typeof CommentsCard>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('region', { name: t.title }));
const blur = (canvasElement: HTMLElement) => (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();

/** No comments yet: one is written on a passage pasted from the article, and said posted. */
export const NoComments: Story = {
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await expect(c.getByText(t.none)).toBeVisible();
    await userEvent.type(c.getByLabelText(t.bodyLabel), 'Name two varieties, @dana@example.com.');
    await userEvent.type(c.getByLabelText(t.quoteLabel), 'Tomatoes need sun');
    await userEvent.click(c.getByRole('button', { name: t.post }));
    await expect(args.onCreate).toHaveBeenCalledWith({ body: 'Name two varieties, @dana@example.com.', quote: 'Tomatoes need sun' });
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent(t.posted));
    await expect(c.getByLabelText(t.bodyLabel)).toHaveValue('');
    blur(canvasElement);
  },
};

/**
 * Threads: one on a passage with a reply, one whose passage is gone (detached, struck through),
 * one resolved. Replying and resolving send what they say.
 */
export const Threads: Story = {
  args: { comments: threads },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await expect(c.getByText('“Tomatoes need sun, water and patience.”')).toBeVisible();
    await expect(c.getByText(t.detached)).toBeVisible();
    await expect(c.getByText(t.resolvedBy('dana@example.com'))).toBeVisible();
    const first = within(c.getAllByRole('group', { name: t.thread('dana@example.com') })[0]!);
    await userEvent.click(first.getByRole('button', { name: t.reply }));
    await userEvent.type(first.getByLabelText(t.replyLabel), 'And a cherry one.');
    await userEvent.click(first.getByRole('button', { name: t.sendReply }));
    await expect(args.onCreate).toHaveBeenCalledWith({ body: 'And a cherry one.', parentId: 'comment-a' });
    await userEvent.click(first.getByRole('button', { name: t.resolve }));
    await expect(args.onResolve).toHaveBeenCalledWith('comment-a', true);
    blur(canvasElement);
  },
};

/** Deleting one's own comment asks first; Keep leaves it, Delete sends it. */
export const DeleteAsksFirst: Story = {
  args: { comments: threads },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    const mine = within(c.getByRole('group', { name: t.thread('admin@example.com') }));
    await userEvent.click(mine.getByRole('button', { name: t.delete }));
    await expect(mine.getByText(t.confirmDelete)).toBeVisible();
    await userEvent.click(mine.getByRole('button', { name: t.keep }));
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(mine.getByRole('button', { name: t.delete }));
    await userEvent.click(within(mine.getByRole('group', { name: t.confirmDelete })).getByRole('button', { name: t.delete }));
    await expect(args.onDelete).toHaveBeenCalledWith('comment-d');
    blur(canvasElement);
  },
};

/** The server refuses (the passage is not in the article): said in its words, what was typed kept. */
export const Refused: Story = {
  args: { onCreate: fn(async () => Promise.reject(new Error(commentMessages.quoteNotFound))) },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await userEvent.type(c.getByLabelText(t.bodyLabel), 'About this.');
    await userEvent.type(c.getByLabelText(t.quoteLabel), 'words not there');
    await userEvent.click(c.getByRole('button', { name: t.post }));
    await expect(await c.findByText(commentMessages.quoteNotFound)).toBeVisible();
    await expect(c.getByLabelText(t.bodyLabel)).toHaveValue('About this.');
    blur(canvasElement);
  },
};

/** An empty comment is not sent: said at once. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await userEvent.click(c.getByRole('button', { name: t.post }));
    await expect(await c.findByText(commentMessages.empty)).toBeVisible();
    await expect(args.onCreate).not.toHaveBeenCalled();
    blur(canvasElement);
  },
};

/** A viewer reads the threads, with who may comment, and nothing to press. */
export const ReadOnly: Story = {
  args: { comments: threads, refused: roleMessages.forbidden('Comment', whoMay('createArticleComment'), 'viewer') },
  play: async ({ canvasElement }) => {
    const c = card(canvasElement);
    await expect(c.queryByRole('button', { name: t.post })).toBeNull();
    await expect(c.queryByRole('button', { name: t.reply })).toBeNull();
  },
};

export const Loading: Story = {
  args: { comments: undefined },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByText(t.loading)).toBeVisible();
  },
};

/** The comments could not be read: the server's words, and Try again. */
export const Failed: Story = {
  args: { comments: undefined, loadError: 'The database is unavailable. Try again in a moment.' },
  play: async ({ canvasElement, args }) => {
    const c = card(canvasElement);
    await userEvent.click(c.getByRole('button', { name: texts.articles.tryAgain }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    blur(canvasElement);
  },
};
