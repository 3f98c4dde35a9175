// Timeline invites as the API shows them (accounts §3 "Timeline invite").
import type { TimelineInvite, TimelineInviteDetails } from '../../common/timelines.js';
import { mediaUrl } from '../../common/memories-rules.js';
import type { InviteRow, OpenInvite } from './invite-queries.js';

export const presentInvite = (invite: Pick<InviteRow, 'id' | 'expires_at'>): TimelineInvite => ({ id: invite.id, expiresAt: invite.expires_at });

/** DESIGN "Who may do what" (Invites): names, colour, description, the inviter's name and avatar; no email. */
export function presentInviteDetails(invite: OpenInvite): TimelineInviteDetails {
  return {
    invite: { id: invite.id, timelineId: invite.timeline_id, expiresAt: invite.expires_at },
    timeline: { id: invite.timeline_id, name: invite.timeline_name, color: invite.timeline_color, description: invite.timeline_description },
    creator: {
      id: invite.created_by,
      displayName: invite.creator_display_name,
      firstName: invite.creator_first_name,
      lastName: invite.creator_last_name,
      profileImageUrl: mediaUrl(invite.creator_profile_image_key),
    },
  };
}
