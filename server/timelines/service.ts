// The rules of timelines and their members (accounts §5, §6; DESIGN "Who may do what").
import { randomUUID } from 'node:crypto';
import { messages } from '../../common/messages.js';
import { NEW_TIMELINE_COLOR } from '../../common/timeline-colors.js';
import type { CreateTimelineBody, UpdateTimelineBody } from '../../common/timelines.js';
import { requireAccess, requireMemberRemoval } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';
import { discardFiles } from '../media/index.js';
import type { MemberRow } from '../people/index.js';
import type { TimelineRow } from './present.js';
import * as queries from './queries.js';

/** A timeline with what its `isDefault` is measured against: the caller's default. */
export interface TimelineView {
  timeline: TimelineRow;
  defaultTimelineId: string | null;
}

const blankToNull = (text: string | null | undefined): string | null => (text ? text : null);

export async function listTimelines(ctx: AppContext, user: UserRow): Promise<{ timelines: TimelineRow[]; defaultTimelineId: string | null }> {
  return { timelines: await queries.listTimelinesOf(ctx.db, user.id), defaultTimelineId: user.default_timeline_id };
}

export async function getTimeline(ctx: AppContext, user: UserRow, id: string): Promise<TimelineView> {
  await requireAccess(ctx.db, user, 'timeline.read', [id]);
  return { timeline: await existing(ctx, id), defaultTimelineId: user.default_timeline_id };
}

/**
 * The creator owns the timeline and is its first member. It becomes their default when they
 * ask (onboarding sends isDefault, accounts §3) or when they have none yet (accounts §4: the
 * active timeline falls back to the default).
 */
export async function createTimeline(ctx: AppContext, user: UserRow, body: CreateTimelineBody): Promise<TimelineView> {
  const makeDefault = body.isDefault === true || !user.default_timeline_id;
  const timeline: TimelineRow = {
    id: randomUUID(),
    name: body.name,
    description: blankToNull(body.description),
    color: body.color ?? NEW_TIMELINE_COLOR,
    icon: blankToNull(body.icon),
    is_default: makeDefault,
    user_id: user.id,
    created_at: iso(ctx.now()),
  };
  await ctx.db.transaction().execute((trx) => queries.insertTimeline(trx, timeline, makeDefault));
  return { timeline, defaultTimelineId: makeDefault ? timeline.id : user.default_timeline_id };
}

/** accounts §6: only the owner renames or recolours. */
export async function updateTimeline(ctx: AppContext, user: UserRow, id: string, body: UpdateTimelineBody): Promise<TimelineView> {
  await requireAccess(ctx.db, user, 'timeline.manage', [id]);
  const changes: { name?: string; color?: string; description?: string | null } = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.color !== undefined) changes.color = body.color;
  if (body.description !== undefined) changes.description = blankToNull(body.description);
  await queries.updateTimeline(ctx.db, id, changes);
  return { timeline: await existing(ctx, id), defaultTimelineId: user.default_timeline_id };
}

/**
 * accounts §5, §6: only the owner deletes, and never their own default timeline. The files of
 * the memories deleted with it go once the rows' deletion has committed (DESIGN "Media"), so
 * a failure leaves at worst an orphan file, never a memory without its media.
 */
export async function deleteTimeline(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await requireAccess(ctx.db, user, 'timeline.manage', [id]);
  if (user.default_timeline_id === id) throw badRequest(messages.defaultTimelineUndeletable);
  const keys = await ctx.db.transaction().execute(async (trx) => {
    const memberIds = await queries.memberIdsOf(trx, id);
    const deletedKeys = await queries.deleteTimeline(trx, id);
    // A storyteller belongs to this one timeline: storytellers/ lets them go with it.
    await ctx.events.emit('timeline.deleted', { timelineId: id, memberIds, at: iso(ctx.now()) }, trx);
    return deletedKeys;
  });
  await discardFiles(ctx.media, keys);
}

/** accounts §6: any member may list the members (owner first), with the timeline their abilities are measured against. */
export async function listMembers(ctx: AppContext, user: UserRow, timelineId: string): Promise<{ timeline: TimelineRow; members: MemberRow[] }> {
  await requireAccess(ctx.db, user, 'timeline.read', [timelineId]);
  const [timeline, members] = await Promise.all([existing(ctx, timelineId), queries.listMembers(ctx.db, timelineId)]);
  return { timeline, members };
}

/**
 * accounts §6: any member may remove another member (never the owner, never themselves). The
 * removal ends the timeline's older invites too (issue 19; queries.removeMember says why).
 */
export async function removeMember(ctx: AppContext, user: UserRow, timelineId: string, memberId: string): Promise<void> {
  await requireMemberRemoval(ctx.db, user, timelineId, memberId);
  const removedAt = iso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    await queries.removeMember(trx, timelineId, memberId, removedAt);
    // A storyteller removed here loses their link and their place in the family (storytellers/).
    await ctx.events.emit('timeline.memberRemoved', { timelineId, userId: memberId, at: removedAt }, trx);
  });
}

async function existing(ctx: AppContext, id: string): Promise<TimelineRow> {
  const timeline = await queries.findTimeline(ctx.db, id);
  if (!timeline) throw notFound(messages.timelineNotFound);
  return timeline;
}
