// The storyteller's side (DESIGN "Storytellers (no account)"): everything a link may do, and
// nothing else. The link is the credential: each call finds its storyteller first (a token
// unknown, revoked, or of someone no longer on the timeline is 404), and guesses are counted
// against the caller's address (server/auth guess limits).
import type { FastifyRequest } from 'fastify';
import { TELL_GUESS_LIMIT, TELL_GUESS_WINDOW_MS } from '../../common/limits.js';
import { enterPastedTitle, notesWithTitleRest } from '../../common/title-rules.js';
import { messages } from '../../common/messages.js';
import type { FollowUpBody } from '../../common/prompts.js';
import type { TellPage } from '../../common/storytellers.js';
import { guessesUsedUp, recordWrongGuess, type GuessLimit } from '../auth/index.js';
import { iso, type AppContext } from '../context.js';
import { flag } from '../db/flags.js';
import { HttpError, notFound } from '../http/errors.js';
import type { KeyClaim } from '../idempotency/index.js';
import type { FormFields } from '../media/index.js';
import * as memories from '../memories/index.js';
import { askFollowUp, dayIn, drawPrompt, promptLibrary } from '../prompts/index.js';
import * as questions from '../questions/index.js';
import { hashOfToken, isTokenShaped } from './link.js';
import * as queries from './queries.js';

/** The titles the page lists: enough to see what was sent lately. */
const STORIES_SHOWN = 50;
/** The form field naming the question a story answers. */
const QUESTION_ID_FIELD = 'questionId';

const guessLimitOf = (address: string): GuessLimit => ({ key: `tell:${address}`, limit: TELL_GUESS_LIMIT, windowMs: TELL_GUESS_WINDOW_MS });

/**
 * The storyteller `token` opens, for a caller at `address`. 429 once the address has guessed
 * wrong TELL_GUESS_LIMIT times in the window, whatever it sends now, so a right guess then
 * tells it nothing; a good link writes nothing (a GET changes nothing).
 */
export async function openLink(ctx: AppContext, token: string, address: string): Promise<queries.LinkHolder> {
  const limit = guessLimitOf(address);
  if (await guessesUsedUp(ctx, limit)) throw new HttpError(429, messages.tellLinkTooManyGuesses);
  const holder = isTokenShaped(token) ? await queries.findStorytellerByLink(ctx.db, hashOfToken(token)) : undefined;
  if (holder) return holder;
  if (!(await recordWrongGuess(ctx, limit))) throw new HttpError(429, messages.tellLinkTooManyGuesses);
  throw notFound(messages.tellLinkNotFound);
}

/** A looking-back prompt for the storyteller's day, drawn from the library without storing anything. */
function promptOf(ctx: AppContext, holder: queries.LinkHolder): string {
  const day = dayIn(ctx.now(), holder.reminder_tz ?? undefined);
  return drawPrompt({ pool: promptLibrary.lookingBack, served: new Set(), avoid: new Set(), seed: [holder.id, holder.timeline_id, day, 'storyteller'].join('\n') }).prompt;
}

/** GET /api/tell/{token}: all the link may read, and it changes nothing. */
export async function tellPage(ctx: AppContext, holder: queries.LinkHolder): Promise<TellPage> {
  const [question, stories] = await Promise.all([
    questions.nextQuestionFor(ctx.db, { timelineId: holder.timeline_id, storytellerId: holder.id }),
    queries.storiesOf(ctx.db, holder.id, holder.timeline_id, STORIES_SHOWN),
  ]);
  return {
    storyteller: { displayName: holder.display_name ?? '' },
    timeline: { name: holder.timeline_name, color: holder.timeline_color },
    question,
    prompt: promptOf(ctx, holder),
    stories: stories.map((story) => ({ id: story.id, title: story.title, createdAt: story.created_at })),
  };
}

const fieldText = (value: string | string[] | undefined): string => (typeof value === 'string' ? value.trim() : '');

/**
 * POST /api/tell/{token}/memories: the capture form, filed on the link's timeline for every
 * member of it, created by the storyteller, titled by its question (or the day's prompt)
 * when it has no title. A story sent with `questionId` answers that question in the story's
 * own transaction; a question answered meanwhile by another storyteller, or deleted, leaves
 * the story saved all the same (questions' answerQuestion).
 */
export async function tellStory(ctx: AppContext, holder: queries.LinkHolder, request: FastifyRequest, claim: KeyClaim | undefined): Promise<{ id: string }> {
  const creator = await queries.storytellerUser(ctx.db, holder.id);
  let questionId: string | null = null;
  const form = await memories.readMemoryForm(ctx, request, {
    creator,
    async fieldsOf(sent: FormFields) {
      const { [QUESTION_ID_FIELD]: sentQuestionId, ...fields } = sent;
      questionId = fieldText(sentQuestionId) || null;
      const asked = questionId ? await questions.questionTextFor(ctx.db, { questionId, timelineId: holder.timeline_id, storytellerId: holder.id }) : null;
      const sentTitle = fieldText(fields.title);
      // Titled by what she answered; a question past the title's ceiling goes on at the start
      // of the notes, as a pasted title does (common/title-rules.ts), so none of it is lost.
      const { title, rest } = sentTitle ? { title: sentTitle, rest: '' } : enterPastedTitle(asked ?? promptOf(ctx, holder));
      if (rest) fields.content = notesWithTitleRest(rest, fieldText(fields.content));
      // The link decides where and for whom; no direct video (its upload needs a session).
      return { ...fields, title, timelineIds: JSON.stringify([holder.timeline_id]), audience: 'timeline', sharedWith: '', directVideoUrls: [] };
    },
  });
  const memory = await memories.createMemory(ctx, creator, form, claim, async (trx, memoryId) => {
    if (questionId) await questions.answerQuestion(trx, ctx, { questionId, timelineId: holder.timeline_id, storytellerId: holder.id, memoryId });
  });
  return { id: memory.id };
}

/** POST /api/tell/{token}/follow-up: the capture wizard's follow-up engine, counted as the storyteller's. */
export async function tellFollowUp(ctx: AppContext, holder: queries.LinkHolder, body: FollowUpBody, log: FastifyRequest['log']): Promise<string> {
  return askFollowUp({ ctx, chat: ctx.ai.chat, log }, await queries.storytellerUser(ctx.db, holder.id), body);
}

/** POST /api/tell/{token}/unsubscribe (RFC 8058 one-click): no more reminder e-mails until the family sets one again. */
export async function unsubscribe(ctx: AppContext, holder: queries.LinkHolder): Promise<void> {
  await queries.updateStoryteller(ctx.db, holder.id, { reminders_stopped: flag(true), updated_at: iso(ctx.now()) });
}
