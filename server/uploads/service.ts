// Direct video uploads (memories §7, DESIGN "Edge decisions"): the client asks for an
// address, sends the video there itself (S3 with a signed POST form capped at 250 MB, or this
// server with a ticket), and later names finalUrl in directVideoUrls; the memory then moves
// the file to a key of its own (memories/direct-videos.ts), out of the address's reach.
import type { Readable, Transform } from 'node:stream';
import { DIRECT_UPLOAD_TTL_MS, MEMORY_VIDEO_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import {
  bareMimeType,
  DIRECT_UPLOAD_VIDEO_TYPES,
  directUploadTypeOfKey,
  isDirectUploadVideoType,
  type PresignedUrl,
  type PresignedUrlBody,
} from '../../common/uploads.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, conflict, forbidden, HttpError } from '../http/errors.js';
import { isMediaKey, newMediaKey } from '../providers/storage/index.js';
import * as queries from './queries.js';
import { parseTicket, signTicket, ticketHolds } from './tickets.js';
import { videoGate, videoTooLarge } from '../media/index.js';

/** An upload no memory has claimed after a day was abandoned (a closed tab, a failed save). */
export const STALE_UPLOAD_MS = 24 * 60 * 60_000;
/** Enough to keep up with any family's uploads, little enough to ride along a request. */
const SWEEP_BATCH = 50;

/** POST /api/upload/presigned-url. */
export async function issueDirectUpload(ctx: AppContext, user: UserRow, body: PresignedUrlBody): Promise<PresignedUrl> {
  const contentType = bareMimeType(body.mimeType);
  // DESIGN "Edge decisions": the presigned flow takes video types only.
  if (!isDirectUploadVideoType(contentType)) throw badRequest(messages.videoTypeRefused);

  // Opportunistic: whoever starts an upload clears what earlier ones left behind. A failure
  // here must not cost this upload; the next request sweeps again.
  await sweepStaleUploads(ctx).catch(() => undefined);

  // The key is the server's own (random, no user text); fileName is not used beyond the check.
  const key = newMediaKey('videos', DIRECT_UPLOAD_VIDEO_TYPES[contentType]);
  const now = ctx.now();
  // Whole seconds, as the ticket carries it.
  const expiresAt = new Date(Math.floor((now.getTime() + DIRECT_UPLOAD_TTL_MS) / 1000) * 1000);
  await queries.insertUpload(ctx.db, { storage_key: key, owner_id: user.id, created_at: iso(now), attached_at: null });

  const finalUrl = `/uploads/${key}`;
  if (ctx.media.presignedPost) {
    // issue 19: S3 itself refuses a file over 250 MB (DESIGN "Media") or of another type.
    const post = await ctx.media.presignedPost(key, { contentType, maxBytes: MEMORY_VIDEO_MAX_BYTES, expiresIn: DIRECT_UPLOAD_TTL_MS / 1000 });
    return { uploadUrl: post.url, method: 'POST', fields: post.fields, finalUrl, key, expiresAt: iso(expiresAt), contentType };
  }
  const uploadUrl = `/api/upload/direct/${signTicket(ctx.config.sessionSecret, user.id, { key, expiresAt })}`;
  return { uploadUrl, method: 'PUT', fields: {}, finalUrl, key, expiresAt: iso(expiresAt), contentType };
}

export interface DirectUploadBody {
  contentType: string | undefined;
  contentLength: string | undefined;
  /** The raw request body; anything else (a parsed JSON body) is no video. */
  body: unknown;
}

/**
 * PUT /api/upload/direct/{ticket}: the ticket is the credential, checked before a byte is
 * stored. The bytes stream through the video check into the store; on any refusal nothing
 * is left under the key (an earlier complete upload to it stays as it was).
 */
export async function receiveDirectUpload(ctx: AppContext, token: string, upload: DirectUploadBody): Promise<void> {
  const ticket = parseTicket(token);
  const row = ticket && (await queries.findUpload(ctx.db, ticket.key));
  // Forged, expired, swept, or for someone else's upload: all the same refusal, and nothing
  // about the key is told before the MAC holds.
  if (!ticket || !row || !ticketHolds(ctx.config.sessionSecret, ticket, row.owner_id, ctx.now())) {
    throw forbidden(messages.directUploadTicketInvalid);
  }
  // A memory that takes an upload moves its file and removes its row (issue 19), so such a
  // ticket is refused above; a row attached before that change still names the memory's file.
  if (row.attached_at) throw conflict(messages.directUploadAttached);

  const declared = directUploadTypeOfKey(ticket.key);
  if (!declared) throw forbidden(messages.directUploadTicketInvalid);
  if (!upload.contentType || bareMimeType(upload.contentType) !== declared || !isReadable(upload.body)) {
    throw new HttpError(415, messages.directUploadTypeMismatch(declared));
  }
  const gate = videoGate(declared);
  // An honest Content-Length over the limit is refused before a byte is read.
  if (Number(upload.contentLength) > gate.maxBytes) throw videoTooLarge();

  feed(upload.body, gate);
  await ctx.media.put(ticket.key, gate, { contentType: declared });
}

/**
 * Deletes uploads no memory attached within a day: the rows first, then their files, so a
 * failure leaves at worst an orphan file, never a row naming a missing one. Returns how
 * many it removed.
 */
export async function sweepStaleUploads(ctx: AppContext): Promise<number> {
  const before = iso(new Date(ctx.now().getTime() - STALE_UPLOAD_MS));
  const candidates = await queries.staleUploadKeys(ctx.db, before, SWEEP_BATCH);
  const deleted = await queries.deleteStaleUploads(ctx.db, candidates, before);
  await Promise.all(deleted.filter(isMediaKey).map((key) => ctx.media.delete(key).catch(() => undefined)));
  return deleted.length;
}

const isReadable = (body: unknown): body is Readable => typeof (body as Readable | null)?.pipe === 'function';

/**
 * Pipes the request into the gate without `pipeline`: a refusal from the gate must not
 * destroy the request (that would reset the connection under the 413); the route drains
 * the rest instead. A client that goes away still fails the store's write.
 */
function feed(source: Readable, gate: Transform): void {
  // The store starts reading the gate a few awaits later (a folder made, a file opened); a
  // refusal before then must not be an unhandled 'error'. The store still sees it, since
  // the gate stays destroyed with it.
  gate.on('error', () => undefined);
  source.once('error', (error) => gate.destroy(error));
  source.once('close', () => {
    if (!source.readableEnded) gate.destroy(new Error('The upload ended before its last byte'));
  });
  source.pipe(gate);
}
