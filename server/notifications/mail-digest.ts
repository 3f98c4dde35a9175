// Members hear about their family by e-mail (issue 23; DESIGN "Notifications", "E-mail
// (optional)"): the notices about a memory the bell already holds (a comment on their memory, a
// memory shared with them, a question of theirs answered) go out gathered, at most one mail an
// hour per person. A sweep finds who is due; a job per person (keyed by them) writes the mail
// and marks its notices on one transaction, so a notice is mailed once, or passed over once.
import { messages } from '../../common/messages.js';
import { displayNameOf } from '../../common/people.js';
import { checkAccess } from '../access/index.js';
import { appAddress } from '../config.js';
import { iso, type AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { isSet } from '../db/flags.js';
import { enqueueJob, type JobHandler } from '../jobs/index.js';
import { queueNextSweep, startSweep } from '../jobs/periodic.js';
import { composeMail, queueMail, subjectWithFamily } from '../mail/index.js';
import { isReservedEmail } from '../people/index.js';
import * as queries from './mail-queries.js';
import { unsubscribeAddresses } from './mail-unsubscribe.js';

export const MEMBER_MAIL_SWEEP_KIND = 'notifications.mail-sweep';
export const MEMBER_MAIL_KIND = 'notifications.mail';

const MINUTE_MS = 60_000;
/** issue 23: "batched (at most one e-mail an hour)". */
export const MEMBER_MAIL_EVERY_MS = 60 * MINUTE_MS;
/**
 * A first notice waits this long for others: comments come in conversations, and three
 * comments in a few minutes are one mail, not a mail now and two more in an hour.
 */
export const MEMBER_MAIL_GATHER_MS = 15 * MINUTE_MS;
/** Older notices are news no more (mail set up only now, a long outage): the bell has them. */
const STALE_MS = 24 * 60 * MINUTE_MS;

const at = (time: string | null): number => (time ? Date.parse(time) : -Infinity);

/** When a person's waiting notices go out: once the first has gathered others, and an hour after their last mail. */
const dueAt = (firstAt: string, lastMailedAt: string | null): number => Math.max(at(firstAt) + MEMBER_MAIL_GATHER_MS, at(lastMailedAt) + MEMBER_MAIL_EVERY_MS);

export function memberMailJobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return {
    [MEMBER_MAIL_SWEEP_KIND]: { run: () => sweep(ctx) },
    [MEMBER_MAIL_KIND]: { run: (payload) => mailPerson(ctx, String(payload.userId)) },
  };
}

/** An app starting with mail set up starts the sweep (app.ts). */
export const startMemberMail = (ctx: AppContext): Promise<void> => startSweep(ctx.db, MEMBER_MAIL_SWEEP_KIND, ctx.now());

async function sweep(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  await queueNextSweep(ctx.db, MEMBER_MAIL_SWEEP_KIND, now);
  let nextDue = Infinity;
  for (const person of await queries.peopleWaiting(ctx.db)) {
    const due = dueAt(person.firstAt, person.lastMailedAt);
    if (due <= now.getTime()) await enqueueJob(ctx.db, { kind: MEMBER_MAIL_KIND, payload: { userId: person.userId }, key: person.userId }, now);
    else nextDue = Math.min(nextDue, due);
  }
  if (Number.isFinite(nextDue)) await queueNextSweep(ctx.db, MEMBER_MAIL_SWEEP_KIND, now, new Date(nextDue));
}

/** One person's mail: run again after a crash, it finds their notices already taken and sends nothing twice. */
async function mailPerson(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    // A second job for them (two sweeps at once) finds the hour not passed.
    if (at(await queries.lastMailedAt(trx, userId)) + MEMBER_MAIL_EVERY_MS > now.getTime()) return;
    const notices = await queries.waitingNotices(trx, userId);
    const recipient = await queries.recipientOf(trx, userId);
    if (notices.length === 0 || !recipient) return;
    const mailable = await mailableOf(trx, recipient, notices, now);
    await queries.markMailed(trx, notices.map((notice) => notice.id), iso(now));
    if (mailable.length > 0) await queueMail(ctx, trx, memberMail(ctx, recipient, mailable));
  });
}

/**
 * The notices the person still wants and may read now: notifications on (the profile's
 * setting, DESIGN "Notifications"), new-memory notices on for a shared memory, the memory
 * still theirs to view (issue 19), and news less than a day old. Storytellers get no members'
 * mail: they have no account to read it in; nor does anyone holding a reserved address (a
 * person an import brought without one), which no mailbox answers.
 */
async function mailableOf(db: Db, recipient: queries.Recipient, notices: queries.WaitingNotice[], now: Date): Promise<queries.WaitingNotice[]> {
  if (!isSet(recipient.notifications_enabled) || isSet(recipient.is_storyteller) || isReservedEmail(recipient.email)) return [];
  const wanted = notices.filter(
    (notice) => at(notice.created_at) > now.getTime() - STALE_MS && (notice.type !== 'memory_shared' || isSet(recipient.new_memory_notifications_enabled)),
  );
  const viewable = await checkAccess(db, { id: recipient.id }, 'memory.read', [...new Set(wanted.map((notice) => notice.related_memory_id!))]);
  return wanted.filter((notice) => viewable.has(notice.related_memory_id!));
}

function memberMail(ctx: AppContext, recipient: queries.Recipient, notices: queries.WaitingNotice[]) {
  const { publicUrl } = ctx.config;
  const unsubscribe = unsubscribeAddresses(ctx, recipient.id);
  const name = displayNameOf({ ...recipient, email: null }, '');
  const mail = composeMail({
    greeting: name ? messages.memberMailGreeting(name) : undefined,
    paragraphs: [messages.memberMailIntro],
    items: notices.map((notice) => ({
      // A question answered says who in its title and the question in its message (server/questions).
      text: notice.type === 'other' ? messages.memberMailQuestionAnswered(notice.title, notice.message) : notice.message,
      url: appAddress(publicUrl, `timeline?memoryId=${encodeURIComponent(notice.related_memory_id!)}`),
    })),
    action: { label: messages.memberMailAction, url: appAddress(publicUrl, '') },
    notes: [messages.memberMailWhy, messages.memberMailStop(unsubscribe.page)],
    origin: publicUrl.origin,
  });
  return {
    to: recipient.email,
    subject: subjectWithFamily(messages.memberMailSubject, recipient.familyName),
    ...mail,
    // RFC 8058: a mail program's own Unsubscribe button, one POST with no page in between.
    headers: {
      'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
