// Issue 22 "Every recording gets its words": the words of a recording arrive without a reload.
// A query that holds a recording whose words are on their way asks again every 3 s and stops
// once none is (React Query's refetchInterval as a function of the data). Under e2e's held
// clock the interval simply never fires.
import { wordsOnTheirWay } from '../../../common/audio-rules';
import type { Comment } from '../../../common/comments';
import type { Memory } from '../../../common/memories';

/** How often a query holding words on their way asks again. */
export const WORDS_POLL_MS = 3000;

/** The memory's voice or any spoken answer of it still awaits its words. */
export function memoryAwaitsWords(memory: Pick<Memory, 'transcriptionStatus' | 'followUpResponses'>): boolean {
  return wordsOnTheirWay(memory.transcriptionStatus) || memory.followUpResponses.some((response) => wordsOnTheirWay(response.transcriptionStatus));
}

export function commentAwaitsWords(comment: Pick<Comment, 'transcriptionStatus'>): boolean {
  return wordsOnTheirWay(comment.transcriptionStatus);
}

/** A refetchInterval: every WORDS_POLL_MS while `awaiting` says the data holds words on their way, else none. */
export function pollWhileWordsAwaited<T>(awaiting: (data: T) => boolean) {
  return (query: { state: { data: T | undefined } }): number | false => {
    const data = query.state.data;
    return data !== undefined && awaiting(data) ? WORDS_POLL_MS : false;
  };
}
