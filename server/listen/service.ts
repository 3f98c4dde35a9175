// What a listen code opens (DESIGN "The family book (PDF)"): a memory's title, day, teller and
// recordings, for whoever holds the printed code, with no account; and the creator's "Stop listen
// codes". The code is the credential: each call finds its memory first (an unknown or stopped
// code is 404), and wrong codes count against the caller's address (server/auth guess limits).
import { TELL_GUESS_LIMIT, TELL_GUESS_WINDOW_MS } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { ListenPage } from '../../common/books.js';
import { displayNameOf } from '../../common/people.js';
import { requireAccess, type Actor } from '../access/index.js';
import { guessesUsedUp, recordWrongGuess, type GuessLimit } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { HttpError, notFound } from '../http/errors.js';
import { readStoredMedia, type MediaConditions, type MediaReply } from '../media/index.js';
import { hashOfCode, isCodeShaped } from './codes.js';
import * as queries from './queries.js';

/**
 * Wrong codes from one address: DESIGN gives listen codes no numbers of their own, so the tell
 * link's are used (20 in 10 minutes), under a key of their own, so a family scanning a book and
 * a storyteller on the same home connection never spend each other's tries.
 */
const guessLimitOf = (address: string): GuessLimit => ({ key: `listen:${address}`, limit: TELL_GUESS_LIMIT, windowMs: TELL_GUESS_WINDOW_MS });

export interface OpenedCode {
  token: string;
  memory: queries.CodedMemory;
}

/**
 * The memory `token` plays, for a caller at `address`. 429 once the address has tried
 * TELL_GUESS_LIMIT wrong codes in the window, whatever it sends now (a right guess then tells it
 * nothing); a good code writes nothing.
 */
export async function openCode(ctx: AppContext, token: string, address: string): Promise<OpenedCode> {
  const limit = guessLimitOf(address);
  if (await guessesUsedUp(ctx, limit)) throw new HttpError(429, messages.listenTooManyGuesses);
  const memory = isCodeShaped(token) ? await queries.memoryOfCode(ctx.db, hashOfCode(token)) : undefined;
  if (memory) return { token, memory };
  if (!(await recordWrongGuess(ctx, limit))) throw new HttpError(429, messages.listenTooManyGuesses);
  throw notFound(messages.listenLinkNotFound);
}

interface Recording {
  label: string;
  key: string;
}

/** The memory's voice, then each spoken follow-up answer labelled by its question, in order. */
async function recordingsOf(ctx: AppContext, memory: queries.CodedMemory): Promise<Recording[]> {
  const answers = await queries.spokenAnswersOf(ctx.db, memory.id);
  return [
    ...(memory.audio_key ? [{ label: messages.listenStoryLabel, key: memory.audio_key }] : []),
    ...answers.map((answer) => ({ label: answer.question, key: answer.audio_key })),
  ];
}

/**
 * The teller as every screen names a person (common/people.ts), but never by e-mail: the code
 * is printed in a book anyone may pick up.
 */
const tellerOf = (memory: queries.CodedMemory): string =>
  displayNameOf({ displayName: memory.display_name, firstName: memory.first_name, lastName: memory.last_name }, messages.listenUnnamedTeller);

/** Where recording `index` of a code plays: under the code, so stopping the code stops it too. */
export const recordingPath = (token: string, index: number): string => `/api/listen/${token}/recordings/${index}`;

/** GET /api/listen/{token}: all a code shows, and nothing else of the memory. */
export async function listenPage(ctx: AppContext, { token, memory }: OpenedCode): Promise<ListenPage> {
  const recordings = await recordingsOf(ctx, memory);
  return {
    title: memory.title,
    createdAt: memory.created_at,
    storyteller: { displayName: tellerOf(memory) },
    recordings: recordings.map((recording, index) => ({ label: recording.label, url: recordingPath(token, index) })),
  };
}

/** GET /api/listen/{token}/recordings/{n}: the bytes of the code's n-th recording, as /uploads serves them, Range included. */
export async function recording(ctx: AppContext, opened: OpenedCode, index: number, conditions: MediaConditions): Promise<MediaReply> {
  const wanted = (await recordingsOf(ctx, opened.memory))[index];
  if (!wanted) throw notFound(messages.notFound);
  // Through the app even on S3: a presigned address would outlive a stop by minutes.
  return readStoredMedia(ctx, wanted.key, conditions, { throughApp: true });
}

/** DELETE /api/memories/{id}/listen-links: its creator stops every code printed so far; a book made later mints a new one. */
export async function stopListenCodes(ctx: AppContext, actor: Actor, memoryId: string): Promise<void> {
  await requireAccess(ctx.db, actor, 'memory.stopListenCodes', [memoryId]);
  await queries.deleteCodesOf(ctx.db, memoryId);
}
