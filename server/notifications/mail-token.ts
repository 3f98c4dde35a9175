// The one-click unsubscribe of members' mail (issue 23, RFC 8058): the link names the person
// and is signed with the server's secret, so it needs no row of its own, works for as long
// as the mail is kept, and cannot be made for anyone else. Changing SESSION_SECRET ends them.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'heirloom members mail unsubscribe v1';

const signatureOf = (secret: string, userId: string): Buffer => createHmac('sha256', secret).update(`${PURPOSE}\n${userId}`).digest();

/** `{userId}.{HMAC-SHA256 in base64url}`. */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${signatureOf(secret, userId).toString('base64url')}`;
}

/** The user a token was made for, or null when it is not one of this server's. */
export function userOfUnsubscribeToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = signatureOf(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
