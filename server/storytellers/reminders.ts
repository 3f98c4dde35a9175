// The week's question by e-mail (issue 23; DESIGN "Storytellers (no account)", "E-mail
// (optional)"): a storyteller with an e-mail and a reminder gets, at their weekday and time in
// their zone, the question their link would show now, with the link. A sweep job finds who is
// due and queues each mail on the transaction that marks it sent, so it goes once a week at most.
//
// With no question waiting, no mail: DESIGN says a story "stops the reminder until the next
// question", and a looking-back prompt every week, whatever the family asked, would teach a
// grandmother to ignore the mail that one day carries her grandson's question.
import type { AppContext } from '../context.js';
import { iso } from '../context.js';
import type { JobHandler } from '../jobs/index.js';
import { queueNextSweep, startSweep } from '../jobs/periodic.js';
import { queueMail } from '../mail/index.js';
import { nextQuestionFor } from '../questions/index.js';
import { unsealToken } from './link.js';
import { reminderMail } from './reminders-mail.js';
import { markReminded, storytellersWithReminders, type ReminderCandidate } from './reminders-queries.js';
import { lastSlot, nextSlot } from './reminders-schedule.js';

export const REMINDERS_KIND = 'storyteller.reminders';

const HOUR_MS = 60 * 60_000;
/** A reminder missed (the server was down at its time) still goes this late, and no later: not at an odd hour. */
const LATE_AT_MOST_MS = 6 * HOUR_MS;
/** One a week: a mail less than six days before a slot (the family moved the day since) stands for it. */
const WEEK_MIN_MS = 6 * 24 * HOUR_MS;

export function reminderJobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return { [REMINDERS_KIND]: { run: () => sweepReminders(ctx) } };
}

/** An app starting with mail set up starts the sweep (app.ts). */
export const startReminders = (ctx: AppContext): Promise<void> => startSweep(ctx.db, REMINDERS_KIND, ctx.now());

async function sweepReminders(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  await queueNextSweep(ctx.db, REMINDERS_KIND, now);
  let nextDue = Infinity;
  for (const storyteller of await storytellersWithReminders(ctx.db)) {
    const reminder = { weekday: storyteller.weekday!, time: storyteller.time!, tz: storyteller.tz! };
    nextDue = Math.min(nextDue, nextSlot(reminder, now).getTime());
    const slot = lastSlot(reminder, now);
    const remindedSince = storyteller.remindedAt !== null && Date.parse(storyteller.remindedAt) > slot.getTime() - WEEK_MIN_MS;
    if (slot.getTime() > now.getTime() - LATE_AT_MOST_MS && !remindedSince) await remind(ctx, storyteller, new Date(slot.getTime() - WEEK_MIN_MS), now);
  }
  if (Number.isFinite(nextDue)) await queueNextSweep(ctx.db, REMINDERS_KIND, now, new Date(nextDue));
}

async function remind(ctx: AppContext, storyteller: ReminderCandidate, notSince: Date, now: Date): Promise<void> {
  // Sealed under another SESSION_SECRET: the family's "New link" makes one this server can send.
  const token = unsealToken(ctx.config.sessionSecret, storyteller.linkSealed!);
  const email = storyteller.email;
  if (!token || !email) return;
  await ctx.db.transaction().execute(async (trx) => {
    const question = await nextQuestionFor(trx, { timelineId: storyteller.timelineId, storytellerId: storyteller.id });
    if (!question) return;
    if (!(await markReminded(trx, storyteller.id, { at: iso(now), questionId: question.id, notSince: iso(notSince) }))) return;
    await queueMail(ctx, trx, reminderMail(ctx, { ...storyteller, email }, token, question));
  });
}
