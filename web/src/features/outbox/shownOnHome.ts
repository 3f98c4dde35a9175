import type { OutboxEntry } from '../../lib/outbox';

/**
 * What home's waiting list shows: every waiting memory, and a comment refused because its
 * memory is gone (404). Such a comment can no longer show under its memory, and would otherwise
 * sit on the device unseen, never to be removed.
 */
export function shownOnHome(entry: OutboxEntry): boolean {
  return entry.kind === 'memory' || (entry.kind === 'comment' && entry.state === 'refused' && entry.lastStatus === 404);
}
