// The rules of the family's questions (issue 23; DESIGN "Storytellers (no account)"): the
// members of a question's timeline see it; its asker, while still a member, deletes it.
import type { Db } from '../db/index.js';

function questionsOnTimelinesOf(db: Db, userId: string, questionIds: string[]) {
  return db
    .selectFrom('questions')
    .innerJoin('timeline_members', 'timeline_members.timeline_id', 'questions.timeline_id')
    .select('questions.id')
    .where('timeline_members.user_id', '=', userId)
    .where('questions.id', 'in', questionIds);
}

export async function questionsVisibleTo(db: Db, userId: string, questionIds: string[]): Promise<string[]> {
  return (await questionsOnTimelinesOf(db, userId, questionIds).execute()).map((row) => row.id);
}

export async function questionsAskedBy(db: Db, userId: string, questionIds: string[]): Promise<string[]> {
  return (await questionsOnTimelinesOf(db, userId, questionIds).where('questions.asked_by', '=', userId).execute()).map((row) => row.id);
}
