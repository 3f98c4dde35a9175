// SQL of people: a user as any member list shows them.
import type { Db } from '../db/index.js';
import type { MemberRow } from './present.js';

/** The columns of the person card (present.ts), selected wherever members are listed. */
export const memberColumns = ['users.id', 'users.display_name', 'users.first_name', 'users.last_name', 'users.email', 'users.profile_image_key', 'users.is_storyteller'] as const;

export function findPerson(db: Db, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom('users').select(memberColumns).where('users.id', '=', id).executeTakeFirst();
}
