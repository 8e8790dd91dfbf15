/**
 * 'Login with Google' through a real OpenID Connect code flow (PKCE, state, nonce, a signed ID
 * token checked against the provider's keys), against a small provider served by the test.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverMessages } from '../../src/contract/index.ts';
import { ADMIN, backends, openHarness, type Harness } from './helpers.ts';

const CLIENT_ID = 'console';
const CLIENT_SECRET = 'provider-secret';

/** The person the provider says signed in, set per test. */
let person = { email: ADMIN.email, email_verified: true };

async function startProvider() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string; challenge: string; redirectUri: string }>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      // Signs the person in at once and sends them back with a code.
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        nonce: url.searchParams.get('nonce') ?? '',
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
      });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      // client_secret_basic or client_secret_post, whichever the client uses.
      const [id, secret] = basic.includes(':')
        ? basic.split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const challenge = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
      if (id !== CLIENT_ID || secret !== CLIENT_SECRET || !grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri')) {
        return json(400, { error: 'invalid_grant' });
      }
      const idToken = await new SignJWT({ ...person, nonce: grant.nonce })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setAudience(CLIENT_ID)
        .setSubject(person.email)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(backends.slice(0, 1))('sign-in with an OpenID Connect provider ($name)', (backend) => {
  let h: Harness;
  let app: FastifyInstance;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  beforeAll(async () => {
    provider = await startProvider();
    h = await openHarness(backend);
    app = await h.buildApp({ oidc: { issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, allowHttp: true } });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await provider?.close();
  });
  beforeEach(async () => {
    await h.reset();
    person = { email: ADMIN.email, email_verified: true };
  });

  /** Start → provider → callback, as a browser follows the redirects; answers the callback's answer. */
  async function signInThroughProvider(tamper?: (callback: URL) => void) {
    const start = await app.inject({ url: '/api/auth/oidc/start' });
    expect(start.statusCode).toBe(303);
    const cookie = start.cookies.find((c) => c.name === 'oidc');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc' });
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    tamper?.(callback);
    return app.inject({ url: `${callback.pathname}${callback.search}`, cookies: { oidc: cookie!.value } });
  }

  it('offers the button only when configured, and signs a known email in with a session cookie', async () => {
    expect((await h.app.inject({ url: '/api/auth/options' })).json().oidcLoginUrl).toBeNull();
    expect((await h.app.inject({ url: '/api/auth/oidc/start' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/auth/options' })).json().oidcLoginUrl).toBe('/api/auth/oidc/start');

    const done = await signInThroughProvider();
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/');
    const session = done.cookies.find((c) => c.name === 'session');
    expect(session?.httpOnly).toBe(true);
    const me = await app.inject({ url: '/api/auth/me', cookies: { session: session!.value } });
    expect(me.json().user.email).toBe(ADMIN.email);
  });

  const refusedWith = (message: string) => `/login?error=${encodeURIComponent(message)}`;
  const sessions = async () => Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM sessions')).rows[0]!.n);

  it('refuses an email with no account, an unverified email, a forged state and a missing cookie', async () => {
    const before = await sessions();
    person = { email: 'stranger@example.com', email_verified: true };
    expect((await signInThroughProvider()).headers.location).toBe(refusedWith(serverMessages.oidcNoAccount));
    person = { email: ADMIN.email, email_verified: false };
    expect((await signInThroughProvider()).headers.location).toBe(refusedWith(serverMessages.oidcFailed));
    person = { email: ADMIN.email, email_verified: true };
    const forged = await signInThroughProvider((url) => url.searchParams.set('state', 'forged'));
    expect(forged.headers.location).toBe(refusedWith(serverMessages.oidcFailed));
    const start = await app.inject({ url: '/api/auth/oidc/start' });
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    const noCookie = await app.inject({ url: `${callback.pathname}${callback.search}` });
    expect(noCookie.headers.location).toBe(refusedWith(serverMessages.oidcFailed));
    expect(await sessions()).toBe(before);
  });
});
