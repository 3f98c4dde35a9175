import { messages } from '../../../../common/messages';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Issue 20: an invite's life in words beside its link, from the answer's expiresAt (DESIGN
 * INVITE_TTL_HOURS, 48 by default): whole hours, rounded, so a link made a moment ago reads
 * "Expires in 48 hours"; minutes in its last hour.
 */
export function expiresInWords(expiresAt: string, now: number = Date.now()): string {
  const left = new Date(expiresAt).getTime() - now;
  if (!Number.isFinite(left) || left <= 0) return messages.inviteExpired;
  if (left >= HOUR_MS - MINUTE_MS / 2) return messages.inviteExpiresInHours(Math.max(1, Math.round(left / HOUR_MS)));
  return messages.inviteExpiresInMinutes(Math.max(1, Math.round(left / MINUTE_MS)));
}
