// Issue 26 "she presses save, and it gets there": a comment goes now, or waits on the device.
// Offline, it is kept in the outbox at once (no attempt); online, it is sent as ever, and a
// failure a later send could mend (no answer, a 5xx) keeps it with the key that attempt
// carried, so if the server did take it the outbox's send is answered with that same comment.
// A refusal (a memory deleted meanwhile, a recording refused) is not kept: the composer says
// so and keeps the comment, as before.
import type { Comment } from '../../../../common/comments';
import { messages } from '../../../../common/messages';
import { api, commentForm } from '../../api/endpoints';
import { ApiError } from '../../api/errors';
import { keepInOutbox, partsOf, waitsAfter } from '../../lib/outbox';

/** What a comment is sent with: its text or recording, and the key of the comment being composed (issue 20). */
export interface NewComment {
  content?: string;
  audio?: Blob;
  idempotencyKey: string;
}

/** Sent (the server's comment), or kept in the outbox to be sent by itself. */
export type CommentOutcome = { kept: false; comment: Comment } | { kept: true };

/** The status of a failed send: 0 when no answer came (fetch rejects without one). */
const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/**
 * Sends `comment` on `memoryId`, or keeps it for `owner` (the signed-in person; null keeps
 * nothing). Rejects with the send's error when it was refused, and with OutboxFullError when
 * the device had no room to keep it.
 */
export async function sendComment(memoryId: string, comment: NewComment, owner: string | null): Promise<CommentOutcome> {
  const keep = async (): Promise<CommentOutcome> => {
    await keepInOutbox({
      kind: 'comment',
      owner: owner!,
      url: api.comments.createUrl(memoryId),
      idempotencyKey: comment.idempotencyKey,
      parts: partsOf(commentForm(comment)),
      label: comment.content ?? messages.commentWaitingVoice,
      memoryId,
    });
    return { kept: true };
  };
  if (owner && navigator.onLine === false) return keep();
  try {
    return { kept: false, comment: await api.comments.create(memoryId, comment) };
  } catch (error) {
    if (owner && waitsAfter(statusOf(error))) return keep();
    throw error;
  }
}
