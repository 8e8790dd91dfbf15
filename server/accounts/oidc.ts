/**
 * 'Login with Google' (or any OpenID Connect provider): the authorization code flow with PKCE,
 * state and nonce, through `openid-client` (a certified relying-party library). Only people who
 * already have an account sign in this way: the provider's verified email must match one.
 */
import * as client from 'openid-client';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plain-http issuers are refused unless allowed (tests, a local provider). */
  allowHttp?: boolean;
}

/** What the browser carries between the start and the callback (an httpOnly cookie, 10 minutes). */
export interface OidcPending {
  state: string;
  nonce: string;
  verifier: string;
}

export class OidcClient {
  private config: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  /** The provider's metadata, fetched once (again after a failure, so a provider down at start is no matter). */
  private configuration(): Promise<client.Configuration> {
    this.config ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        this.settings.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.config = undefined;
        throw error;
      });
    return this.config;
  }

  /** Where to send the browser, and what to keep for the callback. */
  async start(redirectUri: string): Promise<{ url: string; pending: OidcPending }> {
    const config = await this.configuration();
    const pending = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** The verified email of whoever came back to `callbackUrl`, or throws. */
  async finish(callbackUrl: URL, pending: OidcPending): Promise<string> {
    const config = await this.configuration();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    const email = typeof claims?.email === 'string' ? claims.email : undefined;
    if (!email || claims?.email_verified !== true) throw new Error('the provider did not vouch for an email address');
    return email;
  }
}
