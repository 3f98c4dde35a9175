// Timelines and their members as the API shows them (accounts §3).
import type { Selectable } from 'kysely';
import type { Member, Timeline } from '../../common/timelines.js';
import type { TimelinesTable, UserRow } from '../db/schema.js';
import { mediaUrl } from '../users/index.js';

export type TimelineRow = Selectable<TimelinesTable>;
export type MemberRow = Pick<UserRow, 'id' | 'display_name' | 'first_name' | 'last_name' | 'email' | 'profile_image_key'>;

/** `isDefault` is the caller's choice (users.default_timeline_id), since any member may pick it. */
export function presentTimeline(row: TimelineRow, callerDefaultTimelineId: string | null): Timeline {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: row.icon,
    isDefault: row.id === callerDefaultTimelineId,
    userId: row.user_id,
    createdAt: row.created_at,
  };
}

export function presentMember(row: MemberRow): Member {
  return {
    id: row.id,
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    profileImageUrl: mediaUrl(row.profile_image_key),
  };
}
