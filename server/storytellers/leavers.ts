// A storyteller belongs to one timeline (DESIGN "Storytellers (no account)"): when it goes, or
// a member takes them off it, they go from the family too, and their link opens nothing.
// Nothing they told is lost: a storyteller whose stories remain keeps their users row, so the
// stories keep their name; only one with nothing left is deleted.
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import type { EventMap } from '../events.js';
import * as users from '../users/index.js';
import * as queries from './queries.js';

export function registerStorytellerListeners(ctx: AppContext): void {
  ctx.events.on('timeline.memberRemoved', (event, db) => storytellerRemoved(db, event));
  ctx.events.on('timeline.deleted', (event, db) => storytellersTimelineDeleted(db, event));
}

async function storytellerRemoved(db: Db, { timelineId, userId, at }: EventMap['timeline.memberRemoved']): Promise<void> {
  const storyteller = await queries.findStoryteller(db, userId);
  if (storyteller?.timeline_id !== timelineId) return;
  // Stopped, not only shut by the membership check: the family's screens say "no link", and
  // "Copy link" has nothing to show for a storyteller no longer theirs.
  await queries.updateStoryteller(db, userId, { link_hash: null, link_sealed: null, updated_at: at });
  await users.leaveFamily(db, userId, at);
}

async function storytellersTimelineDeleted(db: Db, { memberIds, at }: EventMap['timeline.deleted']): Promise<void> {
  // Their storytellers rows went with the timeline by cascade: those are its storytellers.
  for (const { id } of await queries.storytellersWithoutTimeline(db, memberIds)) {
    if (await queries.hasStories(db, id)) await users.leaveFamily(db, id, at);
    else await users.deleteStoryteller(db, id);
  }
}
