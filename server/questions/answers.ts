// The storyteller's side of the family's questions (issue 23; DESIGN "Storytellers (no
// account)"): which question their link shows next, and a story answering one. Called by the
// link's routes (server/storytellers) and the week's reminder (M2), which have already found
// the storyteller by their link, so no access rule of a signed-in member applies here.
import { messages } from '../../common/messages.js';
import { displayNameOf } from '../../common/people.js';
import { iso, type AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { badRequest } from '../http/errors.js';
import * as queries from './queries.js';

/** A question as the storyteller sees it: askedBy is the asker's name (common/people's rule). */
export interface NextQuestion {
  id: string;
  text: string;
  askedBy: string;
}

export const askerName = (row: queries.QuestionWithAsker): string =>
  displayNameOf({ displayName: row.askerDisplayName, firstName: row.askerFirstName, lastName: row.askerLastName, email: row.askerEmail });

/**
 * The oldest unanswered question of the timeline meant for `storytellerId` or for anyone, or
 * null when none waits. Read-only: a GET of the link and a reminder both ask it.
 */
export async function nextQuestionFor(db: Db, who: { timelineId: string; storytellerId: string }): Promise<NextQuestion | null> {
  const row = await queries.oldestOpenQuestion(db, who.timelineId, who.storytellerId);
  return row ? { id: row.id, text: row.text, askedBy: askerName(row) } : null;
}

/**
 * Marks `questionId` answered by the story `memoryId`, on the caller's transaction (the one
 * that saves the story, so both commit together), and raises `question.answered` (the asker's
 * notification). Refused with 400 when the question is not that timeline's, not for this
 * storyteller, or already answered: the story then is not saved either, and the page can say why.
 */
export async function answerQuestion(
  trx: Db,
  ctx: Pick<AppContext, 'events' | 'now'>,
  answer: { questionId: string; timelineId: string; storytellerId: string; memoryId: string },
): Promise<void> {
  if (!(await queries.markAnswered(trx, answer))) {
    const question = await queries.questionById(trx, answer.questionId);
    const theirs =
      question !== undefined && question.timeline_id === answer.timelineId && (question.for_user_id === null || question.for_user_id === answer.storytellerId);
    throw badRequest(theirs ? messages.questionAlreadyAnswered : messages.questionNotForStoryteller);
  }
  const question = (await queries.questionById(trx, answer.questionId))!;
  await ctx.events.emit(
    'question.answered',
    { questionId: question.id, text: question.text, askedBy: question.asked_by, storytellerId: answer.storytellerId, memoryId: answer.memoryId, at: iso(ctx.now()) },
    trx,
  );
}
