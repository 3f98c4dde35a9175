// SQL of the week's question by e-mail (issue 23): who has a reminder, and marking one sent.
// This folder is the one writer of `storytellers` rows (server/table-owners.test.ts).
import type { Db } from '../db/index.js';
import { flag } from '../db/flags.js';

/**
 * Storytellers the week's question may go to: an e-mail, a reminder, not stopped by them, a
 * live link to send, and still on the link's timeline.
 */
export function storytellersWithReminders(db: Db) {
  return db
    .selectFrom('storytellers')
    .innerJoin('users', 'users.id', 'storytellers.user_id')
    .innerJoin('timelines', 'timelines.id', 'storytellers.timeline_id')
    .innerJoin('timeline_members', (join) => join.onRef('timeline_members.user_id', '=', 'storytellers.user_id').onRef('timeline_members.timeline_id', '=', 'storytellers.timeline_id'))
    .select([
      'storytellers.user_id as id',
      'users.display_name as displayName',
      'storytellers.timeline_id as timelineId',
      'timelines.name as timelineName',
      'storytellers.email',
      'storytellers.link_sealed as linkSealed',
      'storytellers.reminder_weekday as weekday',
      'storytellers.reminder_time as time',
      'storytellers.reminder_tz as tz',
      'storytellers.reminded_at as remindedAt',
    ])
    .where('storytellers.email', 'is not', null)
    .where('storytellers.link_sealed', 'is not', null)
    .where('storytellers.reminder_weekday', 'is not', null)
    .where('storytellers.reminder_time', 'is not', null)
    .where('storytellers.reminder_tz', 'is not', null)
    .where('storytellers.reminders_stopped', '=', flag(false))
    .execute();
}
export type ReminderCandidate = Awaited<ReturnType<typeof storytellersWithReminders>>[number];

/**
 * Marks the week's question sent, unless a mail went to them after `notSince` (another
 * instance's sweep at the same moment): answers whether this one may send it.
 */
export async function markReminded(db: Db, storytellerId: string, sent: { at: string; questionId: string; notSince: string }): Promise<boolean> {
  const result = await db
    .updateTable('storytellers')
    .set({ reminded_at: sent.at, reminded_question_id: sent.questionId })
    .where('user_id', '=', storytellerId)
    .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<=', sent.notSince)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
