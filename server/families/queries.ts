// SQL of families, family invites, joining and merging. Multi-row changes take their transaction;
// the users and memories a join or a merge changes are written by users/ and memories/.
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { FamiliesTable, FamilyInvitesTable, UserRow } from '../db/schema.js';
import * as memories from '../memories/index.js';
import { memberColumns, type MemberRow } from '../people/index.js';
import * as users from '../users/index.js';

export type FamilyRow = Selectable<FamiliesTable>;
export type FamilyInviteRow = Selectable<FamilyInvitesTable>;

export function findFamily(db: Db, id: string): Promise<FamilyRow | undefined> {
  return db.selectFrom('families').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUser(db: Db, id: string): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function familyIdOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('family_id').where('id', '=', userId).executeTakeFirst();
  return row?.family_id ?? null;
}

export async function insertFamily(db: Db, family: FamilyRow): Promise<void> {
  await db.insertInto('families').values(family).execute();
}

export async function deleteFamily(db: Db, id: string): Promise<void> {
  await db.deleteFrom('families').where('id', '=', id).execute();
}

export async function insertFamilyInvite(db: Db, invite: FamilyInviteRow): Promise<void> {
  await db.insertInto('family_invites').values(invite).execute();
}

/** An open invite with its family's name and the public parts of its inviter (never an email). */
export function findOpenFamilyInvite(db: Db, id: string, now: string) {
  return db
    .selectFrom('family_invites')
    .innerJoin('families', 'families.id', 'family_invites.family_id')
    .innerJoin('users', 'users.id', 'family_invites.inviter_id')
    .select([
      'family_invites.id',
      'family_invites.family_id',
      'family_invites.expires_at',
      'families.name as family_name',
      'users.display_name as inviter_display_name',
      'users.first_name as inviter_first_name',
      'users.profile_image_key as inviter_profile_image_key',
    ])
    .where('family_invites.id', '=', id)
    .where('family_invites.expires_at', '>', now)
    .executeTakeFirst();
}
export type OpenFamilyInvite = NonNullable<Awaited<ReturnType<typeof findOpenFamilyInvite>>>;

export function familyMembers(db: Db, familyId: string): Promise<MemberRow[]> {
  return db.selectFrom('users').select(memberColumns).where('users.family_id', '=', familyId).orderBy('users.created_at').orderBy('users.id').execute();
}

/**
 * DESIGN "Who may do what" (Families), merge: the source's members (users/) and memories
 * (memories/, which also shares every 'timeline' memory of the merged family with all its
 * members) move to the target, and the source family goes (its invites with it, by cascade).
 */
export async function mergeFamilies(db: Db, sourceId: string, targetId: string, now: string): Promise<void> {
  await users.moveFamilyMembers(db, sourceId, targetId, now);
  await memories.mergeFamilyMemories(db, sourceId, targetId);
  await deleteFamily(db, sourceId);
}

/** The name of the family `userId` belongs to, or null: a month's archive and a book's cover say it. */
export async function familyNameOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('families', 'families.id', 'users.family_id')
    .select('families.name')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? null;
}
