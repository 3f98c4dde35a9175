// SQL of the family's questions (issue 23; DESIGN "Storytellers (no account)"). Only this
// feature writes the questions table.
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { QuestionsTable } from '../db/schema.js';

export type QuestionRow = Selectable<QuestionsTable>;

/** A question with the parts of its asker's name (common/people displayNameOf). */
export type QuestionWithAsker = QuestionRow & {
  askerDisplayName: string | null;
  askerFirstName: string | null;
  askerLastName: string | null;
  askerEmail: string;
};

function withAsker(db: Db) {
  return db
    .selectFrom('questions')
    .innerJoin('users', 'users.id', 'questions.asked_by')
    .selectAll('questions')
    .select(['users.display_name as askerDisplayName', 'users.first_name as askerFirstName', 'users.last_name as askerLastName', 'users.email as askerEmail']);
}

export async function insertQuestion(db: Db, row: QuestionRow): Promise<void> {
  await db.insertInto('questions').values(row).execute();
}

/** The timeline's questions, oldest first (the index questions_timeline_idx). */
export function questionsOf(db: Db, timelineId: string): Promise<QuestionWithAsker[]> {
  return withAsker(db).where('questions.timeline_id', '=', timelineId).orderBy('questions.created_at').orderBy('questions.id').execute();
}

export function questionById(db: Db, id: string): Promise<QuestionWithAsker | undefined> {
  return withAsker(db).where('questions.id', '=', id).executeTakeFirst();
}

export async function deleteQuestion(db: Db, id: string): Promise<void> {
  await db.deleteFrom('questions').where('id', '=', id).execute();
}

/** Whether `userId` tells stories by link on `timelineId` (the storytellers row names that timeline). */
export async function isStorytellerOf(db: Db, userId: string, timelineId: string): Promise<boolean> {
  const row = await db.selectFrom('storytellers').select('user_id').where('user_id', '=', userId).where('timeline_id', '=', timelineId).executeTakeFirst();
  return row !== undefined;
}

/** The oldest question of the timeline still waiting for `storytellerId`: meant for them or for anyone. */
export function oldestOpenQuestion(db: Db, timelineId: string, storytellerId: string): Promise<QuestionWithAsker | undefined> {
  return withAsker(db)
    .where('questions.timeline_id', '=', timelineId)
    .where('questions.answered_memory_id', 'is', null)
    .where((eb) => eb.or([eb('questions.for_user_id', 'is', null), eb('questions.for_user_id', '=', storytellerId)]))
    .orderBy('questions.created_at')
    .orderBy('questions.id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Marks the question answered by `memoryId` only while it is the timeline's, unanswered and
 * for `storytellerId` or anyone: one conditional statement, so two stories sent at once never
 * both answer it. Answers whether it was marked.
 */
export async function markAnswered(db: Db, answer: { questionId: string; timelineId: string; storytellerId: string; memoryId: string }): Promise<boolean> {
  const result = await db
    .updateTable('questions')
    .set({ answered_memory_id: answer.memoryId })
    .where('id', '=', answer.questionId)
    .where('timeline_id', '=', answer.timelineId)
    .where('answered_memory_id', 'is', null)
    .where((eb) => eb.or([eb('for_user_id', 'is', null), eb('for_user_id', '=', answer.storytellerId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
