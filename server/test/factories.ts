// Rows a test needs, made straight in the database with whatever parents they need.
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/passwords.js';
import { startSession } from '../auth/sessions.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { insertUser } from '../auth/queries.js';

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
