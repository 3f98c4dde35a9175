// Families and family invites as the API shows them (accounts §3).
import type { Family, FamilyInviteDetails } from '../../common/families.js';
import { mediaUrl } from '../../common/memories-rules.js';
import { presentMember, type MemberRow } from '../people/index.js';
import type { FamilyRow, OpenFamilyInvite } from './queries.js';

export function presentFamily(family: FamilyRow, members: MemberRow[]): Family {
  return { id: family.id, name: family.name, createdAt: family.created_at, members: members.map(presentMember) };
}

/** DESIGN "Who may do what" (Invites): the family's name and the inviter's name and avatar; no email. */
export function presentFamilyInvite(invite: OpenFamilyInvite): FamilyInviteDetails {
  return {
    id: invite.id,
    familyId: invite.family_id,
    familyName: invite.family_name,
    expiresAt: invite.expires_at,
    inviter: {
      displayName: invite.inviter_display_name,
      firstName: invite.inviter_first_name,
      profileImageUrl: mediaUrl(invite.inviter_profile_image_key),
    },
  };
}
