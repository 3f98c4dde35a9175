// The rules of the family's questions (issue 23; DESIGN "Storytellers (no account)"): the
// members of a timeline ask its storytellers, see its questions in the order asked, and the
// asker alone takes one back. Access first (server/access), then the row.
import { randomUUID } from 'node:crypto';
import { messages } from '../../common/messages.js';
import type { AskQuestionBody, Question } from '../../common/storytellers.js';
import { checkAccess, mayAskQuestions, questionAbilities, requireAccess } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, forbidden } from '../http/errors.js';
import { askerName } from './answers.js';
import * as queries from './queries.js';

/**
 * A story that answered a question shows as such to every member; which story only to one who
 * may view it (the memory-view rule). Stories by link are filed for the whole timeline, so
 * members see them, but a story whose audience was narrowed since never leaks its id.
 */
async function present(ctx: AppContext, viewer: UserRow, rows: queries.QuestionWithAsker[]): Promise<Question[]> {
  const answers = rows.flatMap((row) => (row.answered_memory_id ? [row.answered_memory_id] : []));
  const viewable = await checkAccess(ctx.db, viewer, 'memory.read', answers);
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    askedBy: { id: row.asked_by, displayName: askerName(row) },
    forUserId: row.for_user_id,
    createdAt: row.created_at,
    answeredMemoryId: row.answered_memory_id && viewable.has(row.answered_memory_id) ? row.answered_memory_id : null,
    abilities: questionAbilities(viewer.id, row),
  }));
}

/**
 * POST /api/timelines/{id}/questions: a member who is not a storyteller asks (outsiders 404);
 * `forUserId`, when given, is a storyteller of this timeline (400 otherwise).
 */
export async function askQuestion(ctx: AppContext, asker: UserRow, timelineId: string, body: AskQuestionBody): Promise<Question> {
  await requireAccess(ctx.db, asker, 'timeline.read', [timelineId]);
  if (!mayAskQuestions(asker)) throw forbidden(messages.questionStorytellerCannotAsk);
  const forUserId = body.forUserId ?? null;
  if (forUserId !== null && !(await queries.isStorytellerOf(ctx.db, forUserId, timelineId))) throw badRequest(messages.questionForInvalid);
  const id = randomUUID();
  await queries.insertQuestion(ctx.db, {
    id,
    timeline_id: timelineId,
    asked_by: asker.id,
    for_user_id: forUserId,
    text: body.text,
    answered_memory_id: null,
    created_at: iso(ctx.now()),
  });
  return (await present(ctx, asker, [(await queries.questionById(ctx.db, id))!]))[0]!;
}

/** GET /api/timelines/{id}/questions: members only, oldest first. */
export async function listQuestions(ctx: AppContext, viewer: UserRow, timelineId: string): Promise<Question[]> {
  await requireAccess(ctx.db, viewer, 'timeline.read', [timelineId]);
  return present(ctx, viewer, await queries.questionsOf(ctx.db, timelineId));
}

/** DELETE /api/questions/{id}: its asker only (other members 403, outsiders 404). */
export async function deleteQuestion(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await requireAccess(ctx.db, user, 'question.delete', [id]);
  await queries.deleteQuestion(ctx.db, id);
}
