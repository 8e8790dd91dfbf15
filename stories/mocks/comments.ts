/**
 * The comments API in memory (src/contract/comments.ts), beside the articles': threads in order,
 * passages found again in the article's blog HTML as it is now (or detached), mentions of the
 * sample team, and the server's refusals in its words. The signed-in account is `me`.
 */
import { http, HttpResponse } from 'msw';
import {
  anchorIn,
  commentCreateSchema,
  commentPatchSchema,
  commentMessages,
  commentProblem,
  locateQuote,
  mentionsIn,
  textOfHtml,
  threadOrder,
  type Article,
  type Comment,
  type CommentCreate,
  type CommentPatch,
  serverMessages,
} from '../../src/contract';
import { sampleMembers } from '../fixtures';
import { errorResponse, invalidInput } from './errors';

export function commentsApi(db: Map<string, Article>, initial: readonly Comment[], me: string) {
  const comments = new Map(initial.map((c) => [c.id, structuredClone(c)]));
  let next = 1;
  const ref = (id: string) => {
    const member = sampleMembers.find((m) => m.id === id);
    return member ? { id: member.id, email: member.email } : { id, email: `${id}@example.com` };
  };
  const located = (comment: Comment): Comment => {
    const article = db.get(comment.articleId);
    const text = textOfHtml(article?.blogData ?? '');
    return { ...comment, detached: comment.anchor ? !locateQuote(text, comment.anchor) : false };
  };
  const mentioned = (body: string) => {
    const emails = mentionsIn(body);
    const unknown = emails.find((email) => !sampleMembers.some((m) => m.email === email));
    if (unknown) return { problem: commentMessages.unknownMention(unknown) };
    return { mentions: emails.map((email) => sampleMembers.find((m) => m.email === email)!).map((m) => ({ id: m.id, email: m.email })) };
  };
  return [
    http.get('*/api/articles/:id/comments', ({ params }) => {
      const of = [...comments.values()].filter((c) => c.articleId === params.id);
      return HttpResponse.json({ data: threadOrder(of, (c) => c.id, (c) => c.parentId).map(located) });
    }),
    http.post('*/api/articles/:id/comments', async ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return errorResponse('not_found', serverMessages.articleNotFound);
      const parsed = commentCreateSchema.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) return invalidInput('body', parsed.error);
      const body: CommentCreate = parsed.data;
      const problem = commentProblem(body.body);
      if (problem) return errorResponse('validation_failed', problem);
      if (body.parentId) {
        const parent = comments.get(body.parentId);
        if (!parent || parent.articleId !== article.id) return errorResponse('validation_failed', commentMessages.parentNotFound);
        if (parent.parentId) return errorResponse('validation_failed', commentMessages.replyToReply);
      }
      const found = body.anchor ? anchorIn(textOfHtml(article.blogData ?? ''), body.anchor) : undefined;
      if (found && 'problem' in found) return errorResponse('validation_failed', found.problem);
      const mentions = mentioned(body.body);
      if ('problem' in mentions) return errorResponse('validation_failed', mentions.problem!);
      const at = new Date().toISOString();
      const comment: Comment = {
        id: `comment-${next++}`,
        articleId: article.id,
        parentId: body.parentId ?? null,
        author: ref(me),
        body: body.body.trim(),
        anchor: found?.anchor ?? null,
        detached: false,
        mentions: mentions.mentions,
        resolved: false,
        resolvedBy: null,
        resolvedAt: null,
        createdAt: at,
        updatedAt: at,
      };
      comments.set(comment.id, comment);
      return HttpResponse.json({ data: comment }, { status: 201 });
    }),
    http.patch('*/api/comments/:id', async ({ params, request }) => {
      const comment = comments.get(String(params.id));
      if (!comment) return errorResponse('not_found', commentMessages.notFound);
      const parsed = commentPatchSchema.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) return invalidInput('body', parsed.error);
      const patch: CommentPatch = parsed.data;
      if (patch.resolved !== undefined && comment.parentId) return errorResponse('validation_failed', commentMessages.replyResolved);
      if (patch.body !== undefined && comment.author?.id !== me) return errorResponse('forbidden_role', commentMessages.notYours);
      const at = new Date().toISOString();
      const changed: Comment = {
        ...comment,
        ...(patch.body !== undefined ? { body: patch.body.trim(), updatedAt: at } : {}),
        ...(patch.resolved !== undefined ? { resolved: patch.resolved, resolvedBy: patch.resolved ? ref(me) : null, resolvedAt: patch.resolved ? at : null } : {}),
      };
      comments.set(comment.id, changed);
      return HttpResponse.json({ data: located(changed) });
    }),
    http.delete('*/api/comments/:id', ({ params }) => {
      const comment = comments.get(String(params.id));
      if (!comment) return errorResponse('not_found', commentMessages.notFound);
      for (const c of comments.values()) if (c.parentId === comment.id) comments.delete(c.id);
      comments.delete(comment.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
