// issue 20 "Who sees a memory" (DESIGN "Who may do what", Memory view, amended 2026-11-25):
// a memory has an audience. `private`: its creator only; `timeline`: every member of its
// timelines, now and later (access/ decides at read time from the memberships, so a member
// who joins later sees it and one who leaves stops); `people`: its memory_shares rows.
//
// The memories written before it are classified from what their shares say today:
// - `timeline`: someone besides the creator has it, and those who have it (creator aside)
//   are exactly the other members of the timelines it is filed on. This is the predicate the
//   family merge used (families/queries.ts, sharedWithEveryMemberOfItsTimelines, at the time
//   of this migration), copied here because a migration is frozen history and never imports
//   feature code.
// - `private`: only its creator has it. A memory its creator saved while alone on the
//   timeline is ambiguous between "Private" and "Selective Sharing with nobody yet"; privacy
//   wins, since the creator can share it with everyone in one tap and nobody sees what they
//   did not mean to show.
// - `people`: the rest (shared with some members only).
//
// The column is covered by the content-version triggers of 0007: they fire on every write to
// the `memories` table whatever its columns.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  // The SQLite migrator runs without a transaction: a failure halfway must leave nothing behind.
  if (isPostgres(db)) await addAudience(db);
  else await db.transaction().execute((trx) => addAudience(trx));
}

async function addAudience(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('memories')
    .addColumn('audience', 'text', (column) =>
      column
        .notNull()
        .defaultTo('people')
        .check(sql`audience in ('private', 'timeline', 'people')`),
    )
    .execute();

  await sql`update memories set audience = 'private'
    where not exists (
      select 1 from memory_shares share
      where share.memory_id = memories.id and share.user_id <> memories.user_id
    )`.execute(db);

  await sql`update memories set audience = 'timeline'
    where exists (
      select 1 from memory_shares share
      where share.memory_id = memories.id and share.user_id <> memories.user_id
    )
    and exists (
      select 1 from memory_timelines filed
      join timeline_members member on member.timeline_id = filed.timeline_id
      where filed.memory_id = memories.id and member.user_id = memories.user_id
    )
    and not exists (
      select 1 from memory_shares share
      where share.memory_id = memories.id and share.user_id <> memories.user_id
      and share.user_id not in (
        select member.user_id from memory_timelines filed
        join timeline_members member on member.timeline_id = filed.timeline_id
        where filed.memory_id = memories.id
      )
    )
    and not exists (
      select 1 from memory_timelines filed
      join timeline_members member on member.timeline_id = filed.timeline_id
      where filed.memory_id = memories.id and member.user_id <> memories.user_id
      and member.user_id not in (
        select share.user_id from memory_shares share where share.memory_id = memories.id
      )
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
