import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** memories §2: a comment's relative time followed by 'ago' ("5 minutes ago"). */
export function commentAge(createdAt: string, now: Date = new Date()): string {
  const date = dayjs(createdAt);
  if (!date.isValid()) return '';
  // A clock a little ahead of the server's still reads "a few seconds ago", never "in …".
  const at = date.isAfter(now) ? dayjs(now) : date;
  return `${at.from(now, true)} ago`;
}
