// Issue 26: whether a failed save may wait in the outbox reads the answer's status, wherever
// the failure wrapped it: the memory's POST (UploadError), a JSON call (ApiError), fetch with no
// answer at all (TypeError), the video's direct upload (an Error whose cause is one of those).
import { ApiError, UploadError } from '../../api/errors';
import { OutboxSendError } from '../../lib/outbox';

/** The status of a failed call, 0 when no answer came; null when it was no call's failure. */
export function failureStatus(error: unknown): number | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (current instanceof UploadError || current instanceof ApiError || current instanceof OutboxSendError) return current.status;
    // fetch rejects with a TypeError, and only then, when no answer came.
    if (current instanceof TypeError) return 0;
  }
  return null;
}
