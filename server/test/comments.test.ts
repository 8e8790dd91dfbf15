/**
 * Comments on an article (src/contract/comments.ts) through the API: threads with replies and
 * @mentions, a passage anchored by its quote and found again after edits around it or detached
 * when it is gone, resolve and reopen, delete; who may, and every bad input refused with nothing
 * stored. Not the article's content: no revision, the same updatedAt.
 */
import { describe, expect, it } from 'vitest';
import { articleSchema, commentListSchema, commentMessages, commentResultSchema, COMMENT_MAX, serverMessages, type Role } from '../../src/contract/index.ts';
import { auth, backends, signedInAccount, useHarness } from './helpers.ts';

const HTML = '<h1>The harbour at dawn</h1><p>The boats left before the sun came up over the hill.</p><p>The boats came back at noon, full of herring.</p>';

describe.each(backends)('comments on an article ($name)', (backend) => {
  const ctx = useHarness(backend);

  const account = (email: string, role: Role) => signedInAccount(ctx.h.db, email, role);
  const draft = async () => articleSchema.parse((await ctx.api('POST', '/api/articles', { slug: `commented-${Math.random().toString(36).slice(2, 8)}`, title: 'Harbour', blogData: HTML })).json().data);
  const post = (token: string, id: string, body: object) => ctx.h.app.inject({ method: 'POST', url: `/api/articles/${id}/comments`, headers: auth(token), payload: body });
  const patch = (token: string, id: string, body: object) => ctx.h.app.inject({ method: 'PATCH', url: `/api/comments/${id}`, headers: auth(token), payload: body });
  const remove = (token: string, id: string) => ctx.h.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: auth(token) });
  const list = async (id: string) => commentListSchema.parse((await ctx.api('GET', `/api/articles/${id}/comments`)).json()).data;
  const stored = async () => Number((await ctx.h.db.query<{ n: string }>('SELECT count(*) AS n FROM article_comments')).rows[0]!.n);

  it('threads comments with replies and mentions, anchors a passage and finds it again after edits around it', async () => {
    const author = await account('author@example.com', 'author');
    const editor = await account('editor@example.com', 'editor');
    const article = await draft();

    const res = await post(editor.token, article.id, { body: 'Say who owns the boats, @Author@example.com.', anchor: { quote: 'The boats left before the sun' } });
    expect(res.statusCode, res.body).toBe(201);
    const first = commentResultSchema.parse(res.json()).data;
    expect(first).toMatchObject({
      author: { id: editor.id, email: editor.email },
      body: 'Say who owns the boats, @Author@example.com.',
      anchor: { quote: 'The boats left before the sun', prefix: 'The harbour at dawn ', suffix: ' came up over the hill. The boat' },
      detached: false,
      mentions: [{ id: author.id, email: author.email }],
      resolved: false,
      parentId: null,
    });
    const reply = commentResultSchema.parse((await post(author.token, article.id, { body: 'The harbour trust.', parentId: first.id })).json()).data;
    const general = commentResultSchema.parse((await post(author.token, article.id, { body: 'Ready when you are.' })).json()).data;
    expect((await list(article.id)).map((c) => c.id)).toEqual([first.id, reply.id, general.id]);

    // Edited around the sentence: still on it.
    const edited = await ctx.api('PATCH', `/api/articles/${article.id}`, { blogData: '<h1>Dawn</h1><p>At six. The boats left before the sun came up.</p><p>The boats came back at noon.</p>' });
    expect(edited.statusCode).toBe(200);
    expect((await list(article.id))[0]).toMatchObject({ id: first.id, detached: false });
    // The sentence gone: detached, never on other words.
    await ctx.api('PATCH', `/api/articles/${article.id}`, { blogData: '<p>The boats came back at noon.</p>' });
    expect((await list(article.id))[0]).toMatchObject({ id: first.id, detached: true });
    const revisionCount = async () => (await ctx.h.db.query('SELECT 1 FROM article_revisions WHERE article_id = $1', [article.id])).rows.length;
    const revisionsBefore = await revisionCount();
    const edits = articleSchema.parse((await ctx.api('GET', `/api/articles/${article.id}`)).json().data);

    // Resolved and reopened by anyone who may comment.
    expect(commentResultSchema.parse((await patch(author.token, first.id, { resolved: true })).json()).data).toMatchObject({ resolved: true, resolvedBy: { id: author.id } });
    expect(commentResultSchema.parse((await patch(editor.token, first.id, { resolved: false })).json()).data).toMatchObject({ resolved: false, resolvedBy: null, resolvedAt: null });
    // Its text is its author's.
    expect(commentResultSchema.parse((await patch(editor.token, first.id, { body: 'Say who owns them.' })).json()).data).toMatchObject({ body: 'Say who owns them.', mentions: [] });

    // Not content: no revision for the comments, the article's updatedAt as the edits left it.
    const after = articleSchema.parse((await ctx.api('GET', `/api/articles/${article.id}`)).json().data);
    expect(await revisionCount()).toBe(revisionsBefore);
    expect(after.updatedAt).toBe(edits.updatedAt);

    // Deleting a thread's first comment takes its reply.
    expect((await remove(editor.token, first.id)).statusCode).toBe(204);
    expect((await list(article.id)).map((c) => c.id)).toEqual([general.id]);
  });

  it('tells a quote found several times apart by its context, or asks for more of it', async () => {
    const article = await draft();
    const twice = await post(ctx.token, article.id, { body: 'Which boats?', anchor: { quote: 'The boats' } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'validation_failed', message: commentMessages.quoteAmbiguous(2) });
    const told = await post(ctx.token, article.id, { body: 'These.', anchor: { quote: 'The boats', prefix: 'over the hill. ' } });
    expect(told.statusCode, told.body).toBe(201);
    expect(commentResultSchema.parse(told.json()).data.anchor).toMatchObject({ quote: 'The boats', suffix: ' came back at noon, full of herring.'.slice(0, 32) });
  });

  it('follows who may: viewers read only, a comment\'s text is its author\'s, deleting its author\'s or an admin\'s', async () => {
    const author = await account('author@example.com', 'author');
    const other = await account('other@example.com', 'author');
    const viewer = await account('viewer@example.com', 'viewer');
    const article = await draft();
    const mine = commentResultSchema.parse((await post(author.token, article.id, { body: 'Mine.' })).json()).data;
    expect((await post(viewer.token, article.id, { body: 'Hello' })).statusCode).toBe(403);
    const read = await ctx.h.app.inject({ method: 'GET', url: `/api/articles/${article.id}/comments`, headers: auth(viewer.token) });
    expect(read.statusCode).toBe(200);
    const editByOther = await patch(other.token, mine.id, { body: 'Not mine.' });
    expect(editByOther.statusCode).toBe(403);
    expect(editByOther.json()).toMatchObject({ code: 'forbidden_role', message: commentMessages.notYours });
    const deleteByOther = await remove(other.token, mine.id);
    expect(deleteByOther.statusCode).toBe(403);
    expect(deleteByOther.json()).toMatchObject({ message: commentMessages.notYoursToDelete });
    expect((await list(article.id))[0]).toMatchObject({ body: 'Mine.' });
    // An admin deletes anyone's.
    expect((await remove(ctx.token, mine.id)).statusCode).toBe(204);
  });

  it('refuses every bad input, with nothing stored', async () => {
    const article = await draft();
    const first = commentResultSchema.parse((await post(ctx.token, article.id, { body: 'First.' })).json()).data;
    const reply = commentResultSchema.parse((await post(ctx.token, article.id, { body: 'Reply.', parentId: first.id })).json()).data;
    const other = await draft();
    const count = await stored();
    const refused = async (body: object, message: string) => {
      const res = await post(ctx.token, article.id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message });
    };
    await refused({ body: '   ' }, commentMessages.empty);
    await refused({ body: 'x'.repeat(COMMENT_MAX + 1) }, commentMessages.tooLong);
    await refused({ body: 'Ask @nobody@example.com' }, commentMessages.unknownMention('nobody@example.com'));
    await refused({ body: 'On this', anchor: { quote: 'words that are not there' } }, commentMessages.quoteNotFound);
    await refused({ body: 'Deeper', parentId: reply.id }, commentMessages.replyToReply);
    const elsewhere = commentResultSchema.parse((await post(ctx.token, other.id, { body: 'Elsewhere.' })).json()).data;
    await refused({ body: 'Across', parentId: elsewhere.id }, commentMessages.parentNotFound);
    expect(await stored()).toBe(count + 1);

    const resolveReply = await patch(ctx.token, reply.id, { resolved: true });
    expect(resolveReply.json()).toMatchObject({ code: 'validation_failed', message: commentMessages.replyResolved });
    expect((await patch(ctx.token, first.id, { body: '' })).json()).toMatchObject({ message: commentMessages.empty });
    expect((await patch(ctx.token, first.id, {})).statusCode).toBe(400);
    expect((await list(article.id))[0]).toMatchObject({ body: 'First.', resolved: false });
    const gone = await patch(ctx.token, 'nope', { resolved: true });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'not_found', message: commentMessages.notFound });
    const unknown = await post(ctx.token, 'nope', { body: 'x' });
    expect(unknown.json()).toEqual({ code: 'not_found', message: serverMessages.articleNotFound });
  });
});
