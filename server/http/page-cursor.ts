// The cursor of every paginated list (common/pages.ts): the (createdAt, id) of the last item
// a page gave, opaque to the client, refused with 400 when it is not one of ours.
import { messages } from '../../common/messages.js';
import type { ListPosition } from '../db/keyset.js';
import { badRequest } from './errors.js';

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): ListPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string')) {
      const [createdAt, id] = parsed as [string, string];
      const instant = Number.isNaN(Date.parse(createdAt)) ? '' : new Date(createdAt).toISOString();
      // Ids are UUIDs and instants lie in years 1 to 9999, where both databases take them.
      if (/^(?!0000)\d{4}-/.test(instant) && /^[A-Za-z0-9-]{1,100}$/.test(id)) return { createdAt: instant, id };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw badRequest(messages.cursorInvalid);
}
