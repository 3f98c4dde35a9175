// Issue 19 "Accounts": TRUST_PROXY on a real listener (server/main.ts as its own process):
// with a hop count of 1 the address the sign-in limit counts is the one the proxy appended,
// whatever a client writes in front of it; `true` warns at start; a bad value stops it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../test/instance.js';

const dataDirs: string[] = [];
const instances: Instance[] = [];
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop().catch(() => instance.kill())));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function start(trustProxy: string): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'heirloom-trust-proxy-'));
  dataDirs.push(dataDir);
  const instance = await startInstance({ DATA_DIR: dataDir, PUBLIC_URL: 'http://heirloom.test', TRUST_PROXY: trustProxy });
  instances.push(instance);
  return instance;
}

describe('TRUST_PROXY on a real listener', () => {
  it('with 1: a forged leftmost X-Forwarded-For does not change the address the sign-in limit counts', async () => {
    const instance = await start('1');
    expect(instance.output()).not.toContain('TRUST_PROXY=true');
    let forged = 0;
    const login = (client: string) =>
      fetch(`${instance.origin}/api/auth/login`, {
        method: 'POST',
        // What the proxy passes on: whatever the client sent, then the address it saw.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${++forged}, ${client}` },
        body: JSON.stringify({ email: `nobody-${forged}@example.org`, password: 'wrong password' }),
      });
    for (let i = 0; i < 10; i++) expect((await login('198.51.100.7')).status).toBe(401);
    const refused = await login('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many failed sign-in attempts. Try again in 15 minutes' });
    expect((await login('198.51.100.8')).status).toBe(401);
  }, 60_000);

  it('with true: starts, and warns that any X-Forwarded-For is believed', async () => {
    const instance = await start('true');
    expect(await instance.printed(/TRUST_PROXY=true believes any X-Forwarded-For/)).toContain('set TRUST_PROXY to the number of proxies');
  }, 60_000);

  it('with a bad value: stops at start with one line naming TRUST_PROXY', async () => {
    const error = await start('yes-please').then(
      () => null,
      (refusal: unknown) => refusal,
    );
    expect(String(error)).toContain('Configuration error: TRUST_PROXY must be false, the number of proxies in front of Heirloom (such as 1)');
  }, 60_000);
});
