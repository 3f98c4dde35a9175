// A users row as the API shows it (accounts §3 "User").
import { mediaUrl } from '../../common/memories-rules.js';
import type { User } from '../../common/users.js';
import type { UserRow } from '../db/schema.js';
import { isSet } from '../db/flags.js';

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: mediaUrl(row.profile_image_key),
    familyId: row.family_id,
    defaultTimelineId: row.default_timeline_id,
    reminderTime: row.reminder_time,
    notificationsEnabled: isSet(row.notifications_enabled),
    newMemoryNotificationsEnabled: isSet(row.new_memory_notifications_enabled),
    createdAt: row.created_at,
  };
}
