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
