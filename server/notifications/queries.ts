// SQL of notifications: the rows of the bell (memories §3 "Notification"), and the few facts
// the listeners read to word a notice (names, titles, who to tell). Only this feature
// writes the notifications table; other features raise events (server/events.ts).
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { NotificationType } from '../../common/notifications.js';
import { viewableMemories } from '../access/index.js';
import type { Db } from '../db/index.js';
import type { NotificationsTable } from '../db/schema.js';
import { flag } from '../db/flags.js';

export type NotificationRow = Selectable<NotificationsTable>;

/**
 * The kinds that always tell of a memory (their message holds its title). Deleting the
 * memory sets related_memory_id to null (migration 0001), so one of these without a memory
 * is the notice of a deleted memory, not a notice that never had one.
 */
const MEMORY_NOTICES: NotificationType[] = ['memory_shared', 'comment_added'];

/**
 * Issue 19: the notifications `userId` is shown, every one of them through the memory-view
 * rule of access/ (DESIGN "Memory view"), so an unshare, a removal from the memory's
 * timeline or a delete takes its title out of the panel and the badge at once. Notices of
 * no memory (a family or timeline member joined) stay. The rule runs per notification as
 * an `exists` on the memory's primary key and the viewer's own share row, so a poll costs
 * the user's notifications, not every memory they may view.
 */
function shownTo(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .where('notifications.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('notifications.related_memory_id', 'is', null), eb('notifications.type', 'not in', MEMORY_NOTICES)]),
        eb.exists(viewableMemories(db, userId).select('memories.id').whereRef('memories.id', '=', eb.ref('notifications.related_memory_id'))),
      ]),
    );
}

/** The bell's badge: the unread ones of those the list would show, so the two agree. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await shownTo(db, userId)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('notifications.is_read', '=', flag(false))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The notifications the user is shown, newest first, at most `limit`. */
export function listNotifications(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  return shownTo(db, userId)
    .selectAll('notifications')
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks one of the notifications the user is shown read; answers whether it was one. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: flag(true) })
    .where('id', '=', id)
    .where('id', 'in', shownTo(db, userId).select('notifications.id'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db.updateTable('notifications').set({ is_read: flag(true) }).where('user_id', '=', userId).where('is_read', '=', flag(false)).execute();
}

export interface NewNotification {
  type: 'memory_shared' | 'comment_added' | 'family_joined' | 'other';
  title: string;
  message: string;
  relatedMemoryId?: string | null;
  createdAt: string;
}

/**
 * One notification for each of `userIds` who has notifications on: DESIGN "Notifications",
 * `notificationsEnabled=false` stops all; `newMemoriesOnly` also asks for new-memory
 * notifications on (memory_shared). Answers how many were written.
 */
export async function insertNotifications(db: Db, userIds: string[], notification: NewNotification, newMemoriesOnly = false): Promise<number> {
  if (userIds.length === 0) return 0;
  let recipients = db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(userIds)])
    .where('notifications_enabled', '=', flag(true))
    // A storyteller has no bell and no mail of members: a notice for them would never be read.
    .where('is_storyteller', '=', flag(false));
  if (newMemoriesOnly) recipients = recipients.where('new_memory_notifications_enabled', '=', flag(true));
  const rows = await recipients.execute();
  if (rows.length === 0) return 0;
  await db
    .insertInto('notifications')
    .values(
      rows.map(({ id }) => ({
        id: randomUUID(),
        user_id: id,
        type: notification.type,
        title: notification.title,
        message: notification.message,
        is_read: flag(false),
        related_memory_id: notification.relatedMemoryId ?? null,
        created_at: notification.createdAt,
      })),
    )
    .execute();
  return rows.length;
}

/** The parts of a user's name a notice is worded with (common/people displayNameOf). */
export function personName(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['display_name as displayName', 'first_name as firstName', 'last_name as lastName', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function memoryOf(db: Db, memoryId: string) {
  return db.selectFrom('memories').select(['id', 'title', 'user_id']).where('id', '=', memoryId).executeTakeFirst();
}

/** Everyone who commented on the memory before, other than through `commentId`. */
export async function earlierCommenters(db: Db, memoryId: string, commentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .select('user_id')
    .distinct()
    .where('memory_id', '=', memoryId)
    .where('id', '!=', commentId)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function familyMemberIds(db: Db, familyId: string): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('family_id', '=', familyId).execute();
  return rows.map((row) => row.id);
}

export function timelineOf(db: Db, timelineId: string) {
  return db.selectFrom('timelines').select(['name', 'user_id']).where('id', '=', timelineId).executeTakeFirst();
}
