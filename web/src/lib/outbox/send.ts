// Sending what waits (issue 26): each due entry, oldest first, as the same request it was,
// with its Idempotency-Key, so a send cut off half way and sent again makes one memory. One
// sender per person at a time across tabs (a Web Lock); the others hear of its progress through
// the store's channel. A failure that a later send could mend leaves the entry waiting with a
// growing pause; a refusal leaves it with the server's words, for its owner to see.
import { MEMORY_POST_TIMEOUT_MS } from '../../../../common/limits';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../common/idempotency-rules';
import { dueEntries, formOf, nextAttemptDelay, waitsAfter, type OutboxEntry, type OutboxKind } from './entry';
import { announce, outboxOf, removeEntry, updateEntry } from './store';

/** A failed request: `status` 0 when no answer came. */
export class OutboxSendError extends Error {
  constructor(
    readonly status: number,
    readonly responseText = '',
  ) {
    super(`The send failed with ${status || 'no answer'}`);
  }
}

/**
 * A step before the form for one kind: the memory's video to storage. It answers the entry as
 * it now is (kept by the sender before the form goes, so a later attempt skips what is done);
 * it throws OutboxSendError (or anything: read as no answer) when it fails.
 */
export type PrepareEntry = (entry: OutboxEntry, onProgress: (percent: number) => void) => Promise<OutboxEntry>;

export type PostForm = (url: string, form: FormData, idempotencyKey: string, onProgress: (percent: number) => void) => Promise<string>;

export interface SendOptions {
  prepare?: Partial<Record<OutboxKind, PrepareEntry>>;
  now?: () => number;
  /** How the form goes: postForm, or in tests the same request handed to the server directly. */
  post?: PostForm;
  /** Which entries this sender can send (the service worker leaves a video's upload to a page). */
  canSend?: (entry: OutboxEntry) => boolean;
}

/** One POST of a kept form, with upload progress (fetch has none) and the request's own key. */
export const postForm: PostForm = (url, form, idempotencyKey, onProgress) => {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = MEMORY_POST_TIMEOUT_MS;
    xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(xhr.responseText) : reject(new OutboxSendError(xhr.status, xhr.responseText)));
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new OutboxSendError(0));
    xhr.send(form);
  });
};

const statusOf = (error: unknown) => (error instanceof OutboxSendError ? error.status : 0);

/** The server's `{message}`, when it sent one. */
function serverWords(error: unknown): string | null {
  if (!(error instanceof OutboxSendError) || !error.responseText) return null;
  try {
    const body = JSON.parse(error.responseText) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

const idOf = (responseText: string): string | null => {
  try {
    const body = JSON.parse(responseText) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
};

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Sends one entry: the server took it, it waits for a better moment, or it was refused. */
async function sendEntry(entry: OutboxEntry, options: SendOptions): Promise<'sent' | 'waits' | 'refused'> {
  const now = options.now ?? Date.now;
  const progress = (percent: number | null) => announce({ type: 'progress', id: entry.id, percent });
  try {
    progress(0);
    const prepare = options.prepare?.[entry.kind];
    let ready = entry;
    if (prepare) {
      ready = await prepare(entry, (percent) => progress(Math.round(percent / 2)));
      if (ready !== entry) await updateEntry(entry.id, () => ready);
    }
    const half = prepare && entry.video ? 50 : 0;
    const post = options.post ?? postForm;
    const answer = await post(ready.url, formOf(ready.parts), ready.idempotencyKey, (percent) => progress(half + Math.round((percent * (100 - half)) / 100)));
    await removeEntry(entry.id);
    announce({ type: 'sent', entry: { id: entry.id, kind: entry.kind, owner: entry.owner, memoryId: entry.memoryId, timelineIds: entry.timelineIds }, resourceId: idOf(answer) });
    return 'sent';
  } catch (error) {
    const status = statusOf(error);
    const waits = waitsAfter(status);
    await updateEntry(entry.id, (current) => ({
      ...current,
      state: waits ? 'waiting' : 'refused',
      attempts: current.attempts + 1,
      nextAttemptAt: now() + nextAttemptDelay(current.attempts + 1),
      lastStatus: status,
      lastMessage: serverWords(error),
    }));
    return waits ? 'waits' : 'refused';
  } finally {
    progress(null);
  }
}

const sendingHere = new Set<string>();

/**
 * Sends `owner`'s due entries, one at a time. Nothing happens while another tab (or this one)
 * is already sending them: that sender sends every due entry before it lets go.
 */
export async function sendOutbox(owner: string, options: SendOptions = {}): Promise<void> {
  if (sendingHere.has(owner)) return;
  sendingHere.add(owner);
  try {
    const run = async () => {
      const now = options.now ?? Date.now;
      // Read again after each send: an entry kept meanwhile goes in the same run.
      for (const tried = new Set<string>(); ; ) {
        const next = dueEntries(await outboxOf(owner), now()).find((entry) => !tried.has(entry.id) && (options.canSend?.(entry) ?? true));
        if (!next || isOffline()) return;
        tried.add(next.id);
        // A send that waits says the line is poor now: the rest wait for the next moment too.
        if ((await sendEntry(next, options)) === 'waits') return;
      }
    };
    if (typeof navigator !== 'undefined' && navigator.locks) {
      await navigator.locks.request(`heirloom-outbox:${owner}`, { ifAvailable: true }, async (lock) => (lock ? run() : undefined));
    } else {
      await run();
    }
  } finally {
    sendingHere.delete(owner);
  }
}

/** Sends again at once what a refusal stopped (its owner's "Try again"). */
export async function retryEntry(id: string, owner: string, options: SendOptions = {}): Promise<void> {
  const now = options.now ?? Date.now;
  await updateEntry(id, (entry) => ({ ...entry, state: 'waiting', nextAttemptAt: now() }));
  await sendOutbox(owner, options);
}
