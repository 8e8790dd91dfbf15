/**
 * Comments on an article (src/contract/comments.ts): read with each anchored passage found again
 * in the blog HTML as it is (src/contract/anchor.ts), written in one transaction each. Mentions
 * name accounts of the team by email; a quote must be in the article, once (or told apart by its
 * context). Not the article's content: no revision, no new version, no activity entry.
 */
import {
  anchorIn,
  commentMessages,
  commentProblem,
  locateQuote,
  mentionsIn,
  notificationMessages,
  textOfHtml,
  threadOrder,
  type Comment,
  type CommentAnchor,
  type CommentCreate,
  type CommentPatch,
  type Role,
} from '../../../src/contract/index.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { apiError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { getArticle } from '../../repositories/articles.ts';
import {
  accountsByEmail,
  commentById,
  commentsOf,
  deleteComment,
  insertComment,
  setResolved,
  updateCommentBody,
  type CommentRow,
} from '../../repositories/comments.ts';
import { accountsAmong } from '../../repositories/reviews.ts';
import { notify } from '../../notifications/operations.ts';
import { articleLabel } from '../rules.ts';
import { articleNotFound } from './create.ts';

type Actor = { id: string; email: string; role: Role };

const notFound = () => apiError('not_found', commentMessages.notFound);

/** The contract's comments of rows, the accounts they name read once, anchors located in `text`. */
async function toComments(db: Queryable, rows: readonly CommentRow[], text: string): Promise<Comment[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.author_id, row.resolved_by, ...row.mention_ids]).filter((id): id is string => !!id))];
  const accounts = await accountsAmong(db, ids);
  const ref = (id: string | null) => {
    const account = id ? accounts.get(id) : undefined;
    return account && id ? { id, email: account.email } : null;
  };
  return rows.map((row) => {
    const anchor: CommentAnchor | null = row.quote
      ? { quote: row.quote, ...(row.prefix ? { prefix: row.prefix } : {}), ...(row.suffix ? { suffix: row.suffix } : {}) }
      : null;
    return {
      id: row.id,
      articleId: row.article_id,
      parentId: row.parent_id,
      author: ref(row.author_id),
      body: row.body,
      anchor,
      detached: anchor ? !locateQuote(text, anchor) : false,
      mentions: row.mention_ids.map(ref).filter((m): m is { id: string; email: string } => !!m),
      resolved: !!row.resolved_iso,
      resolvedBy: ref(row.resolved_by),
      resolvedAt: row.resolved_iso,
      createdAt: row.created_iso,
      updatedAt: row.updated_iso,
    };
  });
}

/** The text an article's comments quote. */
const articleText = (blogData: string | null) => textOfHtml(blogData ?? '');

/** GET /articles/:id/comments: threads in the order they started, each with its replies after it. */
export async function listComments(ctx: { db: Queryable }, articleId: string): Promise<Comment[]> {
  const article = await getArticle(ctx.db, articleId);
  if (!article) throw articleNotFound();
  const rows = threadOrder(await commentsOf(ctx.db, articleId), (row) => row.id, (row) => row.parent_id);
  return toComments(ctx.db, rows, articleText(article.blog_data));
}

/** The body's mentions as account ids; 400 for an address nobody in the team has. */
async function mentionedIds(db: Queryable, body: string): Promise<string[]> {
  const emails = mentionsIn(body);
  const accounts = await accountsByEmail(db, emails);
  const unknown = emails.find((email) => !accounts.has(email));
  if (unknown) throw apiError('validation_failed', commentMessages.unknownMention(unknown));
  return emails.map((email) => accounts.get(email)!.id);
}

/** The anchor as stored: found once in the article (its context taken from there), or 400. */
function checkedAnchor(text: string, anchor: CommentAnchor): CommentAnchor {
  const found = anchorIn(text, anchor);
  if ('problem' in found) throw apiError('validation_failed', found.problem);
  return found.anchor;
}

/** POST /articles/:id/comments. */
export async function createComment(ctx: { db: Database }, actor: Actor, articleId: string, request: CommentCreate): Promise<Comment> {
  const problem = commentProblem(request.body);
  if (problem) throw apiError('validation_failed', problem);
  const body = request.body.trim();
  return ctx.db.transaction(async (tx) => {
    const article = await getArticle(tx, articleId);
    if (!article) throw articleNotFound();
    if (request.parentId) {
      const parent = await commentById(tx, request.parentId);
      if (!parent || parent.article_id !== articleId) throw apiError('validation_failed', commentMessages.parentNotFound);
      if (parent.parent_id) throw apiError('validation_failed', commentMessages.replyToReply);
    }
    const text = articleText(article.blog_data);
    const anchor = request.anchor ? checkedAnchor(text, request.anchor) : null;
    const mentions = await mentionedIds(tx, body);
    const at = new Date();
    const row = await insertComment(
      tx,
      {
        id: newId(),
        article_id: articleId,
        parent_id: request.parentId ?? null,
        author_id: actor.id,
        body,
        quote: anchor?.quote ?? null,
        prefix: anchor?.prefix ?? null,
        suffix: anchor?.suffix ?? null,
        mention_ids: mentions,
      },
      at,
    );
    if (mentions.length) {
      await notify(tx, { kind: 'mention', articleId, actorId: actor.id, userIds: mentions, message: notificationMessages.mention(actor.email, articleLabel(article)), at });
    }
    return (await toComments(tx, [row], text))[0]!;
  });
}

/** PATCH /comments/:id: its text (its author's), or its thread resolved or reopened. */
export async function updateComment(ctx: { db: Database }, actor: Actor, id: string, patch: CommentPatch): Promise<Comment> {
  if (patch.body !== undefined) {
    const problem = commentProblem(patch.body);
    if (problem) throw apiError('validation_failed', problem);
  }
  return ctx.db.transaction(async (tx) => {
    let row = await commentById(tx, id, true);
    if (!row) throw notFound();
    if (patch.body !== undefined && row.author_id !== actor.id) throw apiError('forbidden_role', commentMessages.notYours);
    if (patch.resolved !== undefined && row.parent_id) throw apiError('validation_failed', commentMessages.replyResolved);
    const at = new Date();
    if (patch.body !== undefined) {
      const before = row.mention_ids;
      row = await updateCommentBody(tx, id, patch.body.trim(), await mentionedIds(tx, patch.body), at);
      const added = row.mention_ids.filter((mentioned) => !before.includes(mentioned));
      const article = added.length ? await getArticle(tx, row.article_id) : undefined;
      if (article) {
        await notify(tx, { kind: 'mention', articleId: article.id, actorId: actor.id, userIds: added, message: notificationMessages.mention(actor.email, articleLabel(article)), at });
      }
    }
    if (patch.resolved !== undefined && patch.resolved !== !!row.resolved_iso) row = await setResolved(tx, id, patch.resolved ? actor.id : null, at);
    const article = await getArticle(tx, row.article_id);
    return (await toComments(tx, [row], articleText(article?.blog_data ?? null)))[0]!;
  });
}

/** DELETE /comments/:id: its author's or an admin's; a thread's first comment takes its replies. */
export async function removeComment(ctx: { db: Database }, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await commentById(tx, id, true);
    if (!row) throw notFound();
    if (row.author_id !== actor.id && actor.role !== 'admin') throw apiError('forbidden_role', commentMessages.notYoursToDelete);
    await deleteComment(tx, id);
  });
}
