// SQL of listen codes: the one writer of `listen_links` (server/table-owners.test.ts), and the
// reads of what a code plays.
import type { Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { ListenLinksTable } from '../db/schema.js';

/** A memory's codes that can still be shown again (a sealed token), newest first. */
export async function sealedCodesOf(db: Db, memoryId: string) {
  return db
    .selectFrom('listen_links')
    .select(['id', 'token_sealed'])
    .where('memory_id', '=', memoryId)
    .where('token_sealed', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertCode(db: Db, row: Insertable<ListenLinksTable>): Promise<void> {
  await db.insertInto('listen_links').values(row).execute();
}

/** Stops every code of a memory: the rows go, so each token printed so far finds nothing. */
export async function deleteCodesOf(db: Db, memoryId: string): Promise<number> {
  const result = await db.deleteFrom('listen_links').where('memory_id', '=', memoryId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The memory a code hashing to `hash` plays, with what the page shows of it: its title, its
 * day and its creator's name. Nothing else of the memory is read.
 */
export async function memoryOfCode(db: Db, hash: string) {
  return db
    .selectFrom('listen_links')
    .innerJoin('memories', 'memories.id', 'listen_links.memory_id')
    .innerJoin('users', 'users.id', 'memories.user_id')
    .select([
      'memories.id',
      'memories.title',
      'memories.created_at',
      'memories.audio_key',
      'users.display_name',
      'users.first_name',
      'users.last_name',
    ])
    .where('listen_links.token_hash', '=', hash)
    .executeTakeFirst();
}
export type CodedMemory = NonNullable<Awaited<ReturnType<typeof memoryOfCode>>>;

/** The memory's spoken follow-up answers, in the order they were asked: their questions and recordings. */
export async function spokenAnswersOf(db: Db, memoryId: string) {
  return db
    .selectFrom('follow_up_responses')
    .select(['question', 'audio_key'])
    .where('memory_id', '=', memoryId)
    .where('audio_key', 'is not', null)
    .orderBy('position')
    .execute() as Promise<{ question: string; audio_key: string }[]>;
}
