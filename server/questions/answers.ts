// The storyteller's side of the family's questions (issue 23; DESIGN "Storytellers (no
// account)"): which question their link shows next, and a story answering one. Called by the
// link's routes (server/storytellers) and the week's reminder (M2), which have already found
// the storyteller by their link, so no access rule of a signed-in member applies here.
import { messages } from '../../common/messages.js';
import { displayNameOf } from '../../common/people.js';
import { iso, type AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as queries from './queries.js';

/** A question as the storyteller sees it: askedBy is the asker's name (common/people's rule). */
export interface NextQuestion {
  id: string;
  text: string;
  askedBy: string;
}

export const askerName = (row: queries.QuestionWithAsker): string =>
  displayNameOf({ displayName: row.askerDisplayName, firstName: row.askerFirstName, lastName: row.askerLastName, email: row.askerEmail });

/** The asker as a link holder and a reminder name them: never by e-mail address, which is not the link's to read. */
const askerNameForLink = (row: queries.QuestionWithAsker): string =>
  displayNameOf({ displayName: row.askerDisplayName, firstName: row.askerFirstName, lastName: row.askerLastName, email: null }, messages.questionAskedByFamily);

/**
 * The oldest unanswered question of the timeline meant for `storytellerId` or for anyone, or
 * null when none waits. Read-only: a GET of the link and a reminder both ask it.
 */
export async function nextQuestionFor(db: Db, who: { timelineId: string; storytellerId: string }): Promise<NextQuestion | null> {
  const row = await queries.oldestOpenQuestion(db, who.timelineId, who.storytellerId);
  return row ? { id: row.id, text: row.text, askedBy: askerNameForLink(row) } : null;
}

/**
 * The text of `questionId` when it is the timeline's and meant for `storytellerId` or for
 * anyone, answered or not: what a story sent in answer to it is titled by. Read-only.
 */
export async function questionTextFor(db: Db, who: { questionId: string; timelineId: string; storytellerId: string }): Promise<string | null> {
  const question = await queries.questionById(db, who.questionId);
  const theirs = question !== undefined && question.timeline_id === who.timelineId && (question.for_user_id === null || question.for_user_id === who.storytellerId);
  return theirs ? question.text : null;
}

/**
 * Marks `questionId` answered by the story `memoryId`, on the caller's transaction (the one
 * that saves the story, so both commit together), and raises `question.answered` (the asker's
 * notification). Answers whether it did: a question answered meanwhile by another storyteller,
 * deleted by its asker, or not theirs is left as it is, and the story is saved all the same,
 * because nothing a storyteller said is ever refused over which question it answered.
 */
export async function answerQuestion(
  trx: Db,
  ctx: Pick<AppContext, 'events' | 'now'>,
  answer: { questionId: string; timelineId: string; storytellerId: string; memoryId: string },
): Promise<boolean> {
  if (!(await queries.markAnswered(trx, answer))) return false;
  const question = (await queries.questionById(trx, answer.questionId))!;
  await ctx.events.emit(
    'question.answered',
    { questionId: question.id, text: question.text, askedBy: question.asked_by, storytellerId: answer.storytellerId, memoryId: answer.memoryId, at: iso(ctx.now()) },
    trx,
  );
  return true;
}
