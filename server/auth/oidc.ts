// Single sign-on through any OpenID Connect provider: authorization code with PKCE.
// The login's state travels in a signed, short-lived cookie, so any instance can finish it.
import * as client from 'openid-client';
import type { OidcConfig } from '../config.js';
import type { SsoProfile } from './service.js';

export interface PendingLogin {
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string;
}

export interface OidcClient {
  name: string;
  /** Where to send the browser, and what to remember until it comes back. */
  start(returnTo: string): Promise<{ url: string; pending: PendingLogin }>;
  /** Turns the provider's answer into a profile; throws when anything does not check out. */
  finish(callbackUrl: URL, pending: PendingLogin): Promise<SsoProfile>;
}

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

export function createOidcClient(config: OidcConfig, publicUrl: URL): OidcClient {
  const redirectUri = new URL(OIDC_CALLBACK_PATH, publicUrl).href;
  let discovered: Promise<client.Configuration> | undefined;

  // Discovered on first use, not at start-up: a provider that is briefly down must not stop
  // the whole product from starting. A failed discovery is retried on the next sign-in.
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        execute: config.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    name: config.name,

    async start(returnTo) {
      const oidc = await configuration();
      const pending: PendingLogin = {
        verifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
        returnTo,
      };
      const url = client.buildAuthorizationUrl(oidc, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },

    async finish(callbackUrl, pending) {
      const oidc = await configuration();
      const tokens = await client.authorizationCodeGrant(oidc, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider sent no ID token');
      // Many providers keep email out of the ID token: ask the userinfo endpoint as well.
      const info: Record<string, unknown> =
        claims.email === undefined ? await client.fetchUserInfo(oidc, tokens.access_token, claims.sub) : claims;
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: text(info.email),
        emailVerified: info.email_verified === true,
        displayName: text(info.name) ?? text(info.preferred_username),
        firstName: text(info.given_name),
        lastName: text(info.family_name),
      };
    },
  };
}
