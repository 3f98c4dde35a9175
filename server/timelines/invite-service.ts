// Timeline invite links: made by members, read by anyone holding the id, accepted by anyone
// signed in but their creator (accounts §2, §4; DESIGN "Who may do what" (Invites)).
import { randomUUID } from 'node:crypto';
import { messages } from '../../common/messages.js';
import { requireAccess, requireTimelineInviteAcceptance } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import * as queries from './invite-queries.js';

const HOUR_MS = 60 * 60_000;

/** accounts §6: any member may make a link; older links stay valid until they expire. */
export async function createInvite(ctx: AppContext, user: UserRow, timelineId: string): Promise<queries.InviteRow> {
  await requireAccess(ctx.db, user, 'timeline.read', [timelineId]);
  const now = ctx.now();
  const invite: queries.InviteRow = {
    id: randomUUID(),
    timeline_id: timelineId,
    created_by: user.id,
    created_at: iso(now),
    // DESIGN "Configuration": INVITE_TTL_HOURS (48 by default, accounts §9).
    expires_at: iso(new Date(now.getTime() + ctx.config.inviteTtlHours * HOUR_MS)),
  };
  await queries.insertInvite(ctx.db, invite);
  return invite;
}

/** The link the Communities page shows (accounts §2 "Invite Link"), if one is still open. */
export async function currentInvite(ctx: AppContext, user: UserRow, timelineId: string): Promise<queries.InviteRow> {
  await requireAccess(ctx.db, user, 'timeline.read', [timelineId]);
  const invite = await queries.newestOpenInvite(ctx.db, timelineId, iso(ctx.now()));
  if (!invite) throw notFound(messages.noInviteYet);
  return invite;
}

/** Public: the landing page is open to signed-out visitors. Unknown and expired look alike. */
export async function inviteDetails(ctx: AppContext, inviteId: string): Promise<queries.OpenInvite> {
  const invite = await queries.findOpenInvite(ctx.db, inviteId, iso(ctx.now()));
  if (!invite) throw notFound(messages.timelineInviteNotFound);
  return invite;
}

/**
 * Joins the invite's timeline. Accepting again is a no-op (DESIGN "Invites"); a real join
 * tells the owner (DESIGN "Notifications": `other`), in the same transaction. Both accept
 * calls (the landing page's and process-pending-timeline-invite) come here, so a person
 * removed after the invite was made is refused on either (issue 19).
 */
export async function acceptInvite(ctx: AppContext, user: UserRow, inviteId: string): Promise<{ timelineId: string; name: string }> {
  const invite = await inviteDetails(ctx, inviteId);
  const now = iso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    const joined = await queries.addMember(trx, invite.timeline_id, user.id, now);
    // Asked after the insert, in its transaction, and a refusal rolls it back: on PostgreSQL
    // an insert meeting the member row a removal is deleting waits for that removal to
    // commit, so the question then sees its record too.
    await requireTimelineInviteAcceptance(trx, user, invite);
    // DESIGN "Notifications": the notifications feature listens and tells the owner.
    if (joined) await ctx.events.emit('timeline.joined', { timelineId: invite.timeline_id, userId: user.id, at: now }, trx);
  });
  return { timelineId: invite.timeline_id, name: invite.timeline_name };
}
