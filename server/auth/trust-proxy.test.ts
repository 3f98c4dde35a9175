// Issue 19 "Accounts": TRUST_PROXY=true believed any X-Forwarded-For, so a client chose the
// address the per-address sign-in limit counts. It now takes a hop count or the proxies'
// addresses, and a forged leftmost X-Forwarded-For changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyWarning } from '../config.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser, TEST_PASSWORD } from '../test/factories.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function trustProxyOf(value: string) {
  const dir = mkdtempSync(join(tmpdir(), 'heirloom-config-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, TRUST_PROXY: value }).trustProxy;
}
function refusalOf(value: string): string {
  try {
    trustProxyOf(value);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`TRUST_PROXY=${value} was accepted`);
}

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 172.16.0.0/12,::1', ['10.0.0.0/8', '172.16.0.0/12', '::1']],
    ['fd00::/8', ['fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    ['true', true],
  ])('reads %j as %j', (value, trust) => {
    expect(trustProxyOf(value)).toEqual(trust);
  });

  it('is false when unset or blank', () => {
    const dir = mkdtempSync(join(tmpdir(), 'heirloom-config-'));
    dirs.push(dir);
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(trustProxyOf('  ')).toBe(false);
  });

  it.each([['yes'], ['-1'], ['1.5'], ['1000'], ['10.0.0.0/33'], ['::1/129'], ['10.0.0.1,'], ['proxy.example.org'], ['10.0.0.1/8/8'], ['TRUE']])(
    'stops start-up on %j with one line naming the variable',
    (value) => {
      expect(refusalOf(value)).toBe(
        'Configuration error: TRUST_PROXY must be false, the number of proxies in front of Heirloom (such as 1), or their addresses or ranges separated by commas (such as 10.0.0.0/8,::1)',
      );
    },
  );

  it('warns at start when it is true, and only then', () => {
    expect(trustProxyWarning({ trustProxy: true })).toMatch(/^TRUST_PROXY=true believes any X-Forwarded-For.*set TRUST_PROXY to the number of proxies/);
    for (const trustProxy of [false, 1, ['10.0.0.1']]) expect(trustProxyWarning({ trustProxy })).toBeNull();
  });
});

/** The balancer in front of Heirloom, as the socket's address. */
const PROXY = '10.9.9.9';

describe.each(dialects)('the per-address sign-in limit behind a proxy on %s', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  let forged = 0;
  /** A sign-in through the proxy: X-Forwarded-For is "{whatever the client wrote}, {client}". */
  const loginVia = (t: TestApp, client: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `203.0.113.${++forged % 250}, ${client}` },
    });
  const addressRows = (t: TestApp, address: string) =>
    t.ctx.db.selectFrom('sign_in_failures').select('id').where('key', '=', `address:${address}`).execute();

  describe.each([['a hop count', '1'], ['the proxy\'s range', '10.9.0.0/16']])('with %s (TRUST_PROXY=%s)', (_, trustProxy) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeTestApp(dialect, { env: { TRUST_PROXY: trustProxy } });
      apps.push(t);
    });

    it('counts the address the proxy saw, whatever the client writes in front of it, and locks it out after 10 failures', async () => {
      const client = '198.51.100.7';
      for (let i = 0; i < 10; i++) {
        const response = await loginVia(t, client, `nobody-${i}@example.org`, 'wrong password');
        expect(response.statusCode).toBe(401);
      }
      expect(await addressRows(t, client)).toHaveLength(10);
      const { user } = await makeUser(t.ctx);
      const refused = await loginVia(t, client, user.email, TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      // Another client behind the same proxy is not locked out.
      expect((await loginVia(t, '198.51.100.8', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    });
  });

  it('with TRUST_PROXY=true still believes the leftmost address (which is why it warns)', async () => {
    const t = await makeTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    apps.push(t);
    const response = await loginVia(t, '198.51.100.9', 'nobody@example.org', 'wrong password');
    expect(response.statusCode).toBe(401);
    expect(await addressRows(t, '198.51.100.9')).toHaveLength(0);
    expect(await addressRows(t, `203.0.113.${forged % 250}`)).toHaveLength(1);
  });
});
