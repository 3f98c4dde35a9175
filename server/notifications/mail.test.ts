// issue 23 "Members hear about their family by e-mail": the notices the app writes (a comment on
// their memory, a memory shared with them, a question of theirs answered) reach a real SMTP
// server on loopback, gathered, at most one mail an hour, as the profile's settings say, with a
// one-click unsubscribe whose page asks first.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { contentPart } from '../comments/test-support.js';
import { jobsOf } from '../jobs/index.js';
import { formBody } from '../media/test-support.js';
import { answerQuestion } from '../questions/index.js';
import { reservedEmailOf } from '../people/index.js';
import { createStoryteller } from '../storytellers/index.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeFamily, makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.js';
import { MEMBER_MAIL_GATHER_MS, MEMBER_MAIL_SWEEP_KIND, startMemberMail } from './mail-digest.js';
import { unsubscribeToken } from './mail-token.js';

const MINUTE = 60_000;

/** A header as it was sent, unfolded (mailparser files the List-* ones under one parsed `list`). */
const headerOf = (mail: ParsedMail, name: string): string | undefined =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.slice(name.length + 1).replace(/\r\n\s+/g, ' ').trim();

describe.each(dialects)("members' mail on %s", (dialect) => {
  let smtp: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await makeTestApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Heirloom <heirloom@example.org>' } });
    // As an app starting with mail set up does (app.ts); makeTestApp does not start the runner.
    await startMemberMail(t.ctx);
    await t.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  /** Moves the clock and runs what fell due, the sweep and the mails it queued. */
  const advance = async (ms: number) => {
    t.advance(ms);
    await t.jobs.drain();
  };
  const mailsTo = (who: MadeUser): ParsedMail[] => smtp.messages.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === who.user.email);
  const comment = async (who: MadeUser, memoryId: string, text: string) => {
    const form = await formBody([contentPart(text)]);
    const response = await t.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/comments`, payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
    expect(response.statusCode).toBe(201);
  };
  const share = async (who: MadeUser, memoryId: string, with_: MadeUser[]) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/share`, headers: { cookie: who.cookie }, payload: { userIds: with_.map((each) => each.user.id) } });
    expect(response.statusCode).toBe(200);
  };
  const setting = async (who: MadeUser, payload: object) => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: who.cookie }, payload });
    expect(response.statusCode).toBe(200);
  };
  const notificationsEnabled = async (who: MadeUser) =>
    Boolean((await t.ctx.db.selectFrom('users').select('notifications_enabled').where('id', '=', who.user.id).executeTakeFirstOrThrow()).notifications_enabled);

  /** Grandma Rose's family, a timeline with Joe on it, and her memory "The lake" he may view. */
  async function family() {
    const grandma = await makeUser(t.ctx, { displayName: 'Grandma Rose' });
    const joe = await makeUser(t.ctx, { displayName: 'Cousin Joe' });
    await makeFamily(t.ctx, grandma.user, { name: 'The Hills', members: [joe.user] });
    const timeline = await makeTimeline(t.ctx, grandma.user, { name: 'Hill Family', members: [joe.user] });
    const lake = await makeMemory(t.ctx, grandma.user, { title: 'The lake', timelineIds: [timeline.id], sharedWith: [joe.user] });
    return { grandma, joe, timeline, lake };
  }

  it('gathers a comment, a shared memory and an answered question into one mail, and a later notice into the next hour', async () => {
    const { grandma, joe, timeline, lake } = await family();
    await comment(joe, lake.id, 'I remember that swim');
    await advance(4 * MINUTE);
    const picnic = await makeMemory(t.ctx, joe.user, { title: 'The picnic', timelineIds: [timeline.id] });
    await share(joe, picnic.id, [grandma]);
    await advance(4 * MINUTE);
    // Grandma's question, answered by a storyteller's story through the questions' own path.
    const may = await createStoryteller(t.ctx, grandma.user, timeline.id, { displayName: 'Great-aunt May' });
    const asked = await t.app.inject({ method: 'POST', url: `/api/timelines/${timeline.id}/questions`, headers: { cookie: grandma.cookie }, payload: { text: 'How did you meet Grandpa?' } });
    expect(asked.statusCode).toBe(201);
    const mayRow = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', may.id).executeTakeFirstOrThrow();
    const story = await makeMemory(t.ctx, mayRow, { title: 'How did you meet Grandpa?', timelineIds: [timeline.id], audience: 'timeline' });
    await t.ctx.db.transaction().execute((trx) =>
      answerQuestion(trx, t.ctx, { questionId: asked.json().id, timelineId: timeline.id, storytellerId: may.id, memoryId: story.id }),
    );

    // Gathering: nothing before the first notice has waited its quarter hour.
    await advance(MEMBER_MAIL_GATHER_MS - 9 * MINUTE);
    expect(mailsTo(grandma)).toEqual([]);
    await advance(2 * MINUTE);
    const [first] = await waitForMail(grandma, 1);
    expect(first!.subject).toBe(`${messages.memberMailSubject} · The Hills`);
    const memoryLink = (id: string) => `http://heirloom.test/timeline?memoryId=${id}`;
    expect(first!.text).toContain(`- Cousin Joe commented on "The lake"\n  ${memoryLink(lake.id)}`);
    expect(first!.text).toContain(`- Cousin Joe shared "The picnic" with you\n  ${memoryLink(picnic.id)}`);
    expect(first!.text).toContain(`- Great-aunt May answered your question: \u201cHow did you meet Grandpa?\u201d\n  ${memoryLink(story.id)}`);
    expect(first!.text).toContain('Hello Grandma Rose,');
    expect(first!.html).toContain(`href="${memoryLink(lake.id)}"`);
    expect(first!.html).not.toMatch(/<img|<script|src=/i);
    const token = unsubscribeToken(t.ctx.config.sessionSecret, grandma.user.id);
    expect(first!.text).toContain(`http://heirloom.test/mail/unsubscribe/${token}`);
    expect(headerOf(first!, 'List-Unsubscribe')).toBe(`<http://heirloom.test/api/mail/unsubscribe/${token}>`);
    expect(headerOf(first!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // A later notice waits for the hour since the first mail: not before, then once.
    await advance(5 * MINUTE);
    await comment(joe, lake.id, 'And the boat!');
    await advance(60 * MINUTE - 5 * MINUTE - MINUTE);
    expect(mailsTo(grandma)).toHaveLength(1);
    await advance(2 * MINUTE);
    const [, second] = await waitForMail(grandma, 2);
    expect(second!.text).toContain('- Cousin Joe commented on "The lake"');
    expect(second!.text).not.toContain('The picnic');
    await advance(3 * 60 * MINUTE);
    expect(mailsTo(grandma)).toHaveLength(2);
    // Joe commented and was told of nothing: he gets no mail.
    expect(mailsTo(joe)).toEqual([]);
  });

  it('keeps one sweep going however many instances start it', async () => {
    const queuedSweeps = async () => (await jobsOf(t.ctx.db, { kind: MEMBER_MAIL_SWEEP_KIND, state: 'queued' })).map((job) => job.run_after);
    const [next] = await queuedSweeps();
    expect(await queuedSweeps()).toEqual([next]);
    // A second and a third instance start: each runs a sweep now, and both queue the same next one.
    await startMemberMail(t.ctx);
    await startMemberMail(t.ctx);
    await t.jobs.drain();
    expect(await queuedSweeps()).toEqual([next]);
    await advance(60 * MINUTE);
    expect(await queuedSweeps()).toHaveLength(1);
  });

  it('follows the profile: notifications off sends nothing, new-memory notices off leaves shared memories out, storytellers get none', async () => {
    const { grandma, joe, timeline, lake } = await family();
    const ann = await makeUser(t.ctx, { displayName: 'Aunt Ann' });
    await t.ctx.db.insertInto('timeline_members').values({ timeline_id: timeline.id, user_id: ann.user.id, joined_at: new Date(t.ctx.now()).toISOString() }).execute();
    const annsMemory = await makeMemory(t.ctx, ann.user, { title: 'Ann at the fair', timelineIds: [timeline.id], sharedWith: [joe.user] });
    // Notices written while both were on; the settings change before the mail goes.
    await comment(joe, lake.id, 'Lovely');
    await comment(joe, annsMemory.id, 'What a day');
    const fair = await makeMemory(t.ctx, joe.user, { title: 'The fair', timelineIds: [timeline.id] });
    await share(joe, fair.id, [grandma, ann]);
    await setting(grandma, { newMemoryNotificationsEnabled: false });
    await setting(ann, { notificationsEnabled: false });
    // A storyteller's story, commented on: a storyteller has no bell, so no notice is written for her, and no mail goes.
    const may = await createStoryteller(t.ctx, grandma.user, timeline.id, { displayName: 'Great-aunt May' });
    const mayRow = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', may.id).executeTakeFirstOrThrow();
    const story = await makeMemory(t.ctx, mayRow, { title: 'The war years', timelineIds: [timeline.id], audience: 'timeline' });
    await comment(joe, story.id, 'Thank you, May');
    expect(await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', may.id).execute()).toEqual([]);
    // Someone an import brought with no address holds a reserved one: the notice is in the bell, no mail goes to it.
    const lou = await makeUser(t.ctx, { displayName: 'Uncle Lou' });
    await t.ctx.db.updateTable('users').set({ email: reservedEmailOf(lou.user.id) }).where('id', '=', lou.user.id).execute();
    await t.ctx.db.insertInto('timeline_members').values({ timeline_id: timeline.id, user_id: lou.user.id, joined_at: new Date(t.ctx.now()).toISOString() }).execute();
    const lousMemory = await makeMemory(t.ctx, lou.user, { title: 'Lou fishing', timelineIds: [timeline.id], audience: 'timeline' });
    await comment(joe, lousMemory.id, 'What a catch');
    expect((await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', lou.user.id).execute()).length).toBe(1);

    const before = smtp.messages.length;
    await advance(MEMBER_MAIL_GATHER_MS + MINUTE);
    const [mail] = await waitForMail(grandma, 1);
    expect(mail!.text).toContain('Cousin Joe commented on "The lake"');
    expect(mail!.text).not.toContain('The fair');
    await advance(2 * 60 * MINUTE);
    expect(smtp.messages.slice(before).map((each) => (Array.isArray(each.to) ? '' : each.to?.text))).toEqual([grandma.user.email]);
    // Every notice was taken once, sent or passed over: none waits to be looked at again.
    const waiting = await t.ctx.db.selectFrom('notifications').select('id').where('mailed_at', 'is', null).where('related_memory_id', 'is not', null).execute();
    expect(waiting).toEqual([]);
  });

  it('unsubscribes in one click from the mail program, and the page of the link asks first: its GET changes nothing', async () => {
    const { grandma, joe, lake } = await family();
    const token = unsubscribeToken(t.ctx.config.sessionSecret, grandma.user.id);

    const page = await t.app.inject({ method: 'GET', url: `/mail/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain(messages.mailUnsubscribeTitle);
    expect(page.body).toContain(`<form method="post" action="http://heirloom.test/api/mail/unsubscribe/${token}">`);
    expect(page.body).toContain(`>${messages.mailUnsubscribeButton}</button>`);
    expect(await notificationsEnabled(grandma)).toBe(true);

    // A token of someone else's making, or cut short: refused, and nobody changes.
    const forged = `${grandma.user.id}.${unsubscribeToken('another secret', grandma.user.id).split('.')[1]}`;
    for (const bad of [forged, token.slice(0, -2), grandma.user.id]) {
      const refused = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe/${bad}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toContain(messages.mailUnsubscribeInvalid);
      expect((await t.app.inject({ method: 'GET', url: `/mail/unsubscribe/${bad}` })).statusCode).toBe(404);
    }
    expect(await notificationsEnabled(grandma)).toBe(true);

    // RFC 8058: the mail program's POST, with no Origin and no cookie.
    const done = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(messages.mailUnsubscribed);
    expect(await notificationsEnabled(grandma)).toBe(false);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: grandma.cookie } });
    expect(profile.json()).toMatchObject({ notificationsEnabled: false });

    // Nothing more reaches her: no notice is written, no mail goes.
    await comment(joe, lake.id, 'Are you there?');
    await advance(2 * 60 * MINUTE);
    expect(mailsTo(grandma)).toEqual([]);
    expect(await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', grandma.user.id).execute()).toEqual([]);
    // The page's own button (same origin) works too, and again is harmless.
    const again = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe/${token}`, headers: { origin: 'http://heirloom.test', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(again.statusCode).toBe(200);
  });

  /** A mail job settles once the SMTP server accepted the mail, so what a drain sent is already there. */
  async function waitForMail(who: MadeUser, count: number): Promise<ParsedMail[]> {
    const mails = mailsTo(who);
    if (mails.length !== count) {
      // Once seen on a loaded CI run and never since: say where every job and notice stood.
      const jobs = await t.ctx.db.selectFrom('jobs').select(['kind', 'state', 'attempts', 'run_after', 'last_error']).orderBy('created_at').execute();
      const notices = await t.ctx.db.selectFrom('notifications').select(['type', 'created_at', 'mailed_at']).where('user_id', '=', who.user.id).execute();
      expect(mails, JSON.stringify({ now: t.ctx.now().toISOString(), jobs, notices }, null, 1)).toHaveLength(count);
    }
    return mails;
  }
});
