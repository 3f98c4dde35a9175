// The detail view shows each answered follow-up question in a list of its own, with its
// recording (issue 9 "Voice"). The same answers are also stored inside `content` as the
// spec's 'Q: … A: …' blocks (memories §3), so the notes shown leave out each block that the
// list already shows; a block the owner has since edited no longer matches and stays, so
// nothing they wrote is hidden. The stored content is never changed.
import type { FollowUpResponse } from '../../../../../common/memories';
import { followUpBlocks } from '../../../../../common/memories-rules';

export function notesWithoutListedAnswers(content: string, responses: readonly Pick<FollowUpResponse, 'question' | 'answer'>[]): string {
  let notes = content;
  for (const response of responses) {
    const block = followUpBlocks([response]);
    if (!block) continue;
    const at = notes.indexOf(block);
    if (at >= 0) notes = notes.slice(0, at) + notes.slice(at + block.length);
  }
  return notes === content ? content : notes.replace(/\n{3,}/g, '\n\n').trim();
}
