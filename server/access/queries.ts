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

export async function familiesWithMember(db: Db, userId: string, familyIds: string[]): Promise<string[]> {
  const row = await db.selectFrom('users').select('family_id').where('id', '=', userId).executeTakeFirst();
  return row?.family_id && familyIds.includes(row.family_id) ? [row.family_id] : [];
}

export async function timelineOwner(db: Db, timelineId: string): Promise<string | undefined> {
  const row = await db.selectFrom('timelines').select('user_id').where('id', '=', timelineId).executeTakeFirst();
  return row?.user_id;
}
