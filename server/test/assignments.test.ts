/**
 * Assignments (src/contract/assignment.ts) through the API: an assignee, a due day and a planned
 * day set and cleared by PATCH /articles/:id outside the article's content, the 'Assigned to me'
 * list and its count, the team from GET /members; who may, and every bad input refused with
 * nothing changed.
 */
import { describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_LABELS,
  articleListResultSchema,
  articleSchema,
  assignmentMessages,
  memberListSchema,
  roleMessages,
  serverMessages,
  whoMay,
  type Role,
} from '../../src/contract/index.ts';
import { auth, backends, signedInAccount, useHarness } from './helpers.ts';

describe.each(backends)('the assignment of an article ($name)', (backend) => {
  const ctx = useHarness(backend);

  const account = (email: string, role: Role) => signedInAccount(ctx.h.db, email, role);
  const draft = async (slug: string) => {
    const created = await ctx.api('POST', '/api/articles', { slug, title: 'Harbour', blogData: '<p>x</p>' });
    return articleSchema.parse(created.json().data);
  };
  const patch = (token: string, id: string, body: object) =>
    ctx.h.app.inject({ method: 'PATCH', url: `/api/articles/${id}`, headers: auth(token), payload: body });
  const read = async (id: string) => articleSchema.parse((await ctx.api('GET', `/api/articles/${id}`)).json().data);
  const mine = async (token: string, query = '') => {
    const res = await ctx.h.app.inject({ method: 'GET', url: `/api/articles/admin/articles?assignee=me${query}`, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return articleListResultSchema.parse(res.json());
  };
  const activity = async () =>
    (await ctx.h.db.query<{ message: string; actor: string }>("SELECT message, actor FROM activity WHERE kind = 'article.assigned' ORDER BY id")).rows;

  it('sets and clears an assignee, a due day and a planned day, outside the content, each an activity entry', async () => {
    const author = await account('author@example.com', 'author');
    const article = await draft('assigned-one');
    await draft('not-assigned');

    const res = await patch(ctx.token, article.id, { assigneeId: author.id, dueAt: '2026-12-10', plannedAt: '2026-12-12' });
    expect(res.statusCode, res.body).toBe(200);
    const assigned = articleSchema.parse(res.json().data);
    expect(assigned).toMatchObject({ assigneeId: author.id, assigneeEmail: author.email, dueAt: '2026-12-10', plannedAt: '2026-12-12' });
    // Not the content: the same updatedAt (an open editor is not made stale), no revision.
    expect(assigned.updatedAt).toBe(article.updatedAt);
    expect(await read(article.id)).toMatchObject({ assigneeEmail: author.email, dueAt: '2026-12-10', plannedAt: '2026-12-12' });
    const revisions = await ctx.h.db.query('SELECT 1 FROM article_revisions WHERE article_id = $1', [article.id]);
    expect(revisions.rows).toHaveLength(1);

    // 'Assigned to me': the author's one article, counted; the card says who and by when.
    const page = await mine(author.token);
    expect(page.data.map((card) => card.slug)).toEqual(['assigned-one']);
    expect(page.data[0]).toMatchObject({ assigneeEmail: author.email, dueAt: '2026-12-10' });
    expect(page.assignedToMe).toBe(1);
    expect(page.counts).toMatchObject({ all: 1, draft: 1 });
    expect((await mine(ctx.token)).data).toEqual([]);

    // Cleared one field at a time; the others stay.
    expect((await patch(ctx.token, article.id, { dueAt: null })).json().data).toMatchObject({ assigneeId: author.id, dueAt: null, plannedAt: '2026-12-12' });
    expect((await patch(ctx.token, article.id, { assigneeId: null, plannedAt: null })).json().data).toMatchObject({ assigneeId: null, assigneeEmail: null, dueAt: null, plannedAt: null });
    expect((await mine(author.token)).assignedToMe).toBe(0);
    // The same value again changes nothing and says nothing.
    expect((await patch(ctx.token, article.id, { assigneeId: null })).statusCode).toBe(200);

    expect(await activity()).toEqual([
      { message: `Article "assigned-one" assigned to ${author.email}, due 2026-12-10, planned for 2026-12-12`, actor: 'admin@example.com' },
      { message: 'Article "assigned-one" no longer due on a day', actor: 'admin@example.com' },
      { message: 'Article "assigned-one" unassigned, no longer planned', actor: 'admin@example.com' },
    ]);
  });

  it('lists the team for choosing an assignee, to every role', async () => {
    const viewer = await account('viewer@example.com', 'viewer');
    await account('author@example.com', 'author');
    const res = await ctx.h.app.inject({ method: 'GET', url: '/api/members', headers: auth(viewer.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(memberListSchema.parse(res.json()).data.map((m) => [m.email, m.role])).toEqual([
      ['admin@example.com', 'admin'],
      ['author@example.com', 'author'],
      ['viewer@example.com', 'viewer'],
    ]);
  });

  it('follows the edit\'s rule: an author on a draft, not on a published article; a viewer never', async () => {
    const author = await account('author@example.com', 'author');
    const viewer = await account('viewer@example.com', 'viewer');
    const article = await draft('ruled');
    expect((await patch(author.token, article.id, { assigneeId: author.id })).statusCode).toBe(200);
    const byViewer = await patch(viewer.token, article.id, { assigneeId: null });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toMatchObject({ code: 'forbidden_role' });
    expect((await ctx.api('PATCH', `/api/articles/${article.id}/publish`)).statusCode).toBe(200);
    const onPublished = await patch(author.token, article.id, { plannedAt: '2026-12-20' });
    expect(onPublished.statusCode).toBe(403);
    expect(onPublished.json()).toMatchObject({
      code: 'forbidden_role',
      message: roleMessages.forbidden(roleMessages.changePublished, whoMay('updateArticle', true), 'author'),
    });
    // An editor plans a published article.
    expect((await patch(ctx.token, article.id, { plannedAt: '2026-12-20' })).json().data).toMatchObject({ plannedAt: '2026-12-20', assigneeId: author.id });
  });

  it('refuses every bad input, with nothing changed', async () => {
    const viewer = await account('viewer@example.com', 'viewer');
    const article = await draft('refusing');
    await patch(ctx.token, article.id, { dueAt: '2026-12-10' });
    const before = await read(article.id);
    const refused = async (body: object, expected: object, status = 400) => {
      const res = await patch(ctx.token, article.id, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject(expected);
    };
    await refused({ dueAt: '10/12/2026' }, { code: 'validation_failed', message: assignmentMessages.notADay(ASSIGNMENT_LABELS.dueAt) });
    await refused({ dueAt: '2026-02-30' }, { message: assignmentMessages.notADay(ASSIGNMENT_LABELS.dueAt) });
    await refused({ plannedAt: '2026-12-10T10:00:00Z' }, { message: assignmentMessages.notADay(ASSIGNMENT_LABELS.plannedAt) });
    await refused({ plannedAt: '1999-12-31' }, { message: assignmentMessages.outOfRange(ASSIGNMENT_LABELS.plannedAt) });
    await refused({ assigneeId: 'no-such-account', dueAt: '2026-12-11' }, { message: assignmentMessages.noAccount });
    await refused({ assigneeId: viewer.id }, { message: assignmentMessages.viewer(viewer.email) });
    await refused({ assigneeId: 42 }, { code: 'validation_failed' });
    await refused({ assigneeId: null, slug: 'both' }, { code: 'validation_failed' });
    expect(await read(article.id)).toEqual(before);
    const unknown = await patch(ctx.token, 'nope', { dueAt: '2026-12-10' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: serverMessages.articleNotFound });
    expect(await activity()).toHaveLength(1);
  });
});
