// SQL of daily prompts: today's stored pair and the record of built-in prompts served.
import type { Transaction } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import type { PromptKind, PromptPair } from './engine.js';

/** The table of migration 0002; only this feature reads it, so its row type lives here. */
interface PromptHistoryTable {
  user_id: string;
  timeline_id: string;
  kind: PromptKind;
  prompt: string;
  served_at: string;
}
export type PromptTables = { prompt_history: PromptHistoryTable };

export interface DayKey {
  userId: string;
  /** '' when the prompts belong to no timeline (the daily_prompts primary key stays plain). */
  timelineId: string;
  day: string;
}

/** A built-in prompt just served; `newCycle` forgets the kind's earlier history first. */
export interface ServedPrompt {
  kind: PromptKind;
  prompt: string;
  newCycle: boolean;
}

const pairOf = (row: { looking_back: string; looking_forward: string }): PromptPair => ({
  lookingBack: row.looking_back,
  lookingForward: row.looking_forward,
});

export async function findDailyPair(db: Db, key: DayKey): Promise<PromptPair | undefined> {
  const row = await db
    .selectFrom('daily_prompts')
    .select(['looking_back', 'looking_forward'])
    .where('user_id', '=', key.userId)
    .where('timeline_id', '=', key.timelineId)
    .where('day', '=', key.day)
    .executeTakeFirst();
  return row && pairOf(row);
}

/** What the chat model may know of a timeline: its name and description, nothing else. */
export async function findTimelineContext(db: Db, timelineId: string): Promise<{ name: string; description: string | null } | null> {
  const row = await db.selectFrom('timelines').select(['name', 'description']).where('id', '=', timelineId).executeTakeFirst();
  return row ?? null;
}

export async function findServedPrompts(db: Db, userId: string, timelineId: string): Promise<{ kind: PromptKind; prompt: string }[]> {
  return db
    .withTables<PromptTables>()
    .selectFrom('prompt_history')
    .select(['kind', 'prompt'])
    .where('user_id', '=', userId)
    .where('timeline_id', '=', timelineId)
    .execute();
}

async function recordServed(trx: Transaction<Database>, key: DayKey, served: ServedPrompt[], servedAt: string): Promise<void> {
  const history = trx.withTables<PromptTables>();
  for (const { kind, prompt, newCycle } of served) {
    if (newCycle) {
      await history.deleteFrom('prompt_history').where('user_id', '=', key.userId).where('timeline_id', '=', key.timelineId).where('kind', '=', kind).execute();
    }
    await history
      .insertInto('prompt_history')
      .values({ user_id: key.userId, timeline_id: key.timelineId, kind, prompt, served_at: servedAt })
      .onConflict((conflict) => conflict.columns(['user_id', 'timeline_id', 'kind', 'prompt']).doNothing())
      .execute();
  }
}

/**
 * Stores the day's first pair unless another request stored one meanwhile, and returns the
 * pair that is stored, so two tabs opening Home together see the same prompts.
 */
export async function insertDailyPair(db: Db, key: DayKey, pair: PromptPair, served: ServedPrompt[], servedAt: string): Promise<PromptPair> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('daily_prompts')
      .values({ user_id: key.userId, timeline_id: key.timelineId, day: key.day, looking_back: pair.lookingBack, looking_forward: pair.lookingForward })
      .onConflict((conflict) => conflict.columns(['user_id', 'timeline_id', 'day']).doNothing())
      .returning(['looking_back', 'looking_forward'])
      .executeTakeFirst();
    if (inserted) {
      await recordServed(trx, key, served, servedAt);
      return pairOf(inserted);
    }
    const stored = await findDailyPair(trx, key);
    if (!stored) throw new Error('The daily prompts row vanished while being stored');
    return stored;
  });
}

/** Stores a refreshed pair in place of the day's pair, if there was one. */
export async function replaceDailyPair(db: Db, key: DayKey, pair: PromptPair, served: ServedPrompt[], servedAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('daily_prompts')
      .values({ user_id: key.userId, timeline_id: key.timelineId, day: key.day, looking_back: pair.lookingBack, looking_forward: pair.lookingForward })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'timeline_id', 'day']).doUpdateSet({ looking_back: pair.lookingBack, looking_forward: pair.lookingForward }),
      )
      .execute();
    await recordServed(trx, key, served, servedAt);
  });
}
