/**
 * Comments on an article: threads (a comment and its replies, one level deep) with @mentions of
 * the team's accounts (by email), resolved and reopened. A comment may be anchored to a passage
 * of the blog HTML by its quote and a little context (./anchor: a W3C text-quote selector); after
 * edits the passage is found again, or the comment says it is detached: never on other words.
 * Comments are not the article's content: outside its revisions and the public API.
 *
 * - `GET /articles/:id/comments` (any role): `{ data: Comment[] }`, threads in the order they
 *   started, replies after their comment; `detached` worked out against the blog HTML as it is.
 * - `POST /articles/:id/comments` `{ body, parentId?, anchor? }` (authors and up): `{ data: Comment }`,
 *   201. An anchor with its quote only takes its context from the article when the quote is there
 *   once; a quote found several times needs more of it (or its prefix and suffix).
 * - `PATCH /comments/:id` `{ body?, resolved? }`: the body by its author only; resolving or
 *   reopening a thread by anyone who may comment. `DELETE /comments/:id`: its author or an admin
 *   (a thread's first comment takes its replies with it).
 * Refused with nothing stored: 400 `validation_failed` (an empty body, one over COMMENT_MAX, an
 * @mention of nobody in the team, a quote not in the article or found several times, a reply to
 * a reply or to another article's comment), 403 `forbidden_role` (another's comment), 404.
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';
import { CONTEXT_CHARS, locateQuote, normalSpace, quoteAt, type TextQuote } from './anchor';

export const COMMENT_MAX = 10_000;
/** A quoted passage: at most this many characters. */
export const QUOTE_MAX = 1_000;

const accountRefSchema = z.object({ id: z.string(), email: z.string() });

export const commentAnchorSchema = z.strictObject({
  quote: z.string().min(1).max(QUOTE_MAX),
  prefix: z.string().max(CONTEXT_CHARS).optional(),
  suffix: z.string().max(CONTEXT_CHARS).optional(),
});
export type CommentAnchor = z.infer<typeof commentAnchorSchema>;

export const commentSchema = z.object({
  id: z.string(),
  articleId: z.string(),
  /** The comment it answers (null: it starts a thread). */
  parentId: z.string().nullable(),
  /** Null when the account was removed. */
  author: accountRefSchema.nullable(),
  body: z.string(),
  /** The passage it is about (null: the article as a whole). */
  anchor: commentAnchorSchema.nullable(),
  /** Its passage is no longer in the article (false without an anchor). */
  detached: z.boolean(),
  /** The accounts its body mentions. */
  mentions: z.array(accountRefSchema),
  /** A thread's state, on its first comment (replies: false). */
  resolved: z.boolean(),
  resolvedBy: accountRefSchema.nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentCreateSchema = z.strictObject({
  body: z.string().max(COMMENT_MAX * 2),
  parentId: z.string().min(1).max(64).optional(),
  anchor: commentAnchorSchema.optional(),
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;

export const commentPatchSchema = z
  .strictObject({ body: z.string().max(COMMENT_MAX * 2).optional(), resolved: z.boolean().optional() })
  .refine((patch) => patch.body !== undefined || patch.resolved !== undefined, { message: 'Send body or resolved' });
export type CommentPatch = z.infer<typeof commentPatchSchema>;

export const commentListSchema = z.object({ data: z.array(commentSchema) });
export const commentResultSchema = z.object({ data: commentSchema });

export const commentMessages = {
  empty: 'Write something: a comment cannot be empty.',
  tooLong: `A comment has at most ${COMMENT_MAX.toLocaleString('en-US')} characters.`,
  unknownMention: (who: string) => `Nobody in the team is @${who}: mention an account by its email.`,
  quoteNotFound: 'The quoted passage is not in the article: quote words of its blog HTML as they read.',
  quoteAmbiguous: (times: number) => `The quoted passage is in the article ${times} times: quote more of it so that it is found once.`,
  replyToReply: 'Answer the thread: a reply cannot have replies of its own.',
  parentNotFound: 'The comment answered is not on this article.',
  replyResolved: 'Resolve and reopen a thread on its first comment.',
  notYours: 'Only its author may change a comment.',
  notYoursToDelete: 'Only its author or an admin may delete a comment.',
  notFound: 'No such comment: it may have been deleted.',
};

/**
 * The emails a body mentions: `@` and an address, not inside a word (`a@b.c` alone is not a
 * mention), trailing punctuation left out, each once, lowercased.
 */
export function mentionsIn(body: string): string[] {
  const found = new Set<string>();
  for (const match of body.matchAll(/(^|[^\w@.])@([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g)) found.add(match[2]!.toLowerCase());
  return [...found];
}

/**
 * A new comment's passage in the article's text, as stored: found once (or told apart by the
 * context given), with the context it has there now; or what is wrong with it.
 */
export function anchorIn(text: string, anchor: TextQuote): { anchor: TextQuote } | { problem: string } {
  const quote = normalSpace(anchor.quote);
  if (!quote || !text.includes(quote)) return { problem: commentMessages.quoteNotFound };
  const located = locateQuote(text, { ...anchor, quote });
  if (!located) {
    let times = 0;
    for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) times++;
    return { problem: commentMessages.quoteAmbiguous(times) };
  }
  return { anchor: quoteAt(text, located.start, located.end) };
}

/** Threads in the order they started, each comment followed by its replies (in their order). */
export function threadOrder<T>(items: readonly T[], idOf: (item: T) => string, parentOf: (item: T) => string | null): T[] {
  const replies = new Map<string, T[]>();
  for (const item of items) {
    const parent = parentOf(item);
    if (parent) replies.set(parent, [...(replies.get(parent) ?? []), item]);
  }
  return items.filter((item) => !parentOf(item)).flatMap((item) => [item, ...(replies.get(idOf(item)) ?? [])]);
}

/** What is wrong with a comment's body, or null. */
export function commentProblem(body: string): string | null {
  if (!body.trim()) return commentMessages.empty;
  if (body.trim().length > COMMENT_MAX) return commentMessages.tooLong;
  return null;
}
