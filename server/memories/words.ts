// The words of a memory's recordings, written by a job once the memory is saved (issue 22
// "Every recording gets its words"; DESIGN "Voice is never dropped", "Words for every voice"):
// the memory's own voice, when it was saved without words (no engine answered in time, or
// none was configured then), and each spoken follow-up answer saved under one of the wizard's
// placeholders. A spoken answer's words also take the placeholder's place in the notes'
// "Q: … A: …" block, where that block still reads as it was saved.
import { messages } from '../../common/messages.js';
import { queueWords, wordsInRow, type WordsTarget } from '../audio/index.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as queries from './queries.js';

/** memories §8: the two answers the wizard gives a recording it has no words for. */
const PLACEHOLDERS: readonly string[] = [messages.audioAnswerNoTranscription, messages.audioAnswerTranscriptionFailed];

export const isPlaceholderAnswer = (answer: string) => PLACEHOLDERS.includes(answer);

/** A memory edited again and again while its words arrive is left as it is after a few tries. */
const CONTENT_ATTEMPTS = 5;

/** memories §3: a follow-up block as the wizard appends it to the notes. */
export const followUpBlock = (question: string, answer: string) => `Q: ${question}\nA: ${answer}`;

/**
 * `content` with the first whole block "Q: {question}\nA: {placeholder}" (a block of its own
 * lines, not the start of a longer answer) turned into one with `answer`; null when there is
 * no such block any more (the notes were edited).
 */
export function replaceFollowUpBlock(content: string, question: string, placeholder: string, answer: string): string | null {
  const block = followUpBlock(question, placeholder);
  for (let at = content.indexOf(block); at >= 0; at = content.indexOf(block, at + 1)) {
    const end = at + block.length;
    const startsLine = at === 0 || content[at - 1] === '\n';
    const endsLine = end === content.length || content[end] === '\n';
    if (startsLine && endsLine) return content.slice(0, at) + followUpBlock(question, answer) + content.slice(end);
  }
  return null;
}

/** The memory's own voice. */
export const memoryWords = wordsInRow('memory.words', { begin: queries.beginMemoryWords, settle: queries.settleMemoryWords });

/** A spoken follow-up answer: its words go in the answer and in its block of the notes. */
export const answerWords: WordsTarget = {
  kind: 'follow-up.words',
  async begin(ctx, id) {
    const audioKey = await queries.beginAnswerWords(ctx.db, id);
    return audioKey ? { audioKey } : null;
  },
  async save(ctx, id, words) {
    const answer = await queries.spokenAnswer(ctx.db, id);
    if (!answer) return;
    // Silence, or words the engine could not make out: the placeholder says more than nothing.
    if (!words || !isPlaceholderAnswer(answer.answer)) {
      await queries.settleAnswerWords(ctx.db, id, { status: 'done' });
      return;
    }
    if (!(await queries.settleAnswerWords(ctx.db, id, { words, status: 'done' }))) return;
    await replaceInNotes(ctx.db, answer.memory_id, answer.question, answer.answer, words);
  },
  async fail(ctx, id) {
    await queries.settleAnswerWords(ctx.db, id, { status: 'failed' });
  },
};

/**
 * Read, replace, and write only if unchanged: another answer's words or the creator's edit may
 * land between the read and the write, and neither may be lost.
 */
async function replaceInNotes(db: Db, memoryId: string, question: string, placeholder: string, words: string): Promise<void> {
  for (let attempt = 0; attempt < CONTENT_ATTEMPTS; attempt++) {
    const content = await queries.contentOf(db, memoryId);
    if (content === undefined) return;
    const next = replaceFollowUpBlock(content, question, placeholder, words);
    if (next === null || (await queries.replaceContent(db, memoryId, content, next))) return;
  }
}

/** In the memory's transaction: the jobs of its recordings saved as 'queued' (service.ts decides which). */
export async function queueRecordingWords(db: Db, queued: { memoryId: string | null; answerIds: string[] }): Promise<void> {
  if (queued.memoryId) await queueWords(db, memoryWords.kind, queued.memoryId);
  for (const id of queued.answerIds) await queueWords(db, answerWords.kind, id);
}

/**
 * Queues the words of every memory voice and spoken answer saved while no engine was
 * configured (issue 22: `npm run transcribe:missing`, and a start with an engine). Answers how many.
 */
export async function queueMissingMemoryWords(ctx: AppContext): Promise<number> {
  const missing = await queries.recordingsWithoutWords(ctx.db);
  await ctx.db.transaction().execute(async (trx) => {
    await queries.markWordsQueued(trx, missing);
    for (const id of missing.memories) await queueWords(trx, memoryWords.kind, id);
    for (const id of missing.answers) await queueWords(trx, answerWords.kind, id);
  });
  return missing.memories.length + missing.answers.length;
}
