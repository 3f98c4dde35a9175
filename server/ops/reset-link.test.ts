// npm run user:reset-link -- EMAIL (issue 23): the operator's one-time link when the server
// sends no mail, printed by the command in a process of its own on the instance's database;
// the link sets the password once. An unknown address exits 1 with a clear line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeUser, TEST_PASSWORD } from '../test/factories.js';
import { configOf, envOf, linesOf, runCli, type CliRun } from './test-support.js';

const resetLink = (args: string[], env: Record<string, string>): Promise<CliRun> => runCli(args, env, 'server/ops/reset-link.ts');

describe.each(dialects)('npm run user:reset-link on %s', (dialect) => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    env = envOf(await configOf(t), { PUBLIC_URL: TEST_ORIGIN });
  });
  afterAll(() => t?.close());

  it('prints a one-time link for an existing account, which sets its password once', async () => {
    const { user } = await makeUser(t.ctx);
    const run = await resetLink([user.email], env);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const [intro, link] = linesOf(run.stdout);
    expect(intro).toBe(`A reset link for ${user.email}, for one use within the hour (pass it on privately):`);
    expect(link).toMatch(new RegExp(`^${TEST_ORIGIN}/reset-password/[A-Za-z0-9_-]{43}$`));
    const token = link!.slice(link!.lastIndexOf('/') + 1);
    const use = () => t.app.inject({ method: 'POST', url: `/api/auth/password-reset/${token}`, payload: { password: 'the operator passed it on' }, headers: { origin: TEST_ORIGIN } });
    expect((await use()).statusCode).toBe(204);
    expect((await use()).statusCode).toBe(400);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(401);
  });

  it('exits 1 with one clear line for an address with no account, and 2 without one', async () => {
    const unknown = await resetLink(['nobody@example.org'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(linesOf(unknown.stderr)).toEqual([
      "No account can be reset for nobody@example.org: there is none with that address, or it is a storyteller's, which has no password.",
    ]);
    const none = await resetLink([], env);
    expect(none.code).toBe(2);
    expect(linesOf(none.stderr)).toEqual(['Usage: npm run user:reset-link -- EMAIL']);
  });
});
