// A real OpenID provider (oidc-provider, certified) on loopback for the SSO tests, with its
// development login and consent pages, which accept any login name and password.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who may sign in: the login name typed on the provider's form is the subject. */
  accounts: Map<string, OidcAccount>;
  /** Errors the provider reported while answering (empty when all went well). */
  errors: unknown[];
  close(): Promise<void>;
}

export async function startOidcPeer(redirectUri: string): Promise<OidcPeer> {
  let handler: RequestListener = (_request, response) => response.writeHead(503).end();
  const server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const accounts = new Map<string, OidcAccount>();
  const errors: unknown[] = [];
  const clientId = 'heirloom-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    // A confidential client registered the ordinary way: every field not named here
    // (token_endpoint_auth_method included) keeps the provider's default.
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: account.email, email_verified: account.emailVerified, name: account.name };
        },
      };
    },
  });
  for (const event of ['server_error', 'authorization.error', 'grant.error', 'userinfo.error']) {
    provider.on(event, (...args) => errors.push(args.at(-1)));
  }
  handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    errors,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
