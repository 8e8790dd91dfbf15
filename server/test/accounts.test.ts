/**
 * Several admins: accounts added with a one-time password that must be changed first, password
 * changes, removal, invitation links; every change in the activity log with who made it.
 */
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../src/contract/index.ts';
import { ADMIN, auth, backends, useHarness } from './helpers.ts';

describe.each(backends)('accounts ($name)', (backend) => {
  const ctx = useHarness(backend);

  const call = (method: string, url: string, as: string | undefined, payload?: object) =>
    ctx.h.app.inject({ method: method as 'GET', url, headers: as ? auth(as) : {}, ...(payload ? { payload } : {}) });
  const login = (email: string, password: string) =>
    ctx.h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const loginToken = async (email: string, password: string) => {
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    return res.json<{ accessToken: string }>().accessToken;
  };
  const userCount = async () => Number((await ctx.h.db.query<{ n: string }>('SELECT count(*) AS n FROM users')).rows[0]!.n);
  const addUser = async (email: string) => {
    const res = await call('POST', '/api/users', ctx.token, { email });
    expect(res.statusCode).toBe(201);
    return res.json<{ data: { id: string; email: string }; password: string }>();
  };
  const activity = async () =>
    (await call('GET', '/api/activity?limit=50', ctx.token)).json<{ data: { kind: string; message: string; actor: string | null }[] }>()
      .data;

  it('lists the accounts, marking the asking one; me says no password change is due', async () => {
    const me = await call('GET', '/api/auth/me', ctx.token);
    expect(me.json().user).toMatchObject({ email: ADMIN.email, mustChangePassword: false });
    const list = await call('GET', '/api/users', ctx.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ email: ADMIN.email, current: true, mustChangePassword: false })]);
  });

  it('adds an admin with a one-time password, shown once; they must change it before anything else', async () => {
    const { data, password } = await addUser('Editor@Example.com');
    expect(data).toMatchObject({ email: 'editor@example.com', mustChangePassword: true, current: false });
    expect(password).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const list = (await call('GET', '/api/users', ctx.token)).json<{ data: object[] }>().data;
    expect(list).toHaveLength(2);
    expect(JSON.stringify(list)).not.toContain(password);

    const editor = await loginToken('editor@example.com', password);
    expect((await call('GET', '/api/auth/me', editor)).json().user.mustChangePassword).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/articles/admin/articles'],
      ['GET', '/api/files'],
      ['POST', '/api/users'],
      ['GET', '/api/auth/sessions'],
    ] as const) {
      const res = await call(method, url, editor, method === 'POST' ? { email: 'x@example.com' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'password_change_required', message: serverMessages.passwordChangeRequired });
    }
    expect(await userCount()).toBe(2);

    const change = await call('POST', '/api/auth/password', editor, { currentPassword: password, newPassword: 'a brand new secret' });
    expect(change.statusCode).toBe(204);
    expect((await call('GET', '/api/articles/admin/articles', editor)).statusCode).toBe(200);
    expect((await login('editor@example.com', password)).statusCode).toBe(401);
    expect((await login('editor@example.com', 'a brand new secret')).statusCode).toBe(200);

    const log = await activity();
    expect(log).toContainEqual(expect.objectContaining({ kind: 'user.created', message: 'Account editor@example.com added as an admin', actor: ADMIN.email }));
    expect(log).toContainEqual(
      expect.objectContaining({ kind: 'user.password', message: 'Password of editor@example.com changed', actor: 'editor@example.com' }),
    );
  });

  it('refuses a second account with the same email, or a bad email, and adds nothing', async () => {
    await addUser('editor@example.com');
    const again = await call('POST', '/api/users', ctx.token, { email: 'EDITOR@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'email_taken', message: serverMessages.emailTaken });
    const bad = await call('POST', '/api/users', ctx.token, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect(await userCount()).toBe(2);
  });

  it('changes a password only with the right current one and a new one of 10 characters or more', async () => {
    const wrong = await call('POST', '/api/auth/password', ctx.token, { currentPassword: 'nope', newPassword: 'a brand new secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'current_password_wrong', message: serverMessages.currentPasswordWrong });
    const short = await call('POST', '/api/auth/password', ctx.token, { currentPassword: ADMIN.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'validation_failed' });
    expect(short.json().message).toContain('newPassword');
    const same = await call('POST', '/api/auth/password', ctx.token, { currentPassword: ADMIN.password, newPassword: ADMIN.password });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ code: 'password_unchanged', message: serverMessages.passwordUnchanged });
    // Nothing changed: the old password still signs in.
    expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('a password change ends the other sessions of the user and keeps the asking one', async () => {
    const other = await loginToken(ADMIN.email, ADMIN.password);
    const change = await call('POST', '/api/auth/password', ctx.token, { currentPassword: ADMIN.password, newPassword: 'another long secret' });
    expect(change.statusCode).toBe(204);
    expect((await call('GET', '/api/auth/me', ctx.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', other)).statusCode).toBe(401);
  });

  it('removes another admin and ends their sessions; never oneself; 404 for an unknown id', async () => {
    const { data, password } = await addUser('editor@example.com');
    const editor = await loginToken('editor@example.com', password);
    const self = (await call('GET', '/api/users', ctx.token)).json<{ data: { id: string; current: boolean }[] }>().data.find((u) => u.current)!;
    const refused = await call('DELETE', `/api/users/${self.id}`, ctx.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'cannot_remove_self', message: serverMessages.cannotRemoveSelf });
    expect(await userCount()).toBe(2);

    expect((await call('DELETE', `/api/users/${data.id}`, ctx.token)).statusCode).toBe(204);
    expect(await userCount()).toBe(1);
    expect((await call('GET', '/api/auth/me', editor)).statusCode).toBe(401);
    const gone = await call('DELETE', `/api/users/${data.id}`, ctx.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'not_found', message: serverMessages.userNotFound });
    expect(await activity()).toContainEqual(
      expect.objectContaining({ kind: 'user.removed', message: 'Account editor@example.com removed', actor: ADMIN.email }),
    );
  });

  it('records who made each change to articles and files', async () => {
    const { password } = await addUser('editor@example.com');
    const first = await loginToken('editor@example.com', password);
    await call('POST', '/api/auth/password', first, { currentPassword: password, newPassword: 'editor secret 123' });
    const created = await call('POST', '/api/articles', first, { slug: 'by-editor' });
    expect(created.statusCode).toBe(201);
    await call('PATCH', `/api/articles/${created.json().data.id}/publish`, ctx.token);
    const log = await activity();
    expect(log.find((a) => a.kind === 'article.created')?.actor).toBe('editor@example.com');
    expect(log.find((a) => a.kind === 'article.published')?.actor).toBe(ADMIN.email);
  });

  describe('invitations', () => {
    const options = async () => (await ctx.h.app.inject({ url: '/api/auth/options' })).json();
    const signup = (payload: object) => ctx.h.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    const invite = async () => {
      const res = await call('POST', '/api/invitations', ctx.token);
      expect(res.statusCode).toBe(201);
      const { url, data } = res.json<{ url: string; data: { id: string; expiresAt: string } }>();
      return { id: data.id, token: new URL(url).searchParams.get('token')!, url, expiresAt: data.expiresAt };
    };

    it('are off until an admin turns them on: no Sign up, no links', async () => {
      expect(await options()).toEqual({ invitations: false, oidcLoginUrl: null });
      const res = await call('POST', '/api/invitations', ctx.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'invitations_disabled', message: serverMessages.invitationsDisabled });
      expect((await call('GET', '/api/invitations', ctx.token)).json()).toEqual({ enabled: false, data: [] });
    });

    it('a link signs up one account, once, within 48 hours', async () => {
      await call('PUT', '/api/invitations/settings', ctx.token, { enabled: true });
      expect((await options()).invitations).toBe(true);
      const link = await invite();
      expect(link.url).toMatch(/^http:\/\/[^/]+\/signup\?token=[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(47.9 * 3600_000);
      expect((await call('GET', '/api/invitations', ctx.token)).json().data).toHaveLength(1);

      const res = await signup({ token: link.token, email: 'New@Example.com', password: 'my own password' });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toEqual({ email: 'new@example.com' });
      expect(res.cookies.find((c) => c.name === 'session')?.httpOnly).toBe(true);
      const me = await call('GET', '/api/auth/me', res.json().accessToken);
      expect(me.json().user).toMatchObject({ email: 'new@example.com', mustChangePassword: false });

      const again = await signup({ token: link.token, email: 'second@example.com', password: 'my own password' });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ code: 'invitation_invalid', message: serverMessages.invitationInvalid });
      expect(await userCount()).toBe(2);
      expect((await call('GET', '/api/invitations', ctx.token)).json().data).toHaveLength(0);
      expect(await activity()).toContainEqual(expect.objectContaining({ kind: 'user.created', actor: 'new@example.com' }));
    });

    it('refuses an unknown, expired or revoked link, a short password and a taken email; nothing is created', async () => {
      await call('PUT', '/api/invitations/settings', ctx.token, { enabled: true });
      const link = await invite();
      const bad = await signup({ token: 'x'.repeat(43), email: 'a@example.com', password: 'my own password' });
      expect(bad.statusCode).toBe(410);
      const short = await signup({ token: link.token, email: 'a@example.com', password: 'short' });
      expect(short.statusCode).toBe(400);
      const taken = await signup({ token: link.token, email: ADMIN.email.toUpperCase(), password: 'my own password' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ code: 'email_taken', message: serverMessages.emailTaken });
      // The refused sign-ups left the link usable; expire it by 48 hours passing.
      await ctx.h.db.query("UPDATE invitations SET expires_at = now() - interval '1 second'");
      const expired = await signup({ token: link.token, email: 'a@example.com', password: 'my own password' });
      expect(expired.statusCode).toBe(410);

      const revoked = await invite();
      expect((await call('DELETE', `/api/invitations/${revoked.id}`, ctx.token)).statusCode).toBe(204);
      expect((await signup({ token: revoked.token, email: 'a@example.com', password: 'my own password' })).statusCode).toBe(410);
      expect(await userCount()).toBe(1);
    });

    it('turning them off voids every open link', async () => {
      await call('PUT', '/api/invitations/settings', ctx.token, { enabled: true });
      const link = await invite();
      const off = await call('PUT', '/api/invitations/settings', ctx.token, { enabled: false });
      expect(off.json()).toEqual({ enabled: false, data: [] });
      expect((await options()).invitations).toBe(false);
      expect((await signup({ token: link.token, email: 'a@example.com', password: 'my own password' })).statusCode).toBe(410);
    });
  });
});
