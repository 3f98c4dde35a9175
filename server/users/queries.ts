import type { Db } from '../db/index.js';
import type { UserRow, UserUpdate } from '../db/schema.js';

export async function updateUser(db: Db, userId: string, changes: UserUpdate): Promise<UserRow> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}
