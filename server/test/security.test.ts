/**
 * Browser-facing protections: the console's security headers (CSP without inline script,
 * no framing, referrer and permissions policies), and cookie sessions refused for writes that
 * another site's page sends (Origin / Sec-Fetch-Site), while bearer clients are unaffected.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverMessages, sessionListSchema } from '../../src/contract/index.ts';
import { hashPassword } from '../accounts/auth.ts';
import { createAccount, resetPassword } from '../accounts/operations.ts';
import { sha256 } from '../ids.ts';
import { ADMIN, auth, backends, openHarness, TEST_HASHING, type Harness } from './helpers.ts';

describe.each(backends.slice(0, 1))('security headers and cross-site writes ($name)', (backend) => {
  let h: Harness;
  let token: string;
  let withConsole: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    h = await openHarness(backend);
    dist = await mkdtemp(path.join(os.tmpdir(), 'dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    withConsole = await h.buildApp({ staticDir: dist });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await rm(dist, { recursive: true, force: true });
  });
  beforeEach(async () => {
    token = await h.reset();
  });

  it('serves the console with a strict CSP, no framing, and referrer and permissions policies', async () => {
    for (const url of ['/', '/articles/123']) {
      const res = await withConsole.inject({ url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(String(res.headers['permissions-policy'])).toContain('camera=()');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  const cookieSession = async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const cookie = res.cookies.find((c) => c.name === 'session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    return `session=${cookie.value}`;
  };

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a cookie-session write with %s (403), changing nothing', async (_label, headers) => {
    const cookie = await cookieSession();
    const res = await h.app.inject({ method: 'POST', url: '/api/articles', headers: { cookie, ...headers }, payload: { slug: 'csrf' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: serverMessages.crossSite, code: 'cross_site' });
    expect((await h.db.query('SELECT 1 FROM articles')).rows).toHaveLength(0);
  });

  it('accepts the console\'s own writes, reads from anywhere, and bearer clients', async () => {
    const cookie = await cookieSession();
    const own = await h.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { slug: 'own' },
    });
    expect(own.statusCode).toBe(201);
    const fetchMeta = await h.app.inject({ method: 'POST', url: '/api/articles', headers: { cookie, 'sec-fetch-site': 'same-origin' }, payload: { slug: 'meta' } });
    expect(fetchMeta.statusCode).toBe(201);
    const read = await h.app.inject({ url: '/api/articles/admin/articles', headers: { cookie, origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    const bearer = await h.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: { ...auth(token), origin: 'https://elsewhere.example' },
      payload: { slug: 'script' },
    });
    expect(bearer.statusCode).toBe(201);
  });
});

describe.each(backends)('session limits and revocation ($name)', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(backend, { sessionCacheMs: 0 });
  }, 60_000);
  afterAll(() => h?.close());
  beforeEach(async () => {
    await h.reset();
  });

  const me = (token: string) => h.app.inject({ url: '/api/auth/me', headers: auth(token) });

  it('ends a session after 24 hours without use, and 7 days after sign-in whatever the use', async () => {
    const idle = await h.login();
    const old = await h.login();
    expect((await me(idle)).statusCode).toBe(200);
    await h.db.query(`UPDATE sessions SET last_seen_at = now() - interval '25 hours' WHERE token_hash = $1`, [sha256(idle)]);
    expect((await me(idle)).statusCode).toBe(401);
    await h.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(old)]);
    expect((await me(old)).statusCode).toBe(401);
  });

  it('records when a session was last used, at most once a minute', async () => {
    const token = await h.login();
    await h.db.query(`UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE token_hash = $1`, [sha256(token)]);
    expect((await me(token)).statusCode).toBe(200);
    const { rows } = await h.db.query<{ fresh: boolean }>(
      `SELECT last_seen_at > now() - interval '1 minute' AS fresh FROM sessions WHERE token_hash = $1`,
      [sha256(token)],
    );
    expect(rows[0]!.fresh).toBe(true);
  });

  it("lists the admin's sessions and revokes one: that token stops working at once", async () => {
    await h.db.query('DELETE FROM sessions');
    const mine = await h.login();
    const other = await h.login();
    const list = await h.app.inject({ url: '/api/auth/sessions', headers: auth(mine) });
    expect(list.statusCode).toBe(200);
    const sessions = sessionListSchema.parse(list.json()).data;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toContain(sha256(mine));
    const target = sessions.find((s) => !s.current)!;
    const revoked = await h.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: auth(mine) });
    expect(revoked.statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(mine)).statusCode).toBe(200);
    const again = await h.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: auth(mine) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: serverMessages.sessionNotFound, code: 'not_found' });
  });
});

describe.each(backends)('operator commands ($name)', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(backend, { sessionCacheMs: 0 });
  }, 60_000);
  afterAll(() => h?.close());
  beforeEach(async () => {
    await h.reset();
    await h.db.query(`DELETE FROM users WHERE email <> $1`, [ADMIN.email]);
  });

  const login = (email: string, password: string) =>
    h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('create-user adds an admin who can sign in with the password shown once; an email is used once', async () => {
    const created = await createAccount(h.db, 'Editor@Example.com', TEST_HASHING, null);
    expect(created.account.email).toBe('editor@example.com');
    expect(created.account.mustChangePassword).toBe(true);
    expect(created.password).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await login('editor@example.com', created.password)).statusCode).toBe(200);
    await expect(createAccount(h.db, 'editor@example.com', TEST_HASHING, null)).rejects.toThrow(serverMessages.emailTaken);
  });

  it('reset-password gives a new password and ends every session of that user', async () => {
    const token = await h.login();
    const reset = await resetPassword(h.db, ADMIN.email, TEST_HASHING);
    expect((await h.app.inject({ url: '/api/auth/me', headers: auth(token) })).statusCode).toBe(401);
    expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(401);
    expect((await login(ADMIN.email, reset.password)).statusCode).toBe(200);
    await expect(resetPassword(h.db, 'nobody@example.com', TEST_HASHING)).rejects.toThrow(serverMessages.userNotFound);
    // Back to the suite's password for the other tests.
    await h.db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [ADMIN.email, await hashPassword(ADMIN.password, TEST_HASHING)]);
  });
});
