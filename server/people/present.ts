// The person card: a user as every member list, creator and comment author shows them
// (accounts §3 "Member"), used by timelines, families, memories and comments alike.
import { mediaUrl } from '../../common/memories-rules.js';
import type { Member } from '../../common/timelines.js';
import { isSet } from '../db/flags.js';
import type { UserRow } from '../db/schema.js';

export type MemberRow = Pick<UserRow, 'id' | 'display_name' | 'first_name' | 'last_name' | 'email' | 'profile_image_key' | 'is_storyteller'>;

export function presentMember(row: MemberRow): Member {
  return {
    id: row.id,
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    // A storyteller's users.email is a reserved sign-in name, never shown (migration 0016).
    email: isSet(row.is_storyteller) ? '' : row.email,
    profileImageUrl: mediaUrl(row.profile_image_key),
    isStoryteller: isSet(row.is_storyteller),
  };
}
