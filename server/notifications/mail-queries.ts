// SQL of members' mail (issue 23): which notifications about a memory wait for a mail, and
// marking them taken (notifications.mailed_at, migration 0018). Only this feature writes the
// notifications table.
import type { Db } from '../db/index.js';

/** Everyone with notices about a memory waiting for a mail: since when, and when they were last mailed. */
export async function peopleWaiting(db: Db) {
  return db
    .selectFrom('notifications as waiting')
    .where('waiting.mailed_at', 'is', null)
    .where('waiting.related_memory_id', 'is not', null)
    .groupBy('waiting.user_id')
    .select((eb) => [
      'waiting.user_id as userId',
      eb.fn.min('waiting.created_at').as('firstAt'),
      eb
        .selectFrom('notifications as mailed')
        .whereRef('mailed.user_id', '=', 'waiting.user_id')
        .select((inner) => inner.fn.max('mailed.mailed_at').as('at'))
        .as('lastMailedAt'),
    ])
    .execute();
}

/** When `userId` was last mailed (or their notices last passed over); null: never. */
export async function lastMailedAt(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.max('mailed_at').as('at'))
    .executeTakeFirst();
  return row?.at ?? null;
}

/** What a members' mail is worded with: the person's address, name, settings and family. */
export function recipientOf(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('families', 'families.id', 'users.family_id')
    .select([
      'users.id',
      'users.email',
      'users.display_name as displayName',
      'users.first_name as firstName',
      'users.last_name as lastName',
      'users.notifications_enabled',
      'users.new_memory_notifications_enabled',
      'users.is_storyteller',
      'families.name as familyName',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
export type Recipient = NonNullable<Awaited<ReturnType<typeof recipientOf>>>;

/** The notices about a memory waiting for `userId`'s mail, oldest first. */
export function waitingNotices(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'type', 'title', 'message', 'related_memory_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('mailed_at', 'is', null)
    .where('related_memory_id', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export type WaitingNotice = Awaited<ReturnType<typeof waitingNotices>>[number];

/** Marks the notices taken by a mail (or passed over): none of them is mailed again. */
export async function markMailed(db: Db, ids: string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ mailed_at: at }).where('id', 'in', ids).where('mailed_at', 'is', null).execute();
}
