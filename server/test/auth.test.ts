import { describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../src/contract/index.ts';
import { SESSION_CACHE_MS } from '../app.ts';
import { SessionCache } from '../accounts/auth.ts';
import type { Queryable } from '../db/database.ts';
import { sha256 } from '../ids.ts';
import { ADMIN, auth, backends, useHarness } from './helpers.ts';

/** Every route that needs a session, with a body that would otherwise be valid. */
const protectedRoutes = [
  ['GET', '/api/auth/me'],
  ['POST', '/api/auth/logout'],
  ['GET', '/api/articles/admin/articles'],
  ['GET', '/api/articles/01abc'],
  ['POST', '/api/articles', {}],
  ['POST', '/api/articles/scrape', { url: 'https://example.com/' }],
  ['POST', '/api/articles/01abc/rescrape', {}],
  ['PATCH', '/api/articles/01abc', { slug: 'x' }],
  ['PATCH', '/api/articles/01abc/publish'],
  ['PATCH', '/api/articles/01abc/draft'],
  ['DELETE', '/api/articles/01abc'],
  ['GET', '/api/articles/slug/check/my-slug'],
  ['GET', '/api/files'],
  ['GET', '/api/files/latest'],
  ['POST', '/api/files'],
  ['DELETE', '/api/files/01abc'],
  ['GET', '/api/activity'],
  ['POST', '/api/auth/password', { currentPassword: 'x', newPassword: 'long enough password' }],
  ['GET', '/api/users'],
  ['POST', '/api/users', { email: 'new@example.com' }],
  ['DELETE', '/api/users/01abc'],
  ['GET', '/api/invitations'],
  ['PUT', '/api/invitations/settings', { enabled: true }],
  ['POST', '/api/invitations'],
  ['DELETE', '/api/invitations/01abc'],
] as const;

describe.each(backends)('auth ($name)', (backend) => {
  const ctx = useHarness(backend);

  const login = (payload: unknown, remoteAddress = '203.0.113.7') =>
    ctx.h.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress });

  it('signs in with the right password: token, user and an httpOnly SameSite=Lax cookie', async () => {
    const res = await login(ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ email: ADMIN.email });
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ value: body.accessToken, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBe(7 * 24 * 60 * 60);
  });

  it('accepts the email in any case', async () => {
    expect((await login({ ...ADMIN, email: ADMIN.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrongPassword = await login({ email: ADMIN.email, password: 'nope' });
    const unknownEmail = await login({ email: 'who@example.com', password: ADMIN.password });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('limits failed sign-ins per email and IP with 429 and Retry-After, kept in the database', async () => {
    for (let i = 0; i < 5; i++) expect((await login({ ...ADMIN, password: `bad${i}` })).statusCode).toBe(401);
    // Even the right password is refused now, from this IP.
    const limited = await login(ADMIN);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: serverMessages.tooManyAttempts, code: 'too_many_attempts' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another process on the same database sees the same counter.
    const other = await ctx.h.buildApp();
    const elsewhere = await other.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      remoteAddress: '203.0.113.7',
    });
    expect(elsewhere.statusCode).toBe(429);
    // Another IP is not affected.
    expect((await login(ADMIN, '198.51.100.20')).statusCode).toBe(200);
  });

  it('lets the pair try again once the window has passed', async () => {
    for (let i = 0; i < 5; i++) await login({ ...ADMIN, password: 'bad' });
    expect((await login(ADMIN)).statusCode).toBe(429);
    await ctx.h.db.query("UPDATE login_attempts SET at = at - interval '16 minutes'");
    expect((await login(ADMIN)).statusCode).toBe(200);
  });

  it('clears the failure count after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await login({ ...ADMIN, password: 'bad' });
    expect((await login(ADMIN)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ ...ADMIN, password: 'bad' })).statusCode).toBe(401);
    expect((await login(ADMIN)).statusCode).toBe(200);
  });

  it.each([
    ['malformed JSON', '{"email": "a@b.c", "password": ', 'invalid_json'],
    ['a missing password', { email: ADMIN.email }, 'validation_failed'],
    ['wrong types', { email: 42, password: true }, 'validation_failed'],
    ['unknown fields', { ...ADMIN, admin: true }, 'validation_failed'],
    ['an empty body', '', 'validation_failed'],
  ])('refuses %s with 400', async (_label, payload, code) => {
    const res = await ctx.h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect(typeof res.json().message).toBe('string');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await ctx.h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: ADMIN.email, password: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'too_large' });
  });

  it('knows the user from the bearer token or from the cookie', async () => {
    const byBearer = await ctx.h.app.inject({ url: '/api/auth/me', headers: auth(ctx.token) });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json()).toMatchObject({ user: { email: ADMIN.email, mustChangePassword: false } });
    const byCookie = await ctx.h.app.inject({ url: '/api/auth/me', cookies: { session: ctx.token } });
    expect(byCookie.json()).toMatchObject({ user: { email: ADMIN.email, mustChangePassword: false } });
  });

  it('logs out: 204, the session is gone and the cookie cleared', async () => {
    const res = await ctx.h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth(ctx.token) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === 'session');
    expect(cleared?.value).toBe('');
    expect((await ctx.h.app.inject({ url: '/api/auth/me', headers: auth(ctx.token) })).statusCode).toBe(401);
  });

  it('logs out with an empty JSON body, as the console sends it', async () => {
    const res = await ctx.h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...auth(ctx.token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('refuses a session logged out by another process on the same database', async () => {
    const me = () => ctx.h.app.inject({ url: '/api/auth/me', headers: auth(ctx.token) });
    expect((await me()).statusCode).toBe(200); // checked, and trusted for a few seconds
    const other = await ctx.h.buildApp();
    expect((await other.inject({ method: 'POST', url: '/api/auth/logout', headers: auth(ctx.token) })).statusCode).toBe(204);
    expect((await other.inject({ url: '/api/auth/me', headers: auth(ctx.token) })).statusCode).toBe(401);
    // The logout's notice reaches this process (LISTEN/NOTIFY): no need to wait out the cache.
    await vi.waitFor(async () => expect((await me()).statusCode).toBe(401), { timeout: SESSION_CACHE_MS / 2, interval: 20 });
  });

  it('trusts a checked session for at most SESSION_CACHE_MS when it is deleted behind its back', async () => {
    const me = () => ctx.h.app.inject({ url: '/api/auth/me', headers: auth(ctx.token) });
    expect((await me()).statusCode).toBe(200);
    // No logout, no notice: the row is simply gone (or expired) in the database.
    await ctx.h.db.query('DELETE FROM sessions');
    expect((await me()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE_MS + 1 });
    try {
      expect((await me()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an expired session', async () => {
    await ctx.h.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    const res = await ctx.h.app.inject({ url: '/api/auth/me', headers: auth(ctx.token) });
    expect(res.statusCode).toBe(401);
  });

  it('stores the password as argon2id and the session token only as its SHA-256', async () => {
    const { rows: users } = await ctx.h.db.query<{ password_hash: string }>('SELECT password_hash FROM users');
    expect(users).toHaveLength(1);
    expect(users[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(users[0]!.password_hash).not.toContain(ADMIN.password);
    const { rows: sessions } = await ctx.h.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(sessions.map((s) => s.token_hash)).toEqual([sha256(ctx.token)]);
  });

  it.each(protectedRoutes)('%s %s answers 401 without a session', async (method, url, payload?: object) => {
    for (const headers of [{}, { authorization: 'Bearer not-a-real-token-but-long-enough' }, { cookie: 'session=forged-session-token-value-xyz' }]) {
      const res = await ctx.h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Unauthorized', code: 'unauthorized' });
    }
  });

  it('leaves login and health open', async () => {
    expect((await ctx.h.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await login(ADMIN)).statusCode).toBe(200);
  });

  it('creates admin@localhost with a random password once, when no user exists', async () => {
    await ctx.h.db.query('DELETE FROM users');
    const created: { email: string; generatedPassword?: string }[] = [];
    try {
      const app = await ctx.h.buildApp({ admin: {}, onAdminCreated: (a) => created.push(a) });
      expect(created).toHaveLength(1);
      expect(created[0]!.email).toBe('admin@localhost');
      expect(created[0]!.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@localhost', password: created[0]!.generatedPassword },
      });
      expect(res.statusCode).toBe(200);
      // A second start finds the user and creates nobody.
      await ctx.h.buildApp({ admin: { email: 'other@example.com', password: 'x' }, onAdminCreated: (a) => created.push(a) });
      expect(created).toHaveLength(1);
      const { rows } = await ctx.h.db.query('SELECT email FROM users');
      expect(rows).toEqual([{ email: 'admin@localhost' }]);
    } finally {
      // Back to the suite's admin for the next tests.
      await ctx.h.db.query('DELETE FROM users');
      await ctx.h.buildApp();
    }
  });
});

describe('SessionCache', () => {
  /** A database where every token is a valid session; counts the lookups. */
  const fakeDb = () => {
    const db = {
      lookups: 0,
      async query<R>(_sql: string, params?: unknown[]) {
        db.lookups++;
        const row = { id: 'u1', email: `${String(params?.[0]).slice(0, 6)}@example.com`, expires_at: new Date(Date.now() + 60_000) };
        return { rows: [row as R], rowCount: 1 };
      },
    };
    return db satisfies Queryable;
  };
  const token = (n: number) => `token-number-${n}-`.padEnd(43, 'x');

  it('asks the database once per session while trusted, and once for concurrent misses', async () => {
    const db = fakeDb();
    const cache = new SessionCache(60_000, 10);
    await Promise.all([1, 2, 3].map(() => cache.lookup(db, token(1))));
    await cache.lookup(db, token(1));
    expect(db.lookups).toBe(1);
  });

  it('holds at most maxEntries sessions, dropping the oldest', async () => {
    const db = fakeDb();
    const cache = new SessionCache(60_000, 2);
    for (const n of [1, 2, 3]) await cache.lookup(db, token(n));
    expect(cache.size).toBe(2);
    await cache.lookup(db, token(3));
    expect(db.lookups).toBe(3);
    await cache.lookup(db, token(1)); // dropped: asked again
    expect(db.lookups).toBe(4);
  });

  it('forgets a revoked session, and does not keep the answer of a lookup that raced the revocation', async () => {
    const db = fakeDb();
    const cache = new SessionCache(60_000, 10);
    await cache.lookup(db, token(1));
    cache.forget(sha256(token(1)));
    expect(cache.size).toBe(0);
    const racing = cache.lookup(db, token(2));
    cache.forget(sha256(token(2)));
    await racing;
    expect(cache.size).toBe(0);
  });
});
