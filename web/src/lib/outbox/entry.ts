// Issue 26 "she presses save, and it gets there": what waits in the outbox, and the pure rules
// of when it is sent again. A create the network refused (no answer, a 5xx, a timeout) or that
// was made offline is kept on the device as its request: the address, the Idempotency-Key and
// the multipart body's parts in order, files included, so sending it later is sending the same
// request again, and the server's key makes it one memory however often it goes.
// Plain TypeScript (limits only): the storyteller's page and the service worker use it too.
import { OUTBOX_VIDEO_UPLOAD_KEPT_MS } from '../../../../common/limits';

/** What is waiting: the wizard's memory, a comment (text or voice), a storyteller's story. */
export type OutboxKind = 'memory' | 'comment' | 'story';

/** One field of the multipart body, in the order the form had it (text fields before files). */
export type OutboxPart = { name: string; value: string } | { name: string; file: Blob; fileName: string };

/**
 * A video goes straight to storage before the memory is created (memories §7), so it waits
 * beside the parts; once uploaded, its address is kept so a later attempt does not send it again.
 */
export interface OutboxVideo {
  file: Blob;
  fileName: string;
  /** The captured frame, sent after the other files (api/memory-form.ts). */
  thumbnail: Blob | null;
  /** The stored video's address, once the direct upload has succeeded, and when. */
  uploadedUrl: string | null;
  uploadedAt: number | null;
}

/** Whether the video's upload may still be named: done, and recent enough not to have been swept. */
export function uploadStillHeld(video: OutboxVideo, now: number): boolean {
  return video.uploadedUrl !== null && video.uploadedAt !== null && now - video.uploadedAt < OUTBOX_VIDEO_UPLOAD_KEPT_MS;
}

/** What a feature hands the outbox. */
export interface OutboxRequest {
  kind: OutboxKind;
  /** Whose it is: the signed-in person's id, or `tell:` and the link's fingerprint. Only its owner's app sends it. */
  owner: string;
  /** The create's address, e.g. `/api/memories`. */
  url: string;
  idempotencyKey: string;
  parts: OutboxPart[];
  video?: OutboxVideo | null;
  /** The words that name it while it waits: the title, or a comment's first words. */
  label: string;
  /** What it belongs to: a comment's memory, a memory's timelines. */
  memoryId?: string | null;
  timelineIds?: string[];
}

const TELL_OWNER_PREFIX = 'tell:';

/** A storyteller's owner: the link's fingerprint (tell/tellDraftStore.ts), as the link is all she has. */
export const tellOwner = (linkFingerprint: string) => `${TELL_OWNER_PREFIX}${linkFingerprint}`;

/** Whether the owner is a storyteller's link rather than a signed-in person. */
export const isTellOwner = (owner: string) => owner.startsWith(TELL_OWNER_PREFIX);

/** Kept in IndexedDB; `sending` is never stored (a tab that dies mid-send leaves it waiting). */
export interface OutboxEntry extends OutboxRequest {
  id: string;
  createdAt: number;
  /** 'refused': the server said no for a reason a resend would not change (shown with its words). */
  state: 'waiting' | 'refused';
  attempts: number;
  /** Not before this instant (ms), after a failed attempt while online. */
  nextAttemptAt: number;
  /** The refusal's status and the server's words, for 'refused'; the last failure's, for 'waiting'. */
  lastStatus: number | null;
  lastMessage: string | null;
  /** Bytes of its files, for the room the device has (storage warning). */
  bytes: number;
}

/** The first wait after a failed attempt while online, and the longest. */
export const OUTBOX_FIRST_RETRY_MS = 5_000;
export const OUTBOX_LONGEST_RETRY_MS = 5 * 60_000;

/**
 * Whether a failed send waits to be sent again (true) or is refused for good (false):
 * no answer (status 0: offline, cut off, timed out), a 5xx, 408 and 429 wait; so does 401,
 * a session that ended on this device, which signing in again mends. Any other 4xx is the
 * request itself refused (a timeline gone, a memory deleted, a file refused): sent again it
 * would be refused again, so it is shown with the server's words instead.
 */
export function waitsAfter(status: number): boolean {
  return status === 0 || status >= 500 || status === 401 || status === 408 || status === 429;
}

/** When to try again after `attempts` failed attempts: 5 s, 10 s, 20 s … at most 5 minutes. */
export function nextAttemptDelay(attempts: number): number {
  return Math.min(OUTBOX_LONGEST_RETRY_MS, OUTBOX_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** The parts of a form built the usual way (api/memory-form.ts, the story form), to be kept. */
export function partsOf(form: FormData): OutboxPart[] {
  const parts: OutboxPart[] = [];
  form.forEach((value, name) => {
    if (typeof value === 'string') parts.push({ name, value });
    else parts.push({ name, file: value, fileName: value.name || 'file' });
  });
  return parts;
}

/** The form again, from its kept parts. */
export function formOf(parts: readonly OutboxPart[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, part.file, part.fileName);
  }
  return form;
}

/** Bytes of the files a request keeps. */
export function bytesOf(request: Pick<OutboxRequest, 'parts' | 'video'>): number {
  const files = request.parts.reduce((sum, part) => sum + ('file' in part ? part.file.size : 0), 0);
  return files + (request.video ? request.video.file.size + (request.video.thumbnail?.size ?? 0) : 0);
}

/** The entries due to be sent now, oldest first. */
export function dueEntries(entries: readonly OutboxEntry[], now: number): OutboxEntry[] {
  return entries.filter((entry) => entry.state === 'waiting' && entry.nextAttemptAt <= now).sort((a, b) => a.createdAt - b.createdAt);
}

/** Under this much room left, or past this share of the quota used, the device is nearly full. */
export const OUTBOX_ROOM_MARGIN_BYTES = 50 * 1024 * 1024;
export const OUTBOX_ROOM_SHARE = 0.8;

/**
 * Whether to warn that waiting memories may soon not fit (issue 26 "say so before it is a
 * problem"): the browser's estimate of what this site uses and may use, the outbox's own bytes
 * counted again in case the estimate lags the last write.
 */
export function isNearlyFull(estimate: { usage?: number; quota?: number }, outboxBytes: number): boolean {
  const { usage = 0, quota } = estimate;
  if (!quota) return false;
  const used = Math.max(usage, outboxBytes);
  return used > quota * OUTBOX_ROOM_SHARE || quota - used < OUTBOX_ROOM_MARGIN_BYTES;
}
