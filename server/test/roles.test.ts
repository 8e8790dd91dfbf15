/**
 * Roles: every operation of the served OpenAPI document, called by every role, answers as the
 * contract's table (src/contract/roles.ts) predicts: 403 `forbidden_role` naming who may, or
 * anything else; authors change drafts only and schedule nothing; roles are given, changed and
 * shown, and the last admin stays one. Each refusal leaves everything as it was.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  OPERATION_ACCESS,
  ROLES,
  mayCall,
  roleMessages,
  serverMessages,
  whoMay,
  type OperationId,
  type Role,
} from '../../src/contract/index.ts';
import { createSession } from '../accounts/auth.ts';
import { changeRole, createAccount } from '../accounts/operations.ts';
import { auth, backends, ADMIN, TEST_HASHING, useHarness } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD';
interface Operation {
  method: Method;
  /** The path with every parameter filled with an id that names nothing. */
  url: string;
  operationId: OperationId;
  summary: string;
  /** The document says it needs no session (`security: []`). */
  public: boolean;
}

describe.each(backends)('roles ($name)', (backend) => {
  const harness = useHarness(backend);
  const { api } = harness;

  /** A signed-in account of `role` (a fresh session each time: some operations end it). */
  const accountOf = async (role: Role, email = `${role}@example.com`) => {
    const existing = await harness.h.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const id = existing.rows[0]?.id ?? (await createAccount(harness.h.db, email, TEST_HASHING, null, role)).account.id;
    await harness.h.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [id]);
    const { token } = await createSession(harness.h.db, id);
    return { id, token };
  };
  const as = async (token: string, method: Method, url: string, payload?: object) => {
    if (url.endsWith('/stream')) {
      // A stream of server-sent events stays open: its answer is read as it starts (the body of
      // a refusal whole), then let go.
      const controller = new AbortController();
      const res = await harness.h.app.inject({ method, url, headers: auth(token), payloadAsStream: true, signal: controller.signal });
      const body = res.statusCode >= 400 ? await new Response(Readable.toWeb(res.stream()) as ReadableStream).text() : '';
      controller.abort();
      return { statusCode: res.statusCode, body, json: <T = unknown>() => JSON.parse(body) as T };
    }
    return harness.h.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  };

  const operations = async (): Promise<Operation[]> => {
    const doc = (await harness.h.app.inject({ url: '/api/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: OperationId; summary: string; security?: unknown[] }>>;
    }>();
    return Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        method: method.toUpperCase() as Method,
        url: path.replace(/\{[^}]+\}/g, 'nothing-here'),
        operationId: op.operationId,
        summary: op.summary,
        public: Array.isArray(op.security) && op.security.length === 0,
      })),
    );
  };

  it('the table names every operation of the document, and nothing else', async () => {
    const documented = (await operations()).map((op) => op.operationId);
    // The OpenID Connect redirects are hidden from the document (they answer redirects, not JSON).
    const hidden: OperationId[] = ['startOidcSignIn', 'finishOidcSignIn'];
    expect([...documented, ...hidden].sort()).toEqual(Object.keys(OPERATION_ACCESS).sort());
    // 'public' in the table is what the routes say: no session asked.
    for (const op of await operations()) {
      expect(OPERATION_ACCESS[op.operationId] === 'public', op.operationId).toBe(op.public);
    }
  });

  it('every operation, for every role, answers as the table predicts', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(60);
    const surprises: string[] = [];
    for (const role of ROLES) {
      for (const op of ops) {
        const { token } = await accountOf(role);
        const res = await as(token, op.method, op.url);
        // A HEAD answer has no body: its status says it.
        const head = op.method === 'HEAD';
        const refused = res.statusCode === 403 && (head || res.json<{ code?: string }>().code === 'forbidden_role');
        const expected = !mayCall(role, op.operationId);
        if (refused !== expected) surprises.push(`${role} ${op.method} ${op.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (refused && expected && !head) {
          // (The file routes add `success: false`: docs/product.md, 'File calls'.)
          expect(res.json()).toMatchObject({
            code: 'forbidden_role',
            message: roleMessages.forbidden(op.summary, whoMay(op.operationId), role),
          });
        }
      }
    }
    expect(surprises).toEqual([]);
  }, 120_000);

  it('a refused call changes nothing: a viewer cannot create, an editor cannot add accounts or webhooks', async () => {
    const viewer = await accountOf('viewer');
    const editor = await accountOf('editor');
    const before = await harness.h.db.query('SELECT (SELECT count(*) FROM articles) AS a, (SELECT count(*) FROM users) AS u, (SELECT count(*) FROM webhook_endpoints) AS w');
    const created = await as(viewer.token, 'POST', '/api/articles', { blogData: '<p>Hi</p>' });
    expect(created.json()).toEqual({
      code: 'forbidden_role',
      message: 'Create a draft article: only an admin, an editor or an author may do this; you are a viewer.',
    });
    const user = await as(editor.token, 'POST', '/api/users', { email: 'intern@example.com', role: 'admin' });
    expect(user.statusCode).toBe(403);
    expect(user.json().message).toBe('Create an account (an admin unless a role is given): only an admin may do this; you are an editor.');
    const hook = await as(editor.token, 'POST', '/api/webhooks', { url: 'https://example.com/hook', events: ['article.published'] });
    expect(hook.statusCode).toBe(403);
    const after = await harness.h.db.query('SELECT (SELECT count(*) FROM articles) AS a, (SELECT count(*) FROM users) AS u, (SELECT count(*) FROM webhook_endpoints) AS w');
    expect(after.rows).toEqual(before.rows);
  });

  describe('authors', () => {
    const draftAndPublished = async () => {
      const draft = (await api('POST', '/api/articles', { blogData: '<p>Draft</p>', slug: 'a-draft' })).json<{ data: { id: string } }>().data;
      const live = (await api('POST', '/api/articles', { blogData: '<p>Live</p>', slug: 'a-live-one' })).json<{ data: { id: string } }>().data;
      expect((await api('PATCH', `/api/articles/${live.id}/publish`)).statusCode).toBe(200);
      return { draft: draft.id, live: live.id };
    };
    const articleRow = async (id: string) =>
      (await harness.h.db.query('SELECT status, slug, blog_data, publish_at, deleted_at FROM articles WHERE id = $1', [id])).rows[0];

    it('edit drafts, and cannot publish, change a published article or schedule; nothing changes when refused', async () => {
      const { draft, live } = await draftAndPublished();
      const author = await accountOf('author');
      const liveBefore = await articleRow(live);
      const draftBefore = await articleRow(draft);

      const edit = await as(author.token, 'PATCH', `/api/articles/${draft}`, { blogData: '<p>Better draft</p>' });
      expect(edit.statusCode).toBe(200);

      const publish = await as(author.token, 'PATCH', `/api/articles/${draft}/publish`);
      expect(publish.statusCode).toBe(403);
      expect(publish.json()).toEqual({
        code: 'forbidden_role',
        message: 'Publish an article: only an admin or an editor may do this; you are an author.',
      });

      for (const [method, url, payload] of [
        ['PATCH', `/api/articles/${live}`, { blogData: '<p>Defaced</p>' }],
        ['DELETE', `/api/articles/${live}`, undefined],
        ['POST', `/api/articles/${live}/rescrape`, undefined],
      ] as const) {
        const res = await as(author.token, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(roleMessages.forbidden(roleMessages.changePublished, 'an admin or an editor', 'author'));
      }
      expect(await articleRow(live)).toEqual(liveBefore);

      const schedule = await as(author.token, 'PATCH', `/api/articles/${draft}`, { publishAt: new Date(Date.now() + 86_400_000).toISOString() });
      expect(schedule.statusCode).toBe(403);
      expect(schedule.json().message).toBe('Schedule an article: only an admin or an editor may do this; you are an author.');
      const draftAfter = await articleRow(draft);
      expect(draftAfter).toMatchObject({ status: 'draft', publish_at: null, blog_data: '<p>Better draft</p>', slug: draftBefore!.slug });

      // An unknown article is still a 404, not a refusal.
      expect((await as(author.token, 'PATCH', '/api/articles/nothing-here', { blogData: '<p>x</p>' })).statusCode).toBe(404);
      // Their drafts go to the trash; the trash is an editor's.
      expect((await as(author.token, 'DELETE', `/api/articles/${draft}`)).statusCode).toBe(204);
      expect((await as(author.token, 'POST', `/api/articles/${draft}/restore`)).statusCode).toBe(403);
    });
  });

  describe('accounts and invitations', () => {
    it('an admin adds accounts with a role, changes it, and me shows it; the change holds at the next request', async () => {
      const added = await api('POST', '/api/users', { email: 'Dana@Example.com', role: 'editor' });
      expect(added.statusCode).toBe(201);
      expect(added.json().data).toMatchObject({ email: 'dana@example.com', role: 'editor' });
      const plain = await api('POST', '/api/users', { email: 'old-style@example.com' });
      expect(plain.json().data.role).toBe('admin');

      const dana = await accountOf('editor', 'dana@example.com');
      expect((await as(dana.token, 'GET', '/api/auth/me')).json().user).toMatchObject({ email: 'dana@example.com', role: 'editor' });
      const draft = (await as(dana.token, 'POST', '/api/articles', { blogData: '<p>D</p>', slug: 'danas' })).json().data;
      expect((await as(dana.token, 'PATCH', `/api/articles/${draft.id}/publish`)).statusCode).toBe(200);
      expect((await as(dana.token, 'PATCH', `/api/articles/${draft.id}/draft`)).statusCode).toBe(200);

      const changed = await api('PATCH', `/api/users/${dana.id}`, { role: 'author' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({ id: dana.id, role: 'author', current: false });
      // The same session, at once: an author now.
      expect((await as(dana.token, 'GET', '/api/auth/me')).json().user.role).toBe('author');
      expect((await as(dana.token, 'PATCH', `/api/articles/${draft.id}/publish`)).statusCode).toBe(403);

      const list = (await api('GET', '/api/users')).json<{ data: { email: string; role: Role }[] }>().data;
      expect(list.map(({ email, role }) => [email, role])).toEqual([
        [ADMIN.email, 'admin'],
        ['dana@example.com', 'author'],
        ['old-style@example.com', 'admin'],
      ]);
      const log = (await api('GET', '/api/activity?limit=50')).json<{ data: { kind: string; message: string; actor: string }[] }>().data;
      expect(log).toContainEqual(
        expect.objectContaining({ kind: 'user.role', message: 'Role of dana@example.com changed from Editor to Author', actor: ADMIN.email }),
      );
    });

    it('refuses an unknown role, a change by a non-admin, and demoting the last admin; nothing changes', async () => {
      const rolesBefore = async () => (await harness.h.db.query('SELECT email, role FROM users ORDER BY email')).rows;
      const unknown = await api('POST', '/api/users', { email: 'x@example.com', role: 'boss' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'validation_failed' });
      expect(unknown.json().message).toContain('role');
      expect(await harness.h.db.query('SELECT 1 FROM users WHERE email = $1', ['x@example.com'])).toMatchObject({ rows: [] });

      const editor = await accountOf('editor');
      const before = await rolesBefore();
      const self = (await api('GET', '/api/users')).json<{ data: { id: string; current: boolean }[] }>().data.find((a) => a.current)!;
      const byEditor = await as(editor.token, 'PATCH', `/api/users/${editor.id}`, { role: 'admin' });
      expect(byEditor.statusCode).toBe(403);
      expect(byEditor.json()).toEqual({
        code: 'forbidden_role',
        message: "Change an account's role: only an admin may do this; you are an editor.",
      });
      const badRole = await api('PATCH', `/api/users/${editor.id}`, { role: 'owner' });
      expect(badRole.statusCode).toBe(400);
      const last = await api('PATCH', `/api/users/${self.id}`, { role: 'viewer' });
      expect(last.statusCode).toBe(409);
      expect(last.json()).toEqual({ code: 'last_admin', message: roleMessages.lastAdmin });
      expect(await rolesBefore()).toEqual(before);
      expect((await api('PATCH', '/api/users/nothing-here', { role: 'viewer' })).json()).toMatchObject({
        code: 'not_found',
        message: serverMessages.userNotFound,
      });

      // With a second admin, the first may step down.
      await api('PATCH', `/api/users/${editor.id}`, { role: 'admin' });
      expect((await api('PATCH', `/api/users/${self.id}`, { role: 'editor' })).statusCode).toBe(200);
      expect((await api('GET', '/api/users')).statusCode).toBe(403);
    });

    it('two admins demoting each other at once leave one admin', async () => {
      const other = await accountOf('admin', 'second@example.com');
      const self = (await api('GET', '/api/users')).json<{ data: { id: string; current: boolean }[] }>().data.find((a) => a.current)!;
      const answers = await Promise.all([
        api('PATCH', `/api/users/${other.id}`, { role: 'editor' }),
        as(other.token, 'PATCH', `/api/users/${self.id}`, { role: 'editor' }),
      ]);
      const statuses = answers.map((a) => a.statusCode).sort();
      // One wins; the other is refused (409: the last admin, or 403: no longer an admin).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      expect((await harness.h.db.query("SELECT count(*)::int AS n FROM users WHERE role = 'admin'")).rows[0]).toEqual({ n: 1 });
    });

    it('an invitation carries its role to the account made with it', async () => {
      await api('PUT', '/api/invitations/settings', { enabled: true });
      const invited = await api('POST', '/api/invitations', { role: 'viewer' });
      expect(invited.statusCode).toBe(201);
      expect(invited.json().data.role).toBe('viewer');
      const token = new URL(invited.json().url).searchParams.get('token')!;
      const signup = await harness.h.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { token, email: 'reader@example.com', password: 'a long enough secret' },
      });
      expect(signup.statusCode).toBe(201);
      const reader = signup.json<{ accessToken: string }>().accessToken;
      expect((await as(reader, 'GET', '/api/auth/me')).json().user.role).toBe('viewer');
      expect((await as(reader, 'POST', '/api/articles', { blogData: '<p>x</p>' })).statusCode).toBe(403);
      // Without a role, as before: an admin.
      expect((await api('POST', '/api/invitations')).json().data.role).toBe('admin');
    });

    it("the operator's set-role changes a role by email, and keeps the last admin", async () => {
      await accountOf('viewer');
      const changed = await changeRole(harness.h.db, { email: 'Viewer@example.com' }, 'editor', { id: null, email: null });
      expect(changed.role).toBe('editor');
      await expect(changeRole(harness.h.db, { email: ADMIN.email }, 'viewer', { id: null, email: null })).rejects.toThrow(roleMessages.lastAdmin);
      await expect(changeRole(harness.h.db, { email: 'nobody@example.com' }, 'viewer', { id: null, email: null })).rejects.toThrow(
        serverMessages.userNotFound,
      );
    });
  });
});
