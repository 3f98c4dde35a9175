// SQL of people: a user as any member list shows them.
import type { Db } from '../db/index.js';
import { memberColumns, type MemberRow } from '../timelines/index.js';

export function findPerson(db: Db, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom('users').select(memberColumns).where('users.id', '=', id).executeTakeFirst();
}
