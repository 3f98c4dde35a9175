// A voice comment's words, written by a job once the comment is saved (issue 22; DESIGN "AI":
// "voice comments are transcribed after they are saved"). The comment is already answered;
// its words arrive when the engine has them, and a failure leaves it a recording.
import { queueWords, wordsInRow } from '../audio/index.js';
import type { AppContext } from '../context.js';
import * as queries from './queries.js';

export const commentWords = wordsInRow('comment.words', { begin: queries.beginWords, settle: queries.settleWords });

/**
 * Queues the words of every voice comment saved while no engine was configured (issue 22:
 * `npm run transcribe:missing`, and a start with an engine). Answers how many.
 */
export async function queueMissingCommentWords(ctx: AppContext): Promise<number> {
  const ids = await queries.commentsWithoutWords(ctx.db);
  await ctx.db.transaction().execute(async (trx) => {
    await queries.markQueued(trx, ids);
    for (const id of ids) await queueWords(trx, commentWords.kind, id);
  });
  return ids.length;
}
