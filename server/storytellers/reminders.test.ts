// issue 23 "Storytellers with an e-mail get their week's question with their link on a weekday
// and time the family chooses, in the storyteller's time zone; one-click unsubscribe; answering
// stops the reminder until the next question": on the app's clock, against a real SMTP server.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { formBody } from '../media/test-support.js';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.js';
import { createStoryteller } from './index.js';
import { startReminders } from './reminders.js';
import { nextSlot } from './reminders-schedule.js';

const MINUTE = 60_000;
const mondayNineInNewYork = { weekday: 1, time: '09:00', tz: 'America/New_York' };

/** A header as it was sent, unfolded (mailparser files the List-* ones under one parsed `list`). */
const headerOf = (mail: ParsedMail, name: string): string | undefined =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.slice(name.length + 1).replace(/\r\n\s+/g, ' ').trim();

describe.each(dialects)("the week's question by e-mail on %s", (dialect) => {
  let smtp: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await makeTestApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Heirloom <heirloom@example.org>' } });
    // As an app starting with mail set up does (app.ts); makeTestApp does not start the runner.
    await startReminders(t.ctx);
    await t.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const mailsTo = (address: string) => smtp.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === address);
  /** Moves the app's clock to `at` and runs what fell due: the sweep and the mails it queued. */
  const moveTo = async (at: Date) => {
    t.advance(at.getTime() - t.ctx.now().getTime());
    await t.jobs.drain();
  };
  const ask = async (who: MadeUser, timelineId: string, text: string): Promise<string> => {
    const response = await t.app.inject({ method: 'POST', url: `/api/timelines/${timelineId}/questions`, headers: { cookie: who.cookie }, payload: { text } });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  };

  /** Tom adds Grandma Rose with her e-mail and a reminder for Mondays at 09:00 in New York. */
  async function grandmaRose(email: string) {
    const tom = await makeUser(t.ctx, { displayName: 'Tom' });
    const timeline = await makeTimeline(t.ctx, tom.user, { name: 'Hill Family' });
    const rose = await createStoryteller(t.ctx, tom.user, timeline.id, { displayName: 'Grandma Rose', email });
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/storytellers/${rose.id}`, headers: { cookie: tom.cookie }, payload: { reminder: mondayNineInNewYork } });
    expect(patched.statusCode).toBe(200);
    return { tom, timeline, rose, token: new URL(rose.link).pathname.split('/').pop()! };
  }

  it("mails the question at 09:00 on Monday in her zone, not before and not twice; an answer stops it until the next question", async () => {
    const { tom, timeline, rose, token } = await grandmaRose('rose@family.example');
    const question = await ask(tom, timeline.id, 'How did you meet Grandpa?');

    const monday = nextSlot(mondayNineInNewYork, t.ctx.now());
    // New York in winter (EST, UTC-5) or in summer (EDT, UTC-4).
    expect(monday.toISOString()).toMatch(/T1[34]:00:00\.000Z$/);
    await moveTo(new Date(monday.getTime() - MINUTE));
    expect(mailsTo('rose@family.example')).toEqual([]);
    await moveTo(monday);
    const [mail] = mailsTo('rose@family.example');
    expect(mail!.subject).toBe(`${messages.reminderMailSubject} · Hill Family`);
    expect(mail!.text).toContain('Hello Grandma Rose,');
    expect(mail!.text).toContain('Tom would love to hear your answer to this question:');
    expect(mail!.text).toContain('\u201cHow did you meet Grandpa?\u201d');
    expect(mail!.text).toContain(`${messages.reminderMailAction}:\n${rose.link}`);
    expect(mail!.html).toContain(`href="${rose.link}"`);
    expect(mail!.html).not.toMatch(/<img|<script|src=/i);
    expect(headerOf(mail!, 'List-Unsubscribe')).toBe(`<${TEST_ORIGIN}/api/tell/${token}/unsubscribe>`);
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const row = await t.ctx.db.selectFrom('storytellers').select(['reminded_question_id', 'reminded_at']).where('user_id', '=', rose.id).executeTakeFirstOrThrow();
    expect(row.reminded_question_id).toBe(question);

    // The rest of the day and the week: nothing more.
    await moveTo(new Date(monday.getTime() + 6 * 24 * 60 * MINUTE));
    expect(mailsTo('rose@family.example')).toHaveLength(1);

    // She answers by her link; the next Monday has no question waiting, so no mail.
    const form = await formBody([
      { name: 'content', value: 'At the dance hall, in 1952.' },
      { name: 'questionId', value: question },
    ]);
    const story = await t.app.inject({ method: 'POST', url: `/api/tell/${token}/memories`, payload: form.payload, headers: form.headers });
    expect(story.statusCode).toBe(201);
    const secondMonday = nextSlot(mondayNineInNewYork, t.ctx.now());
    await moveTo(new Date(secondMonday.getTime() + 10 * MINUTE));
    expect(mailsTo('rose@family.example')).toHaveLength(1);

    // A new question is asked: the Monday after, it comes.
    await ask(tom, timeline.id, 'What was your first job?');
    const thirdMonday = nextSlot(mondayNineInNewYork, t.ctx.now());
    await moveTo(new Date(thirdMonday.getTime() - MINUTE));
    expect(mailsTo('rose@family.example')).toHaveLength(1);
    await moveTo(thirdMonday);
    const mails = mailsTo('rose@family.example');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('\u201cWhat was your first job?\u201d');
    expect(mails[1]!.text).not.toContain('How did you meet Grandpa?');
  });

  it('keeps 09:00 on her clock across the change to summer time, asks a question left unanswered again the next week, and stops after her one-click unsubscribe', async () => {
    const { tom, timeline, token } = await grandmaRose('rose.summer@family.example');
    await ask(tom, timeline.id, 'Where did you grow up?');
    // Past the next clock change in New York, whichever it is, to the Monday after it.
    const later = new Date(t.ctx.now().getTime() + 183 * 24 * 60 * MINUTE);
    const monday = nextSlot(mondayNineInNewYork, later);
    const winterHour = nextSlot(mondayNineInNewYork, t.ctx.now()).getUTCHours();
    expect(monday.getUTCHours()).toBe(winterHour === 14 ? 13 : 14);
    await moveTo(new Date(monday.getTime() - MINUTE));
    const before = mailsTo('rose.summer@family.example').length;
    await moveTo(monday);
    expect(mailsTo('rose.summer@family.example')).toHaveLength(before + 1);
    // Not answered: the Monday after, it is asked again; that is what the reminder is for.
    await moveTo(nextSlot(mondayNineInNewYork, t.ctx.now()));
    expect(mailsTo('rose.summer@family.example').map((mail) => mail.text?.includes('\u201cWhere did you grow up?\u201d'))).toEqual([...Array(before).fill(false), true, true]);

    // RFC 8058: her mail program's Unsubscribe button, with no cookie and no page.
    const stopped = await t.app.inject({ method: 'POST', url: `/api/tell/${token}/unsubscribe`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(stopped.statusCode).toBe(204);
    // Her question still waits, unanswered: without the unsubscribe it would come again.
    await moveTo(new Date(nextSlot(mondayNineInNewYork, t.ctx.now()).getTime() + 14 * 24 * 60 * MINUTE));
    expect(mailsTo('rose.summer@family.example')).toHaveLength(before + 2);
  });

  it('sends nothing to a storyteller without an e-mail', async () => {
    const { tom, timeline, rose } = await grandmaRose('nobody@family.example');
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/storytellers/${rose.id}`, headers: { cookie: tom.cookie }, payload: { email: null } });
    expect(patched.statusCode).toBe(200);
    await ask(tom, timeline.id, 'What did you cook on Sundays?');
    const before = smtp.messages.length;
    await moveTo(new Date(nextSlot(mondayNineInNewYork, t.ctx.now()).getTime() + MINUTE));
    expect(smtp.messages.slice(before).map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.text))).not.toContain('nobody@family.example');
  });
});
