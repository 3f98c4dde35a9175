import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
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
 * `notificationsEnabled=false` stops all. Answers how many were written.
 */
export async function insertNotifications(db: Db, userIds: string[], notification: NewNotification): Promise<number> {
  if (userIds.length === 0) return 0;
  const recipients = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(userIds)])
    .where('notifications_enabled', '=', 1)
    .execute();
  if (recipients.length === 0) return 0;
  await db
    .insertInto('notifications')
    .values(
      recipients.map(({ id }) => ({
        id: randomUUID(),
        user_id: id,
        type: notification.type,
        title: notification.title,
        message: notification.message,
        is_read: 0 as const,
        related_memory_id: notification.relatedMemoryId ?? null,
        created_at: notification.createdAt,
      })),
    )
    .execute();
  return recipients.length;
}
