// The timing rules of the voice recorder and the typed follow-up question (memories §2, §4,
// §9), kept pure so they can be tested without a browser.
import { FOLLOW_UP_TYPING_DELAY_MS, FOLLOW_UP_TYPING_MS_PER_CHAR } from '../../../../common/limits';

// The upload name of a recording lives with the uploads (api/upload.ts).
export { recordingFileName } from '../../api/upload';

/**
 * memories §4, §9: how many characters of the follow-up question show `elapsedMs` after it
 * arrived: none for the first 300 ms, then one more every 25 ms.
 */
export function typedQuestionLength(elapsedMs: number, length: number): number {
  const typingMs = elapsedMs - FOLLOW_UP_TYPING_DELAY_MS;
  if (typingMs <= 0) return 0;
  return Math.min(length, Math.floor(typingMs / FOLLOW_UP_TYPING_MS_PER_CHAR));
}
