// Direct-upload tickets (DESIGN "Edge decisions"): the credential of
// PUT /api/upload/direct/{ticket}, as a presigned address is for S3. An HMAC-SHA256 with
// SESSION_SECRET over the uploader, the key and the expiry, so any instance can check a
// ticket another one issued.
//
// The ticket is one path segment, and Fastify refuses path parameters over 100 characters
// (maxParamLength), so it carries only what the server cannot look up: the key's UUID and
// extension and the expiry, packed as bytes. The uploader is not carried but still signed:
// the checker takes it from the key's `uploads` row, so a ticket is worth nothing for
// anyone else's upload.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isMediaKey } from '../providers/storage/index.js';

/** Direct uploads are videos, so a ticket's key is always `videos/{uuid}.{ext}`. */
const FOLDER = 'videos';
const UUID_BYTES = 16;
const EXPIRY_BYTES = 4;
const MAC_BYTES = 32;
/**
 * Mixed into every MAC, so a value signed with the same secret for another purpose (the
 * cookie signatures of @fastify/cookie) can never pass as a ticket.
 */
const PURPOSE = 'heirloom direct upload v1';
const BASE64URL = /^[A-Za-z0-9_-]{1,64}$/;

export interface DirectUploadTicket {
  key: string;
  /** Whole seconds: what the ticket carries. */
  expiresAt: Date;
}

const macOf = (secret: string, userId: string, ticket: DirectUploadTicket) =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${userId}\n${ticket.key}\n${ticket.expiresAt.getTime() / 1000}`).digest();

/** `{uuid, expiry, extension}.{mac}`, both base64url: 76 characters for an `.mp4`. */
export function signTicket(secret: string, userId: string, ticket: DirectUploadTicket): string {
  const match = new RegExp(`^${FOLDER}/([0-9a-f-]{36})\\.([a-z0-9]{2,5})$`).exec(ticket.key);
  const seconds = ticket.expiresAt.getTime() / 1000;
  if (!match || !Number.isInteger(seconds)) throw new Error('A ticket needs a direct-upload key and an expiry in whole seconds');
  const expiry = Buffer.alloc(EXPIRY_BYTES);
  expiry.writeUInt32BE(seconds);
  const payload = Buffer.concat([Buffer.from(match[1]!.replaceAll('-', ''), 'hex'), expiry, Buffer.from(match[2]!)]);
  return `${payload.toString('base64url')}.${macOf(secret, userId, ticket).toString('base64url')}`;
}

/** What a ticket claims, before anything is checked: null when it is not shaped like one. */
export function parseTicket(token: string): (DirectUploadTicket & { mac: Buffer }) | null {
  const [encoded, mac, ...rest] = token.split('.');
  if (!encoded || !mac || rest.length || !BASE64URL.test(encoded) || !BASE64URL.test(mac)) return null;
  const payload = Buffer.from(encoded, 'base64url');
  if (payload.length < UUID_BYTES + EXPIRY_BYTES + 2) return null;
  const hex = payload.subarray(0, UUID_BYTES).toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const key = `${FOLDER}/${uuid}.${payload.subarray(UUID_BYTES + EXPIRY_BYTES).toString('latin1')}`;
  if (!isMediaKey(key)) return null;
  const expiresAt = new Date(payload.readUInt32BE(UUID_BYTES) * 1000);
  return { key, expiresAt, mac: Buffer.from(mac, 'base64url') };
}

/** True when `ticket` was signed with `secret` for `userId` and is still valid at `now`. */
export function ticketHolds(secret: string, ticket: DirectUploadTicket & { mac: Buffer }, userId: string, now: Date): boolean {
  const expected = macOf(secret, userId, ticket);
  // Constant time, so the answer's timing never tells how much of a forged MAC was right.
  const genuine = ticket.mac.length === MAC_BYTES && timingSafeEqual(ticket.mac, expected);
  return genuine && ticket.expiresAt.getTime() > now.getTime();
}
