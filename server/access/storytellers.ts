// The storyteller rules (DESIGN "Storytellers (no account)"): the members of a storyteller's
// timeline see them; the member who added them and the timeline's owner manage them.
import type { Db } from '../db/index.js';

function storytellersOnTimelinesOf(db: Db, userId: string, storytellerIds: string[]) {
  return db
    .selectFrom('storytellers')
    .innerJoin('timeline_members', 'timeline_members.timeline_id', 'storytellers.timeline_id')
    .innerJoin('timelines', 'timelines.id', 'storytellers.timeline_id')
    .select('storytellers.user_id')
    .where('timeline_members.user_id', '=', userId)
    .where('storytellers.user_id', 'in', storytellerIds);
}

export async function storytellersVisibleTo(db: Db, userId: string, storytellerIds: string[]): Promise<string[]> {
  return (await storytellersOnTimelinesOf(db, userId, storytellerIds).execute()).map((row) => row.user_id);
}

/** A creator who has left the timeline manages them no more: only its members see them. */
export async function storytellersManagedBy(db: Db, userId: string, storytellerIds: string[]): Promise<string[]> {
  const rows = await storytellersOnTimelinesOf(db, userId, storytellerIds)
    .where((eb) => eb.or([eb('storytellers.created_by', '=', userId), eb('timelines.user_id', '=', userId)]))
    .execute();
  return rows.map((row) => row.user_id);
}
