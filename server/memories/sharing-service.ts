// The rules of a memory's timelines, sharedWith and audience (memories §6, §7; DESIGN "Who may do
// what" (Memory)): the creator only; timelines the creator belongs to; sharedWith only
// members of the memory's timelines, always with the creator in it.
import type { Memory, MemoryTimelinesBody, ShareMemoryBody } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { checkAccess, requireAccess, requireMemoryPlacement } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';
import { chooseAudience, refusePrivateWithOthers } from './audience.js';
import * as queries from './queries.js';
import * as sharing from './sharing-queries.js';
import { getMemory } from './service.js';

/**
 * PATCH /api/memories/{id}/timelines: replaces the memory's timelines (at least one, each one
 * the creator belongs to, else 404 "Timeline not found"). Whoever is in sharedWith but in
 * none of the new timelines is taken out of it (DESIGN: sharedWith only names their members).
 * Its audience stays: a 'timeline' memory is seen by the members of its new timelines.
 */
export async function retimeMemory(ctx: AppContext, user: UserRow, id: string, body: MemoryTimelinesBody): Promise<Memory> {
  await requireAccess(ctx.db, user, 'memory.edit', [id]);
  await requireAccess(ctx.db, user, 'timeline.read', body.timelineIds);
  await ctx.db.transaction().execute((trx) => sharing.replaceTimelines(trx, id, user.id, body.timelineIds));
  return getMemory(ctx, user, id);
}

/**
 * POST /api/memories/{id}/share: sets who sees the memory (audience.ts): `audience` as asked,
 * or read off `userIds` when it names none; the shares become the creator plus `userIds`
 * (members of the memory's timelines, 400 otherwise), or for 'timeline' the members now.
 * Those newly able to see it hear of it (memory.shared, in the same transaction); those
 * taken out lose access at once, media included.
 */
export async function shareMemory(ctx: AppContext, user: UserRow, id: string, body: ShareMemoryBody): Promise<Memory> {
  await requireAccess(ctx.db, user, 'memory.edit', [id]);
  const memory = await queries.findMemory(ctx.db, id);
  if (!memory) throw notFound(messages.memoryNotFound);
  refusePrivateWithOthers(user.id, body.audience, body.userIds);
  const wanted = [...new Set([user.id, ...body.userIds])];
  // The creator may have been removed from one of its timelines since: then its members are
  // no longer theirs to choose from.
  const timelineIds = [...(await checkAccess(ctx.db, user, 'timeline.read', await sharing.timelineIdsOf(ctx.db, id)))];
  if (timelineIds.length > 0) await requireMemoryPlacement(ctx.db, user, timelineIds, wanted);
  else if (wanted.length > 1) throw badRequest(messages.sharedWithNotMember);

  await ctx.db.transaction().execute(async (trx) => {
    const choice = chooseAudience(user.id, body.audience, body.userIds, await sharing.membersOf(trx, timelineIds));
    const current = new Set(await sharing.sharedWithOf(trx, id));
    // Who could see it before: its shares and, for a 'timeline' memory, the members of its timelines.
    const before = new Set(current);
    if (memory.audience === 'timeline') for (const userId of await sharing.membersOf(trx, await sharing.timelineIdsOf(trx, id))) before.add(userId);
    const added = choice.sharedWith.filter((userId) => !current.has(userId));
    const removed = [...current].filter((userId) => !choice.sharedWith.includes(userId));
    await sharing.changeShares(trx, id, added, removed);
    await sharing.setAudience(trx, id, choice.audience);
    const told = added.filter((userId) => userId !== user.id && !before.has(userId));
    if (told.length > 0) await ctx.events.emit('memory.shared', { memoryId: id, title: memory.title, sharerId: user.id, userIds: told, at: iso(ctx.now()) }, trx);
  });
  return getMemory(ctx, user, id);
}
