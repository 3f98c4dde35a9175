// The rules of families: invites, joining and merging (DESIGN "Who may do what" (Families),
// accounts §4 "Family invite flow").
import { randomUUID } from 'node:crypto';
import type { MergeFamiliesBody } from '../../common/families.js';
import { messages } from '../../common/messages.js';
import { requireAccess } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { MemberRow } from '../people/index.js';
import * as users from '../users/index.js';
import * as queries from './queries.js';

const HOUR_MS = 60 * 60_000;

/** DESIGN: a new family is named "{last name or display name} Family"; the email's local part last. */
export function familyNameFor(user: Pick<UserRow, 'last_name' | 'display_name' | 'email'>): string {
  const base = user.last_name?.trim() || user.display_name?.trim() || user.email.split('@')[0]!;
  return `${base} Family`;
}

/**
 * POST /api/invites. The first call of a user without a family makes one with them in it
 * (DESIGN "Families"). Two first calls at once end up in one family: whoever claims the
 * user's family_id first wins, the other's family is dropped.
 */
export async function createInvite(ctx: AppContext, user: UserRow): Promise<queries.FamilyInviteRow> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    let familyId = await queries.familyIdOf(trx, user.id);
    if (!familyId) {
      const family = { id: randomUUID(), name: familyNameFor(user), created_by: user.id, created_at: iso(now) };
      await queries.insertFamily(trx, family);
      if (await users.joinFamilyIfNone(trx, user.id, family.id, iso(now))) {
        familyId = family.id;
      } else {
        await queries.deleteFamily(trx, family.id);
        familyId = (await queries.familyIdOf(trx, user.id))!;
      }
    }
    const invite: queries.FamilyInviteRow = {
      id: randomUUID(),
      family_id: familyId,
      inviter_id: user.id,
      created_at: iso(now),
      // DESIGN "Configuration": INVITE_TTL_HOURS (48 by default, accounts §9).
      expires_at: iso(new Date(now.getTime() + ctx.config.inviteTtlHours * HOUR_MS)),
    };
    await queries.insertFamilyInvite(trx, invite);
    return invite;
  });
}

/** Public: the family invite page is shown signed out too (accounts §2). */
export async function inviteDetails(ctx: AppContext, inviteId: string): Promise<queries.OpenFamilyInvite> {
  const invite = await queries.findOpenFamilyInvite(ctx.db, inviteId, iso(ctx.now()));
  if (!invite) throw notFound(messages.familyInviteInvalid);
  return invite;
}

function otherFamilyConflict(currentFamilyId: string, invitedFamilyId: string) {
  // accounts §3 "409 conflict data": the client opens the "Family Name Conflict" dialog.
  return conflict(messages.otherFamily, { requiresExplicitMerge: true, currentFamilyId, invitedFamilyId });
}

/**
 * Joins the invite's family: no family → join (and tell the other members, DESIGN
 * "Notifications": family_joined); already in it → no-op; in another → 409.
 */
export async function acceptInvite(ctx: AppContext, user: UserRow, inviteId: string): Promise<UserRow> {
  const invite = await inviteDetails(ctx, inviteId);
  const now = iso(ctx.now());
  const familyId = invite.family_id;
  const joined = await ctx.db.transaction().execute(async (trx) => {
    if (!(await users.joinFamilyIfNone(trx, user.id, familyId, now))) return false;
    // DESIGN "Notifications": the notifications feature listens and tells the other members.
    await ctx.events.emit('family.joined', { familyId, userId: user.id, at: now }, trx);
    return true;
  });
  const current = await queries.findUser(ctx.db, user.id);
  if (!joined && current.family_id !== familyId) throw otherFamilyConflict(current.family_id!, familyId);
  return current;
}

/**
 * DESIGN "Families" (amended 2026-11-25; issue 19): only the source family's creator may merge
 * it (a member could otherwise move everyone into a family of their own making), and only
 * with an open invite to the target, which is what lets them see and join it. Everyone it
 * brings together is told (DESIGN "Notifications": family_joined), in the same transaction.
 */
export async function mergeFamilies(ctx: AppContext, user: UserRow, body: MergeFamiliesBody): Promise<UserRow> {
  await requireAccess(ctx.db, user, 'family.merge', [body.sourceFamilyId]);
  if (body.sourceFamilyId === body.targetFamilyId) throw badRequest(messages.familyMergeSame);
  const invite = await inviteDetails(ctx, body.inviteId);
  if (invite.family_id !== body.targetFamilyId) throw badRequest(messages.familyMergeWrongInvite);
  const now = iso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    const source = (await queries.findFamily(trx, body.sourceFamilyId))!;
    await queries.mergeFamilies(trx, body.sourceFamilyId, body.targetFamilyId, now);
    const merged = { familyId: body.targetFamilyId, familyName: invite.family_name, sourceFamilyName: source.name, mergedBy: user.id, at: now };
    await ctx.events.emit('family.merged', merged, trx);
  });
  return queries.findUser(ctx.db, user.id);
}

/** GET /api/families/{familyId}: members only. */
export async function getFamily(ctx: AppContext, user: UserRow, familyId: string): Promise<{ family: queries.FamilyRow; members: MemberRow[] }> {
  await requireAccess(ctx.db, user, 'family.read', [familyId]);
  const family = await queries.findFamily(ctx.db, familyId);
  if (!family) throw notFound(messages.familyNotFound);
  return { family, members: await queries.familyMembers(ctx.db, familyId) };
}
