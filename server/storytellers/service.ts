// The family's side of storytellers (DESIGN "Storytellers (no account)"): adding one, the
// list, their details, and their link. Access first (server/access), then the rows.
import { randomUUID } from 'node:crypto';
import { messages } from '../../common/messages.js';
import type { CreateStorytellerBody, CreatedStoryteller, Storyteller, StorytellerLink, UpdateStorytellerBody } from '../../common/storytellers.js';
import { requireAccess, storytellerAbilities } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import { flag, isSet } from '../db/flags.js';
import type { UserRow } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import * as timelines from '../timelines/index.js';
import * as users from '../users/index.js';
import { issueLink, linkUrl, unsealToken } from './link.js';
import * as queries from './queries.js';

/**
 * Any member adds a storyteller: a users row with no password and a reserved sign-in address
 * (migration 0016), in the adder's family, a member of the timeline, with a fresh link.
 */
export async function createStoryteller(ctx: AppContext, user: UserRow, timelineId: string, body: CreateStorytellerBody): Promise<CreatedStoryteller> {
  await requireAccess(ctx.db, user, 'timeline.read', [timelineId]);
  const id = randomUUID();
  const now = iso(ctx.now());
  const link = issueLink(ctx.config.sessionSecret);
  const email = body.email ?? null;
  await ctx.db.transaction().execute(async (trx) => {
    await users.insertUser(trx, {
      id,
      email: users.reservedEmailOf(id),
      password_hash: null,
      display_name: body.displayName,
      family_id: user.family_id,
      is_storyteller: flag(true),
      created_at: now,
      updated_at: now,
    });
    await timelines.addMember(trx, timelineId, id, now);
    await queries.insertStoryteller(trx, {
      user_id: id,
      timeline_id: timelineId,
      created_by: user.id,
      email,
      link_hash: link.hash,
      link_sealed: link.sealed,
      created_at: now,
      updated_at: now,
    });
  });
  return { id, displayName: body.displayName, email, link: linkUrl(ctx.config.publicUrl, link.token) };
}

type ListedRow = Awaited<ReturnType<typeof queries.listStorytellers>>[number];

function present(viewer: UserRow, timelineOwnerId: string, row: ListedRow): Storyteller {
  const reminder =
    row.reminder_weekday !== null && row.reminder_time !== null && row.reminder_tz !== null
      ? { weekday: row.reminder_weekday, time: row.reminder_time, tz: row.reminder_tz }
      : null;
  return {
    id: row.id,
    displayName: row.display_name ?? '',
    email: row.email,
    createdBy: row.created_by,
    // Whether a link is active, never the link (DESIGN: it appears in no list).
    linkActive: row.link_hash !== null,
    reminder,
    remindersStopped: isSet(row.reminders_stopped),
    lastStoryAt: row.last_story_at ?? null,
    stories: Number(row.stories ?? 0),
    abilities: storytellerAbilities(viewer.id, row, { user_id: timelineOwnerId }),
  };
}

/** GET /api/timelines/{id}/storytellers: its members see them (outsiders 404). */
export async function listStorytellers(ctx: AppContext, viewer: UserRow, timelineId: string): Promise<Storyteller[]> {
  await requireAccess(ctx.db, viewer, 'timeline.read', [timelineId]);
  const ownerId = await queries.timelineOwnerOf(ctx.db, timelineId);
  return (await queries.listStorytellers(ctx.db, timelineId)).map((row) => present(viewer, ownerId, row));
}

async function storytellerAsSeenBy(ctx: AppContext, viewer: UserRow, id: string): Promise<Storyteller> {
  const storyteller = await queries.findStoryteller(ctx.db, id);
  if (!storyteller) throw notFound(messages.storytellerNotFound);
  const listed = (await queries.listStorytellers(ctx.db, storyteller.timeline_id)).find((row) => row.id === id);
  if (!listed) throw notFound(messages.storytellerNotFound);
  return present(viewer, await queries.timelineOwnerOf(ctx.db, storyteller.timeline_id), listed);
}

/**
 * PATCH /api/storytellers/{id}: their name, contact e-mail and the week's reminder. Setting a
 * reminder is the family choosing again, so it clears an earlier unsubscribe.
 */
export async function updateStoryteller(ctx: AppContext, user: UserRow, id: string, body: UpdateStorytellerBody): Promise<Storyteller> {
  await requireAccess(ctx.db, user, 'storyteller.manage', [id]);
  const now = iso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    if (body.displayName !== undefined) await users.setDisplayName(trx, id, body.displayName, now);
    const reminder =
      body.reminder === undefined
        ? {}
        : body.reminder === null
          ? { reminder_weekday: null, reminder_time: null, reminder_tz: null }
          : { reminder_weekday: body.reminder.weekday, reminder_time: body.reminder.time, reminder_tz: body.reminder.tz, reminders_stopped: flag(false) };
    await queries.updateStoryteller(trx, id, { ...(body.email !== undefined ? { email: body.email } : {}), ...reminder, updated_at: now });
  });
  return storytellerAsSeenBy(ctx, user, id);
}

/** POST /api/storytellers/{id}/link: a new link; the old one opens nothing from the next request on. */
export async function issueNewLink(ctx: AppContext, user: UserRow, id: string): Promise<StorytellerLink> {
  await requireAccess(ctx.db, user, 'storyteller.manage', [id]);
  const link = issueLink(ctx.config.sessionSecret);
  await queries.updateStoryteller(ctx.db, id, { link_hash: link.hash, link_sealed: link.sealed, updated_at: iso(ctx.now()) });
  return { link: linkUrl(ctx.config.publicUrl, link.token) };
}

/** DELETE /api/storytellers/{id}/link: "Stop this link". */
export async function stopLink(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await requireAccess(ctx.db, user, 'storyteller.manage', [id]);
  await queries.updateStoryteller(ctx.db, id, { link_hash: null, link_sealed: null, updated_at: iso(ctx.now()) });
}

/**
 * GET /api/storytellers/{id}/link: the active link again, for "Copy link" and "Print a card";
 * 404 when none is active, or when SESSION_SECRET changed since it was sealed (a new one is needed).
 */
export async function currentLink(ctx: AppContext, user: UserRow, id: string): Promise<StorytellerLink> {
  await requireAccess(ctx.db, user, 'storyteller.manage', [id]);
  const storyteller = await queries.findStoryteller(ctx.db, id);
  const token = storyteller?.link_sealed ? unsealToken(ctx.config.sessionSecret, storyteller.link_sealed) : null;
  if (!token) throw notFound(messages.storytellerNoActiveLink);
  return { link: linkUrl(ctx.config.publicUrl, token) };
}
