// DESIGN "E-mail (optional)": mail is queued on the caller's transaction, sent by a job to a real
// SMTP server (on loopback), retried while the server refuses, delivered once; nothing is queued
// without SMTP_URL and MAIL_FROM. Both parts say the same, the HTML part with every text escaped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOf } from '../jobs/index.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.js';
import { composeMail, queueMail, subjectWithFamily } from './index.js';

const hello = composeMail({
  greeting: 'Hello <Rose> & family,',
  paragraphs: ['Tom wrote: "see you <b>soon</b>"'],
  items: [{ text: 'A memory', url: 'http://heirloom.test/?memory=1&x="2"' }],
  action: { label: 'Open Heirloom', url: 'http://heirloom.test/reset?a=1&b=2' },
  notes: ['You get this because you asked.'],
  origin: 'http://heirloom.test',
});

describe('composeMail', () => {
  it('says the same in text and HTML, every piece of text escaped and no remote resource in the HTML', () => {
    expect(hello.text).toContain('Hello <Rose> & family,');
    expect(hello.text).toContain('Open Heirloom:\nhttp://heirloom.test/reset?a=1&b=2');
    expect(hello.text).toContain('Sent by Heirloom at http://heirloom.test');
    expect(hello.html).toContain('Hello &lt;Rose&gt; &amp; family,');
    expect(hello.html).toContain('&quot;see you &lt;b&gt;soon&lt;/b&gt;&quot;');
    expect(hello.html).toContain('href="http://heirloom.test/reset?a=1&amp;b=2"');
    expect(hello.html).toContain('href="http://heirloom.test/?memory=1&amp;x=&quot;2&quot;"');
    expect(hello.html).not.toMatch(/<img|<script|src=|url\(/i);
  });

  it('names the family in the subject when there is one', () => {
    expect(subjectWithFamily('Reset your password', 'The Smiths')).toBe('Reset your password · The Smiths');
    expect(subjectWithFamily('Reset your password', null)).toBe('Reset your password');
  });
});

describe.each(dialects)('mail by job (%s)', (dialect) => {
  let smtp: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await makeTestApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Heirloom <heirloom@example.org>' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const queue = (to: string, key?: string) =>
    t.ctx.db.transaction().execute((trx) => queueMail(t.ctx, trx, { to, subject: 'Hello', ...hello, headers: { 'X-Heirloom-Test': 'yes' }, key }));

  it('sends nothing inside the request: the mail waits as a job until the runner sends it, with both parts', async () => {
    const before = smtp.messages.length;
    expect(await queue('rose@family.example')).toBe(true);
    expect(smtp.messages.length).toBe(before);
    await t.settleJobs();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toMatchObject({ text: 'rose@family.example' });
    expect(mail!.from).toMatchObject({ text: '"Heirloom" <heirloom@example.org>' });
    expect(mail!.subject).toBe('Hello');
    expect(mail!.text).toContain('Open Heirloom:\nhttp://heirloom.test/reset?a=1&b=2');
    expect(mail!.html).toContain('Hello &lt;Rose&gt; &amp; family,');
    expect(mail!.headers.get('x-heirloom-test')).toBe('yes');
    const jobs = await jobsOf(t.ctx.db, { kind: 'mail.send' });
    expect(jobs.at(-1)).toMatchObject({ state: 'done', attempts: 1 });
    // The stored job holds the mail sealed: neither its address nor its link can be read in the database.
    expect(JSON.stringify(jobs.at(-1)!.payload)).not.toMatch(/rose@family|heirloom\.test/);
  });

  it('retries while the SMTP server refuses, then delivers the mail exactly once', async () => {
    const before = smtp.messages.length;
    const refusedBefore = smtp.refused;
    smtp.refuse(3);
    await queue('tom@family.example');
    await t.settleJobs();
    expect(smtp.refused - refusedBefore).toBe(3);
    const delivered = smtp.messages.slice(before);
    expect(delivered.map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.text))).toEqual(['tom@family.example']);
    const job = (await jobsOf(t.ctx.db, { kind: 'mail.send' })).at(-1)!;
    expect(job).toMatchObject({ state: 'done', attempts: 4 });
  });

  it('queues one mail per dedupe key while it waits', async () => {
    const before = (await jobsOf(t.ctx.db, { kind: 'mail.send' })).length;
    await queue('ann@family.example', 'digest:ann');
    await queue('ann@family.example', 'digest:ann');
    expect((await jobsOf(t.ctx.db, { kind: 'mail.send' })).length).toBe(before + 1);
    await t.settleJobs();
  });
});

describe.each(dialects)('without SMTP_URL (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('queues nothing and says so', async () => {
    const queued = await t.ctx.db.transaction().execute((trx) => queueMail(t.ctx, trx, { to: 'rose@family.example', subject: 'Hello', ...hello }));
    expect(queued).toBe(false);
    expect(await jobsOf(t.ctx.db, { kind: 'mail.send' })).toEqual([]);
  });
});
