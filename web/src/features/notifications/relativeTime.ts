import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** How long ago a notification arrived, in words: "5 minutes ago" (memories §2). */
export function timeAgo(createdAt: string, now: Date = new Date()): string {
  const date = dayjs(createdAt);
  if (!date.isValid()) return '';
  // A clock a little ahead of the server's still reads "a few seconds ago", never "in …".
  return date.isAfter(now) ? dayjs(now).fromNow() : date.from(now);
}
