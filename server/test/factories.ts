// Rows a test needs, made straight in the database with whatever parents they need.
import { randomUUID } from 'node:crypto';
import type { Audience } from '../../common/memories.js';
import { Readable } from 'node:stream';
import { hashPassword } from '../auth/passwords.js';
import { startSession } from '../auth/sessions.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { insertUser } from '../users/index.js';
import { newMediaKey } from '../providers/storage/index.js';

export const TEST_PASSWORD = 'a long family secret';
let passwordHash: Promise<string> | undefined;

export interface MadeUser {
  user: UserRow;
  /** A Cookie header that signs this user in. */
  cookie: string;
}

export async function makeUser(
  ctx: AppContext,
  fields: { email?: string; displayName?: string | null; firstName?: string; lastName?: string } = {},
): Promise<MadeUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const now = iso(ctx.now());
  const user = await insertUser(ctx.db, {
    id: randomUUID(),
    email: fields.email ?? `person-${randomUUID().slice(0, 8)}@example.org`,
    password_hash: await passwordHash,
    display_name: fields.displayName === undefined ? 'Test Person' : fields.displayName,
    first_name: fields.firstName ?? null,
    last_name: fields.lastName ?? null,
    created_at: now,
    updated_at: now,
  });
  const session = await startSession(ctx, user.id, 'vitest');
  return { user, cookie: `sid=${session.token}` };
}

export async function makeTimeline(
  ctx: AppContext,
  owner: UserRow,
  fields: { name?: string; members?: UserRow[] } = {},
): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const name = fields.name ?? 'Family';
  const now = iso(ctx.now());
  await ctx.db
    .insertInto('timelines')
    .values({ id, name, color: '#3b82f6', icon: 'Home', is_default: 0, user_id: owner.id, created_at: now })
    .execute();
  const members = [owner, ...(fields.members ?? [])];
  await ctx.db
    .insertInto('timeline_members')
    .values(members.map((member) => ({ timeline_id: id, user_id: member.id, joined_at: now })))
    .execute();
  return { id, name };
}

/**
 * A memory by `creator`, filed on `timelineIds`. Its sharedWith always holds the creator
 * (DESIGN "Who may do what": the creator is always included) plus `sharedWith`; with no one
 * else it is private. Its audience (DESIGN "Memory view", amended 2026-11-25) is the column's
 * default 'people' unless `audience` says otherwise: seen through its shares only, as every
 * test written before audiences meant, and the column is left unnamed so the factory also
 * serves a database migrated only up to before 0010 (a migration's test). Say 'timeline'
 * where a test means "shared with every member, now and later".
 */
export async function makeMemory(
  ctx: AppContext,
  creator: UserRow,
  fields: { title?: string; timelineIds?: string[]; sharedWith?: UserRow[]; familyId?: string | null; audience?: Audience } = {},
): Promise<{ id: string; title: string }> {
  const id = randomUUID();
  const title = fields.title ?? 'A summer afternoon';
  const now = iso(ctx.now());
  await ctx.db
    .insertInto('memories')
    .values({
      id,
      title,
      content: '',
      transcription: '',
      user_id: creator.id,
      family_id: fields.familyId === undefined ? creator.family_id : fields.familyId,
      audio_key: null,
      ...(fields.audience ? { audience: fields.audience } : {}),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const timelineIds = fields.timelineIds ?? [];
  if (timelineIds.length > 0) {
    await ctx.db
      .insertInto('memory_timelines')
      .values(timelineIds.map((timelineId) => ({ memory_id: id, timeline_id: timelineId })))
      .execute();
  }
  const sharedWith = [...new Set([creator.id, ...(fields.sharedWith ?? []).map((user) => user.id)])];
  await ctx.db
    .insertInto('memory_shares')
    .values(sharedWith.map((userId) => ({ memory_id: id, user_id: userId })))
    .execute();
  return { id, title };
}

/** A timeline invite link; it expires INVITE_TTL_HOURS from now unless `expiresAt` says otherwise. */
export async function makeTimelineInvite(
  ctx: AppContext,
  timelineId: string,
  creator: UserRow,
  fields: { expiresAt?: Date } = {},
): Promise<{ id: string; expiresAt: string }> {
  const id = randomUUID();
  const now = ctx.now();
  const expiresAt = iso(fields.expiresAt ?? new Date(now.getTime() + ctx.config.inviteTtlHours * 60 * 60_000));
  await ctx.db
    .insertInto('timeline_invites')
    .values({ id, timeline_id: timelineId, created_by: creator.id, created_at: iso(now), expires_at: expiresAt })
    .execute();
  return { id, expiresAt };
}

/** A family made by `creator`, with `members` too; each member's users.family_id points at it. */
export async function makeFamily(
  ctx: AppContext,
  creator: UserRow,
  fields: { name?: string; members?: UserRow[] } = {},
): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const name = fields.name ?? 'Test Family';
  await ctx.db.insertInto('families').values({ id, name, created_by: creator.id, created_at: iso(ctx.now()) }).execute();
  const memberIds = [creator.id, ...(fields.members ?? []).map((member) => member.id)];
  await ctx.db.updateTable('users').set({ family_id: id }).where('id', 'in', memberIds).execute();
  for (const member of [creator, ...(fields.members ?? [])]) member.family_id = id;
  return { id, name };
}

/** A family invite link from `inviter`; it expires INVITE_TTL_HOURS from now. */
export async function makeFamilyInvite(ctx: AppContext, familyId: string, inviter: UserRow): Promise<{ id: string }> {
  const id = randomUUID();
  const now = ctx.now();
  await ctx.db
    .insertInto('family_invites')
    .values({
      id,
      family_id: familyId,
      inviter_id: inviter.id,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + ctx.config.inviteTtlHours * 60 * 60_000)),
    })
    .execute();
  return { id };
}

/**
 * A video sent through the direct-upload flow and not yet in a memory: its bytes in the store
 * and the `uploads` row the uploads feature writes for it. `url` is what the client puts in
 * directVideoUrls (memories §7: the finalUrl).
 */
export async function makeDirectUpload(
  ctx: AppContext,
  owner: UserRow,
  data: Buffer,
  fields: { extension?: string; contentType?: string } = {},
): Promise<{ key: string; url: string }> {
  const key = newMediaKey('videos', fields.extension ?? 'mp4');
  await ctx.media.put(key, Readable.from([data]), { contentType: fields.contentType ?? 'video/mp4' });
  await ctx.db.insertInto('uploads').values({ storage_key: key, owner_id: owner.id, created_at: iso(ctx.now()), attached_at: null }).execute();
  return { key, url: `/uploads/${key}` };
}
