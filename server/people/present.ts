// The person card: a user as every member list, creator and comment author shows them
// (accounts §3 "Member"), used by timelines, families, memories and comments alike.
import { mediaUrl } from '../../common/memories-rules.js';
import type { Member } from '../../common/timelines.js';
import { isSet } from '../db/flags.js';
import type { UserRow } from '../db/schema.js';
import { isReservedEmail } from './reserved-address.js';

export type MemberRow = Pick<UserRow, 'id' | 'display_name' | 'first_name' | 'last_name' | 'email' | 'profile_image_key' | 'is_storyteller'>;

export function presentMember(row: MemberRow): Member {
  return {
    id: row.id,
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    // A reserved address (a storyteller's sign-in name, or an imported person's who came with
    // none) is nobody's, never shown.
    email: isSet(row.is_storyteller) || isReservedEmail(row.email) ? '' : row.email,
    profileImageUrl: mediaUrl(row.profile_image_key),
    isStoryteller: isSet(row.is_storyteller),
  };
}
