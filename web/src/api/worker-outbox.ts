// The outbox sent by the service worker (issue 26): Background Sync wakes the worker when the
// connection returns, even when no page of the app is open, and it sends what waits there and
// then. Only what this browser's session may send: a signed-in person's entries when the session
// is theirs (the cookie goes with the request, so another person's entries wait for them), and a
// storyteller's stories, which carry their own link and no cookie. A memory whose video has not
// gone up yet waits for a page, which shows the upload's progress.
import { IDEMPOTENCY_KEY_HEADER } from '../../../common/idempotency-rules';
import { isTellOwner, uploadStillHeld, type OutboxEntry } from '../lib/outbox/entry';
import { OutboxSendError, sendOutbox, type PostForm } from '../lib/outbox/send';
import { outboxOf, outboxOwners } from '../lib/outbox/store';

/** The tell link's own calls go without cookies (api/tell.ts); every other create with them. */
const isLinkCall = (url: string) => url.startsWith('/api/tell/');

const fetchForm: PostForm = async (url, form, idempotencyKey, onProgress) => {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: form,
      credentials: isLinkCall(url) ? 'omit' : 'same-origin',
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    });
  } catch {
    throw new OutboxSendError(0);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new OutboxSendError(response.status, text);
  onProgress(100);
  return text;
};

/** The signed-in person's id for this browser's session, or null. */
async function sessionUserId(): Promise<string | null> {
  try {
    const response = await fetch('/api/auth/user', { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return null;
    const user = (await response.json()) as { id?: unknown };
    return typeof user.id === 'string' ? user.id : null;
  } catch {
    return null;
  }
}

/** Sends what it may; answers whether anything it may send still waits (Background Sync then tries again later). */
export async function sendOutboxFromWorker(): Promise<boolean> {
  const owners = await outboxOwners();
  if (owners.length === 0) return false;
  const userId = owners.some((owner) => !isTellOwner(owner)) ? await sessionUserId() : null;
  const mine = owners.filter((owner) => isTellOwner(owner) || owner === userId);
  // A video not uploaded yet, or uploaded so long ago the server may have swept it, goes up from a page.
  const canSend = (entry: OutboxEntry) => !entry.video || uploadStillHeld(entry.video, Date.now());
  let waiting = false;
  for (const owner of mine) {
    await sendOutbox(owner, { post: fetchForm, canSend });
    waiting ||= (await outboxOf(owner)).some((entry) => entry.state === 'waiting' && canSend(entry));
  }
  return waiting;
}
