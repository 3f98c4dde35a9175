// SQL of the AI calls' limits: one `ai_calls` row per call that reached a service.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';

export interface AiCallKey {
  userId: string;
  kind: string;
}

/** Records a call; answers its id, so a refused call can take itself back. */
export async function recordCall(db: Db, { userId, kind }: AiCallKey, at: string): Promise<string> {
  const id = randomUUID();
  await db.insertInto('ai_calls').values({ id, user_id: userId, kind, called_at: at }).execute();
  return id;
}

/** How many calls `userId` made of `kind` after `since`, and when the earliest of them was. */
export async function countCalls(db: Db, { userId, kind }: AiCallKey, since: string): Promise<{ calls: number; earliest: string | null }> {
  const row = await db
    .selectFrom('ai_calls')
    .select((eb) => [eb.fn.countAll<number | string>().as('calls'), eb.fn.min('called_at').as('earliest')])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('called_at', '>', since)
    .executeTakeFirstOrThrow();
  return { calls: Number(row.calls), earliest: row.earliest === null ? null : String(row.earliest) };
}

export async function deleteCall(db: Db, id: string): Promise<void> {
  await db.deleteFrom('ai_calls').where('id', '=', id).execute();
}

/** Forgets the calls of `userId` and `kind` that have left the window. */
export async function deleteCallsBefore(db: Db, { userId, kind }: AiCallKey, before: string): Promise<void> {
  await db.deleteFrom('ai_calls').where('user_id', '=', userId).where('kind', '=', kind).where('called_at', '<=', before).execute();
}
