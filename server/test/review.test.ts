/**
 * An article's review (src/contract/review.ts) through the API: an author asks for it (of chosen
 * editors or of any), an editor approves it or sends it back with a note, each step an activity
 * entry; the steps a role may not take, and every bad input, are refused with nothing changed.
 */
import { describe, expect, it } from 'vitest';
import {
  articleReviewResultSchema,
  articleSchema,
  NO_REVIEW,
  reviewActionResultSchema,
  reviewMessages,
  roleMessages,
  scheduleMessages,
  serverMessages,
  whoMay,
  type Role,
} from '../../src/contract/index.ts';
import { auth, backends, signedInAccount, useHarness } from './helpers.ts';

describe.each(backends)('the review of an article ($name)', (backend) => {
  const ctx = useHarness(backend);

  const account = (email: string, role: Role) => signedInAccount(ctx.h.db, email, role);
  const draft = async () => {
    const created = await ctx.api('POST', '/api/articles', { slug: `reviewed-${Math.random().toString(36).slice(2, 8)}`, title: 'Harbour', blogData: '<p>x</p>' });
    return articleSchema.parse(created.json().data);
  };
  const step = (token: string, id: string, body: object) =>
    ctx.h.app.inject({ method: 'POST', url: `/api/articles/${id}/review`, headers: auth(token), payload: body });
  const review = async (id: string) => articleReviewResultSchema.parse((await ctx.api('GET', `/api/articles/${id}/review`)).json()).data;
  const activity = async () => (await ctx.h.db.query<{ kind: string; message: string; actor: string }>("SELECT kind, message, actor FROM activity WHERE kind LIKE 'article.%review%' OR kind IN ('article.approved', 'article.changes_requested') ORDER BY id")).rows;

  it('is asked for by an author of chosen editors, sent back with a note, asked again and approved', async () => {
    const author = await account('author@example.com', 'author');
    const editor = await account('editor@example.com', 'editor');
    const article = await draft();
    expect(await review(article.id)).toEqual(NO_REVIEW);

    const asked = await step(author.token, article.id, { action: 'request', reviewerIds: [editor.id] });
    expect(asked.statusCode, asked.body).toBe(200);
    const requested = reviewActionResultSchema.parse(asked.json());
    expect(requested.message).toBe(reviewMessages.requested);
    expect(requested.data).toMatchObject({ state: 'in_review', note: '', reviewers: [{ id: editor.id, email: editor.email }], requestedBy: { id: author.id, email: author.email }, decidedBy: null });

    const back = await step(editor.token, article.id, { action: 'request_changes', note: '  Say where the harbour is.  ' });
    expect(back.statusCode, back.body).toBe(200);
    expect(reviewActionResultSchema.parse(back.json()).data).toMatchObject({ state: 'changes_requested', note: 'Say where the harbour is.', decidedBy: { id: editor.id } });

    expect((await step(author.token, article.id, { action: 'request' })).statusCode).toBe(200);
    // Asked again: of any editor now, the earlier decision gone.
    expect(await review(article.id)).toMatchObject({ state: 'in_review', note: '', reviewers: [], decidedBy: null, decidedAt: null });
    const approved = await step(editor.token, article.id, { action: 'approve', note: 'Good to go.' });
    expect(reviewActionResultSchema.parse(approved.json())).toMatchObject({ message: reviewMessages.approved, data: { state: 'approved', note: 'Good to go.' } });

    expect(await activity()).toEqual([
      { kind: 'article.review_requested', message: `Review of article "${article.slug}" requested of ${editor.email}`, actor: author.email },
      { kind: 'article.changes_requested', message: `Changes requested on article "${article.slug}"`, actor: editor.email },
      { kind: 'article.review_requested', message: `Review of article "${article.slug}" requested`, actor: author.email },
      { kind: 'article.approved', message: `Article "${article.slug}" approved`, actor: editor.email },
    ]);
    // Not the article's content: no new revision, the same version.
    const after = articleSchema.parse((await ctx.api('GET', `/api/articles/${article.id}`)).json().data);
    expect(after.updatedAt).toBe(article.updatedAt);
  });

  it('goes back to review when an approved article\'s content changes (REVIEW_AGAIN_AFTER_EDIT), not when only its status does', async () => {
    const editor = await account('editor@example.com', 'editor');
    const article = await draft();
    await step(ctx.token, article.id, { action: 'request' });
    await step(editor.token, article.id, { action: 'approve', note: 'Fine.' });
    expect((await ctx.api('PATCH', `/api/articles/${article.id}`, { blogData: '<p>y</p>' })).statusCode).toBe(200);
    expect(await review(article.id)).toMatchObject({ state: 'in_review', note: '', decidedBy: null, requestedBy: { email: 'admin@example.com' } });
    expect((await activity()).at(-1)).toEqual({
      kind: 'article.review_requested',
      message: `Review of article "${article.slug}" requested again: changed after its approval`,
      actor: 'admin@example.com',
    });
    await step(editor.token, article.id, { action: 'approve' });
    // A publish is not a change of what was read.
    expect((await ctx.api('PATCH', `/api/articles/${article.id}/publish`)).statusCode).toBe(200);
    expect((await review(article.id)).state).toBe('approved');
    expect((await ctx.api('PATCH', `/api/articles/${article.id}/draft`)).statusCode).toBe(200);

    // With REVIEW_AGAIN_AFTER_EDIT=false, an approval stays through edits.
    const keeping = await ctx.h.buildApp({ reviewAgainAfterEdit: false });
    const edited = await keeping.inject({ method: 'PATCH', url: `/api/articles/${article.id}`, headers: auth(ctx.token), payload: { title: 'Harbour at dawn' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await review(article.id)).state).toBe('approved');
  });

  it('publishes at once, or schedules the publish, with the approval: both in one step, or neither', async () => {
    const editor = await account('editor@example.com', 'editor');
    const article = async (id: string) => articleSchema.parse((await ctx.api('GET', `/api/articles/${id}`)).json().data);

    const now = await draft();
    await step(ctx.token, now.id, { action: 'request' });
    const published = await step(editor.token, now.id, { action: 'approve', note: 'Ship it.', publish: 'now' });
    expect(published.statusCode, published.body).toBe(200);
    expect(reviewActionResultSchema.parse(published.json())).toMatchObject({ message: reviewMessages.approvedAndPublished, data: { state: 'approved', note: 'Ship it.' } });
    expect((await article(now.id)).status).toBe('published');
    const entries = (await ctx.h.db.query<{ kind: string; actor: string }>('SELECT kind, actor FROM activity ORDER BY id DESC LIMIT 2')).rows;
    expect(entries.reverse()).toEqual([
      { kind: 'article.approved', actor: editor.email },
      { kind: 'article.published', actor: editor.email },
    ]);

    const later = await draft();
    await step(ctx.token, later.id, { action: 'request' });
    const asked = await review(later.id);
    // A time that is not to come: refused, and neither the approval nor the schedule written.
    const past = await step(editor.token, later.id, { action: 'approve', publish: { publishAt: '2020-01-01T09:00:00Z' } });
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json()).toEqual({ code: 'validation_failed', message: scheduleMessages.inThePast('publishAt') });
    const zone = await step(editor.token, later.id, { action: 'approve', publish: { publishAt: '2028-01-01T09:00:00Z', timeZone: 'Mars/Olympus' } });
    expect(zone.json()).toEqual({ code: 'validation_failed', message: scheduleMessages.unknownTimeZone('Mars/Olympus') });
    // publish goes with an approval only; its shape is checked.
    const withChanges = await step(editor.token, later.id, { action: 'request_changes', note: 'No.', publish: 'now' });
    expect(withChanges.json()).toEqual({ code: 'validation_failed', message: reviewMessages.publishWithoutApproval });
    expect((await step(editor.token, later.id, { action: 'approve', publish: 'tomorrow' })).statusCode).toBe(400);
    expect((await step(editor.token, later.id, { action: 'approve', publish: { publishAt: '2028-01-01T09:00:00Z', at: 1 } })).statusCode).toBe(400);
    expect(await review(later.id)).toEqual(asked);
    expect(await article(later.id)).toMatchObject({ status: 'draft', publishAt: null });

    const scheduled = await step(editor.token, later.id, { action: 'approve', publish: { publishAt: '2028-01-01T09:00:00+01:00', timeZone: 'Europe/Paris' } });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(reviewActionResultSchema.parse(scheduled.json())).toMatchObject({ message: reviewMessages.approvedAndScheduled, data: { state: 'approved' } });
    expect(await article(later.id)).toMatchObject({ status: 'draft', publishAt: '2028-01-01T08:00:00.000Z' });
  });

  it('refuses the steps a role may not take and every bad input, with nothing changed', async () => {
    const author = await account('author@example.com', 'author');
    const other = await account('other-author@example.com', 'author');
    const viewer = await account('viewer@example.com', 'viewer');
    const article = await draft();
    const refused = async (token: string, body: object, status: number, expected: object) => {
      const res = await step(token, article.id, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject(expected);
    };
    // Nothing asked yet: nothing to approve.
    await refused(ctx.token, { action: 'approve' }, 409, { code: 'review_not_requested', message: reviewMessages.notRequested });
    await refused(author.token, { action: 'request', reviewerIds: [other.id] }, 400, { code: 'validation_failed', message: reviewMessages.notAReviewer(other.email) });
    await refused(author.token, { action: 'request', reviewerIds: ['no-such-account'] }, 400, { message: reviewMessages.notAReviewer('no-such-account') });
    await refused(viewer.token, { action: 'request' }, 403, { code: 'forbidden_role' });
    expect(await review(article.id)).toEqual(NO_REVIEW);

    await step(author.token, article.id, { action: 'request' });
    const asked = await review(article.id);
    await refused(author.token, { action: 'approve' }, 403, {
      code: 'forbidden_role',
      message: roleMessages.forbidden('Approve an article or ask for changes', whoMay('publishArticle'), 'author'),
    });
    await refused(ctx.token, { action: 'request_changes' }, 400, { message: reviewMessages.noteRequired });
    await refused(ctx.token, { action: 'request_changes', note: '   ' }, 400, { message: reviewMessages.noteRequired });
    await refused(ctx.token, { action: 'approve', note: 'x'.repeat(2_001) }, 400, { message: reviewMessages.noteTooLong });
    await refused(ctx.token, { action: 'merge' }, 400, { code: 'validation_failed' });
    expect(await review(article.id)).toEqual(asked);

    // A published article is not asked a review of.
    expect((await ctx.api('PATCH', `/api/articles/${article.id}/publish`)).statusCode).toBe(200);
    await refused(author.token, { action: 'request' }, 409, { code: 'article_published' });
    expect(await review(article.id)).toEqual(asked);
    const unknown = await step(ctx.token, 'nope', { action: 'request' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: serverMessages.articleNotFound });
  });
});
