// The timing rules of the voice recorder and the typed follow-up question (memories §2, §4,
// §9), kept pure so they can be tested without a browser.
import {
  FOLLOW_UP_TYPING_DELAY_MS,
  FOLLOW_UP_TYPING_MS_PER_CHAR,
  RECORDING_MAX_MS,
  RECORDING_WARNING_MS,
} from '../../../../common/limits';

/**
 * memories §2, §9: the seconds left, shown as a warning in the final 30 s of a recording that
 * stops at `maxMs` (10 minutes); null before that.
 */
export function recordingWarningSeconds(elapsedMs: number, maxMs: number = RECORDING_MAX_MS): number | null {
  const remainingMs = maxMs - elapsedMs;
  if (remainingMs > RECORDING_WARNING_MS) return null;
  return Math.max(0, Math.ceil(remainingMs / 1000));
}

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
