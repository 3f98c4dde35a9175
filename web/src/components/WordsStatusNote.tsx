// Issue 22 "Every recording gets its words": where a recording's words would show, a quiet
// line while a job writes them ('queued', 'working') or when it could not ('failed'), never
// an error. The line sits in a polite live region that stays in place while the words are
// awaited: a poll that brings the same status changes no text, so a screen reader hears the
// line once, and hears it again only when it changes (to 'failed'). Once the words are there
// (or there is no engine) the region is empty and the caller shows the words themselves.
import { Text } from '@mantine/core';
import { wordsOnTheirWay, type TranscriptionStatus } from '../../../common/audio-rules';
import { messages } from '../../../common/messages';

/** The line for a status, or null when there is nothing to say. */
export function wordsStatusLine(status: TranscriptionStatus | undefined): string | null {
  if (!status) return null;
  if (wordsOnTheirWay(status)) return messages.wordsOnTheirWay;
  if (status === 'failed') return messages.wordsFailed;
  return null;
}

export function WordsStatusNote({ status }: { status: TranscriptionStatus | undefined }) {
  const line = wordsStatusLine(status);
  return (
    <div role="status">
      {line && (
        <Text c="dimmed" fs="italic">
          {line}
        </Text>
      )}
    </div>
  );
}
