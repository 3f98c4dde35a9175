// "Forgot password?" (issue 23; DESIGN "E-mail (optional)") against a real SMTP server on
// loopback: the mail arrives with a text and an HTML part and a link that works once, within the
// hour; it ends every session; an unknown address, a storyteller and a flood get the same 202
// and no mail; without SMTP the request is refused and nothing is stored.
import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MAILS_PER_HOUR } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { flag } from '../db/flags.js';
import { jobsOf } from '../jobs/index.js';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeFamily, makeUser, TEST_PASSWORD } from '../test/factories.js';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.js';
import { makeResetLink } from './index.js';

const NEW_PASSWORD = 'the garden gate is green';
const newEmail = () => `person-${randomUUID().slice(0, 8)}@example.org`;
let lastOctet = 0;
/** A fresh client address per request, so the per-address limit is tested only where it is meant to be. */
const newAddress = () => `10.2.${Math.floor(++lastOctet / 250)}.${lastOctet % 250}`;
const LINK = /http:\/\/heirloom\.test\/reset-password\/([A-Za-z0-9_-]{43})/;

describe.each(dialects)('password reset by mail on %s', (dialect) => {
  let smtp: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await makeTestApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'heirloom@example.org' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const ask = (email: string, remoteAddress = newAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, headers: { origin: TEST_ORIGIN }, remoteAddress });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: `/api/auth/password-reset/${token}`, payload: { password }, headers: { origin: TEST_ORIGIN } });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: newAddress() });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const mailTo = (email: string): ParsedMail[] => smtp.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === email);

  /** Asks for a link for `email`, runs the jobs and answers the one mail that came. */
  async function resetMailFor(email: string): Promise<{ mail: ParsedMail; token: string }> {
    expect((await ask(email)).statusCode).toBe(202);
    await t.settleJobs();
    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    return { mail, token: LINK.exec(mail.text ?? '')![1]! };
  }

  it('mails a link with a text and an HTML part, the family named in the subject, and the link sets the password once', async () => {
    const { user, cookie } = await makeUser(t.ctx, { email: newEmail(), displayName: 'Rose' });
    await makeFamily(t.ctx, user, { name: 'The Hendersons' });
    const { mail, token } = await resetMailFor(user.email);
    expect(mail.subject).toBe(`${messages.passwordResetSubject} · The Hendersons`);
    expect(mail.text).toContain(messages.passwordResetGreeting('Rose'));
    expect(mail.text).toContain(messages.passwordResetExpiry);
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/reset-password/${token}"`);
    expect(mail.html).not.toMatch(/<img|src=/i);
    // Only the token's hash is stored.
    const stored = await t.ctx.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await me(cookie)).statusCode).toBe(200);
    const done = await reset(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(204);
    // Every session of the account ends: whoever held the old password is out.
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'another long password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: messages.passwordResetLinkInvalid });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link after its hour, and an unknown one, with the same clear message', async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    const { token } = await resetMailFor(user.email);
    t.advance(60 * 60_000 + 1);
    const late = await reset(token, NEW_PASSWORD);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: messages.passwordResetLinkInvalid });
    const unknown = await reset('x'.repeat(43), NEW_PASSWORD);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: messages.passwordResetLinkInvalid });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("holds the new password to sign-up's rules, and a refused password leaves the link usable", async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    const { token } = await resetMailFor(user.email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: messages.passwordTooShort });
    const common = await reset(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ message: messages.passwordTooCommon });
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('answers 202 for an unknown address and a storyteller, and sends them nothing', async () => {
    const storyteller = await makeUser(t.ctx, { email: newEmail() });
    await t.ctx.db.updateTable('users').set({ is_storyteller: flag(true), password_hash: null }).where('id', '=', storyteller.user.id).execute();
    const jobsBefore = (await jobsOf(t.ctx.db, { kind: 'mail.send' })).length;
    const unknown = await ask('nobody-here@example.org');
    const quiet = await ask(storyteller.user.email);
    expect([unknown.statusCode, quiet.statusCode]).toEqual([202, 202]);
    expect(unknown.body).toBe(quiet.body);
    await t.settleJobs();
    expect((await jobsOf(t.ctx.db, { kind: 'mail.send' })).length).toBe(jobsBefore);
    expect(mailTo('nobody-here@example.org')).toEqual([]);
    expect(mailTo(storyteller.user.email)).toEqual([]);
    expect(await t.ctx.db.selectFrom('password_resets').selectAll().where('user_id', '=', storyteller.user.id).execute()).toEqual([]);
  });

  it('answers an unknown address in about the time of a known one', async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await ask(email)).statusCode).toBe(202);
      return performance.now() - started;
    };
    // The quickest of three each: a busy machine only ever adds time, so the minimum is the
    // answer's own time and one descheduled request cannot fail the comparison.
    const quickest = async (email: string) => Math.min(await timed(email), await timed(email), await timed(email));
    const known = await quickest(user.email);
    const unknown = await quickest('nobody-at-all@example.org');
    expect(Math.abs(known - unknown)).toBeLessThan(100);
    await t.settleJobs();
  });

  it(`sends an account at most ${PASSWORD_RESET_MAILS_PER_HOUR} links an hour, still answering 202, and more the next hour`, async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    for (let i = 0; i < PASSWORD_RESET_MAILS_PER_HOUR + 2; i++) expect((await ask(user.email)).statusCode).toBe(202);
    await t.settleJobs();
    expect(mailTo(user.email)).toHaveLength(PASSWORD_RESET_MAILS_PER_HOUR);
    t.advance(60 * 60_000 + 1);
    expect((await ask(user.email)).statusCode).toBe(202);
    await t.settleJobs();
    expect(mailTo(user.email)).toHaveLength(PASSWORD_RESET_MAILS_PER_HOUR + 1);
  });

  it('uses up every other link of the account when one is used', async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    expect((await ask(user.email)).statusCode).toBe(202);
    expect((await ask(user.email)).statusCode).toBe(202);
    await t.settleJobs();
    const [first, second] = mailTo(user.email).map((mail) => LINK.exec(mail.text ?? '')![1]!);
    expect((await reset(second!, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await reset(first!, 'an older link tried later')).statusCode).toBe(400);
  });

  it('makes a one-time link for the operator (npm run user:reset-link) that works like a mailed one', async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    const link = await makeResetLink(t.ctx, user.email);
    const token = LINK.exec(link ?? '')![1]!;
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect(await makeResetLink(t.ctx, 'nobody-known@example.org')).toBeNull();
  });
});

describe.each(dialects)('password reset without SMTP on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('refuses with what to do instead, and stores nothing', async () => {
    const { user } = await makeUser(t.ctx, { email: newEmail() });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email }, headers: { origin: TEST_ORIGIN } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.passwordResetNoMail });
    expect(await t.ctx.db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    expect(await jobsOf(t.ctx.db)).toEqual([]);
  });
});

describe.each(dialects)('password reset requests from one address on %s', (dialect) => {
  let smtp: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await makeTestApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'heirloom@example.org' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('answers 429 past 20 requests an hour from one address, whatever the addresses asked for', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: `someone-${i}@example.org` }, headers: { origin: TEST_ORIGIN }, remoteAddress: '10.9.9.9' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
