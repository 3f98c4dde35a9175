import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { iso } from '../context.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, TEST_PASSWORD } from '../test/factories.js';

const MINUTE = 60_000;
const newEmail = () => `person-${randomUUID().slice(0, 8)}@example.org`;
/** A fresh client address, so one test's failures never count against another's. */
let lastOctet = 0;
const newAddress = () => `10.0.${Math.floor(++lastOctet / 250)}.${lastOctet % 250}`;

describe.each(dialects)('sign-in failure limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress = newAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const failTimes = async (count: number, email: () => string, remoteAddress?: () => string) => {
    for (let i = 0; i < count; i++) {
      expect((await login(email(), 'wrong password', remoteAddress?.())).statusCode).toBe(401);
    }
  };
  const accountFailures = async (email: string) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('sign_in_failures')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('key', '=', `account:${email}`)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses the 11th sign-in to an account after 10 failures, right password included, with 429 'Too many failed sign-in attempts. Try again in 15 minutes'", async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    await failTimes(10, () => user.email);
    const response = await login(user.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: 'Too many failed sign-in attempts. Try again in 15 minutes' });
    expect(response.headers['set-cookie']).toBeUndefined();
    // The email is compared lower-cased, so changing its case does not get round the limit.
    expect((await login(user.email.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(429);

    // Still refused a minute before the window ends (a minute, so a slow machine stays inside it).
    t.advance(14 * MINUTE);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    t.advance(MINUTE + 1_000);
    const later = await login(user.email, TEST_PASSWORD);
    expect(later.statusCode).toBe(200);
    expect(later.json().id).toBe(user.id);
  });

  it("clears the account's failure count on a successful sign-in", async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    await failTimes(9, () => user.email);
    expect(await accountFailures(user.email)).toBe(9);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await accountFailures(user.email)).toBe(0);
    await failTimes(9, () => user.email);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts 25 wrong passwords sent at once: at most 10 are checked (401), the rest are 429, and then the right password is 429', async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    const responses = await Promise.all(Array.from({ length: 25 }, () => login(user.email, 'wrong password')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBe(10);
    for (const response of responses.filter((each) => each.statusCode === 429)) expect(response.json()).toEqual({ message: messages.tooManySignIns });
    expect(await accountFailures(user.email)).toBe(10);

    const right = await login(user.email, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('counts 25 wrong passwords for different accounts sent at once from one address: 10 checked, the rest 429', async () => {
    const address = newAddress();
    const responses = await Promise.all(Array.from({ length: 25 }, () => login(newEmail(), 'wrong password', address)));
    expect(responses.filter((response) => response.statusCode === 401).length).toBe(10);
    expect(responses.filter((response) => response.statusCode === 429).length).toBe(15);
  });

  it('takes turns at no more than 64 gate rows, which the sweep of old failures leaves, and never fails while sweeping', async () => {
    // Failures from before the window, for the sweep of the sign-ins below to remove.
    await Promise.all(Array.from({ length: 20 }, () => login(newEmail(), 'wrong password')));
    t.advance(16 * MINUTE);
    const people = await Promise.all(Array.from({ length: 5 }, () => makeUser(t.ctx, { email: newEmail() })));
    const address = newAddress();
    // Right passwords (each sweeps) and wrong ones (each counted) at once, sharing one address.
    const responses = await Promise.all([
      ...people.map(({ user }) => login(user.email, TEST_PASSWORD, address)),
      ...Array.from({ length: 40 }, (_, i) => login(i % 2 ? people[i % 5]!.user.email : newEmail(), 'wrong password', i % 3 ? address : newAddress())),
    ]);
    expect(responses.filter((response) => ![200, 401, 429].includes(response.statusCode)).map((response) => response.body)).toEqual([]);
    const rows = await t.ctx.db.selectFrom('sign_in_failures').select(['key', 'failed_at']).execute();
    const gates = rows.filter((row) => row.key.startsWith('gate:'));
    expect(gates.length).toBeGreaterThan(0);
    expect(gates.length).toBeLessThanOrEqual(64);
    // Every failure left is from inside the window: the old ones were swept, the gates kept.
    const windowStart = t.ctx.now().getTime() - 15 * MINUTE;
    expect(rows.filter((row) => !row.key.startsWith('gate:') && Date.parse(row.failed_at) <= windowStart)).toEqual([]);
  });

  it('lets a right password alone sign in, and many right sign-ins from one address never lock it out', async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    const address = newAddress();
    for (let i = 0; i < 12; i++) expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    expect(await accountFailures(user.email)).toBe(0);
    const addressRows = await t.ctx.db.selectFrom('sign_in_failures').select('id').where('key', '=', `address:${address}`).execute();
    expect(addressRows).toEqual([]);
  });

  it('limits one address to 10 failures across different emails, and leaves other addresses alone', async () => {
    const address = newAddress();
    await failTimes(10, newEmail, () => address);
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    const refused = await login(user.email, TEST_PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: messages.tooManySignIns });
    expect((await login(user.email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });
});

describe.each(dialects)('sign-up limits and registration modes on %s', (dialect) => {
  const register = (t: TestApp, payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  const countUsers = async (t: TestApp) =>
    Number((await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it("refuses sign-ups past the hourly limit per address with 429 'Too many requests. Please wait a moment and try again'", async () => {
    const t = await makeTestApp(dialect, { registerLimit: 2 });
    try {
      expect((await register(t, { email: newEmail(), password: TEST_PASSWORD })).statusCode).toBe(201);
      expect((await register(t, { email: newEmail(), password: TEST_PASSWORD })).statusCode).toBe(201);
      const response = await register(t, { email: newEmail(), password: TEST_PASSWORD });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ message: messages.tooManyRequests });
      expect(await countUsers(t)).toBe(2);
    } finally {
      await t.close();
    }
  });

  describe('REGISTRATION=closed', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeTestApp(dialect, { env: { REGISTRATION: 'closed' } });
    });
    afterAll(() => t.close());

    it("refuses every sign-up with 403 'Sign-up is closed on this server'", async () => {
      const response = await register(t, { email: newEmail(), password: TEST_PASSWORD });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Sign-up is closed on this server' });
      expect(await countUsers(t)).toBe(0);
    });

    it('still lets existing accounts sign in, and says so at /api/auth/providers', async () => {
      const { user } = await makeUser(t.ctx);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
      expect(login.statusCode).toBe(200);
      const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json()).toEqual({ password: true, oidc: null, registration: 'closed' });
    });
  });

  describe('REGISTRATION=invite', () => {
    let t: TestApp;
    let owner: Awaited<ReturnType<typeof makeUser>>['user'];
    beforeAll(async () => {
      t = await makeTestApp(dialect, { env: { REGISTRATION: 'invite' } });
      owner = (await makeUser(t.ctx)).user;
    });
    afterAll(() => t.close());

    async function makeInvite(expiresInMs: number): Promise<string> {
      const timeline = await makeTimeline(t.ctx, owner);
      const id = randomUUID();
      const now = t.ctx.now();
      await t.ctx.db
        .insertInto('timeline_invites')
        .values({ id, timeline_id: timeline.id, created_by: owner.id, created_at: iso(now), expires_at: iso(new Date(now.getTime() + expiresInMs)) })
        .execute();
      return id;
    }

    it.each([
      ['no invite', async () => undefined],
      ['an unknown invite', async () => randomUUID()],
      ['an expired invite', () => makeInvite(-MINUTE)],
    ])("refuses sign-up with %s: 403 'Sign-up on this server needs an invite link'", async (_, invite) => {
      const before = await countUsers(t);
      const response = await register(t, { email: newEmail(), password: TEST_PASSWORD, inviteId: await invite() });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.registrationNeedsInvite });
      expect(await countUsers(t)).toBe(before);
    });

    it('accepts sign-up with a valid, unexpired timeline invite', async () => {
      const inviteId = await makeInvite(48 * 60 * MINUTE);
      const email = newEmail();
      const response = await register(t, { email, password: TEST_PASSWORD, inviteId });
      expect(response.statusCode).toBe(201);
      expect(response.json().email).toBe(email);
      const row = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      expect(row?.id).toBe(response.json().id);
    });
  });
});
