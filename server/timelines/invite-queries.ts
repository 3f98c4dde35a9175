// SQL of timeline invite links and of joining through them.
import type { Db } from '../db/index.js';

export interface InviteRow {
  id: string;
  timeline_id: string;
  created_by: string;
  created_at: string;
  expires_at: string;
}

export async function insertInvite(db: Db, invite: InviteRow): Promise<void> {
  await db.insertInto('timeline_invites').values(invite).execute();
}

/** The newest invite of the timeline still open at `now`. */
export function newestOpenInvite(db: Db, timelineId: string, now: string): Promise<InviteRow | undefined> {
  return db
    .selectFrom('timeline_invites')
    .selectAll()
    .where('timeline_id', '=', timelineId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('expires_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** An open invite with the public parts of its timeline and creator (never an email). */
export function findOpenInvite(db: Db, id: string, now: string) {
  return db
    .selectFrom('timeline_invites')
    .innerJoin('timelines', 'timelines.id', 'timeline_invites.timeline_id')
    .innerJoin('users', 'users.id', 'timeline_invites.created_by')
    .select([
      'timeline_invites.id',
      'timeline_invites.timeline_id',
      'timeline_invites.created_by',
      'timeline_invites.created_at',
      'timeline_invites.expires_at',
      'timelines.name as timeline_name',
      'timelines.color as timeline_color',
      'timelines.description as timeline_description',
      'timelines.user_id as timeline_owner_id',
      'users.display_name as creator_display_name',
      'users.first_name as creator_first_name',
      'users.last_name as creator_last_name',
      'users.profile_image_key as creator_profile_image_key',
    ])
    .where('timeline_invites.id', '=', id)
    .where('timeline_invites.expires_at', '>', now)
    .executeTakeFirst();
}
export type OpenInvite = NonNullable<Awaited<ReturnType<typeof findOpenInvite>>>;

/** Adds the member unless already there; answers whether they were added. */
export async function addMember(db: Db, timelineId: string, userId: string, joinedAt: string): Promise<boolean> {
  const result = await db
    .insertInto('timeline_members')
    .values({ timeline_id: timelineId, user_id: userId, joined_at: joinedAt })
    .onConflict((oc) => oc.columns(['timeline_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
