// Spoken follow-up answers transcribed after the memory is saved (DESIGN "Voice is never
// dropped", "AI"). The wizard saves a spoken answer under a placeholder when it has no words
// for it yet; once a service is configured, the words take the placeholder's place in the
// answer, and in the memory's notes where its "Q: … A: …" block still reads as it was saved.
import { messages } from '../../common/messages.js';
import type { BackgroundTranscriptions } from '../audio/index.js';
import type { AppContext } from '../context.js';
import * as queries from './queries.js';

/** memories §8: the two answers the wizard gives a recording it could not transcribe. */
const PLACEHOLDERS: readonly string[] = [messages.audioAnswerNoTranscription, messages.audioAnswerTranscriptionFailed];

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

/** Starts a background transcription for each answer saved with a recording and a placeholder. */
export function transcribeSpokenAnswers(ctx: Pick<AppContext, 'db'>, transcriptions: BackgroundTranscriptions, memoryId: string, answers: queries.NewFollowUp[]): void {
  for (const answer of answers) {
    if (!answer.audio_key || !PLACEHOLDERS.includes(answer.answer)) continue;
    transcriptions.start({
      audioKey: answer.audio_key,
      save: (text) => saveSpokenAnswer(ctx, memoryId, answer, text),
      about: { memoryId, followUpId: answer.id },
      failure: 'Follow-up answer transcription failed; the answer keeps its recording',
    });
  }
}

async function saveSpokenAnswer(ctx: Pick<AppContext, 'db'>, memoryId: string, answer: queries.NewFollowUp, text: string): Promise<void> {
  // Silence, or words the service could not make out: the placeholder says more than nothing.
  if (!text) return;
  if (!(await queries.setFollowUpAnswer(ctx.db, answer.id, answer.answer, text))) return;
  // Read, replace, and write only if unchanged: another answer's words or the creator's edit
  // may land between the read and the write, and neither may be lost.
  for (let attempt = 0; attempt < CONTENT_ATTEMPTS; attempt++) {
    const content = await queries.contentOf(ctx.db, memoryId);
    if (content === undefined) return;
    const next = replaceFollowUpBlock(content, answer.question, answer.answer, text);
    if (next === null || (await queries.replaceContent(ctx.db, memoryId, content, next))) return;
  }
}
