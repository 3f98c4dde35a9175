// The batch queries behind each permission: given ids, return the ones the user may use.
import type { Db } from '../db/index.js';

export async function timelinesWithMember(db: Db, userId: string, timelineIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('timeline_members')
    .select('timeline_id')
    .where('user_id', '=', userId)
    .where('timeline_id', 'in', timelineIds)
    .execute();
  return rows.map((row) => row.timeline_id);
}

export async function timelinesOwnedBy(db: Db, userId: string, timelineIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('timelines')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', timelineIds)
    .execute();
  return rows.map((row) => row.id);
}
