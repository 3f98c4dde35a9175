// Shapes of the timeline, invite, family and prompt calls as the web reads them
// (accounts §3 and §7).
import type { User } from '../../../common/users';

export interface Timeline {
  id: string;
  name: string;
  description: string | null;
  color: string;
  icon: string | null;
  /** True when this is the signed-in user's default timeline. */
  isDefault: boolean;
  userId: string;
  createdAt: string;
}

export interface Member {
  id: string;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
}

export interface InviteLink {
  id: string;
  expiresAt: string;
}

export interface TimelineInviteDetails {
  invite: { id: string; timelineId: string; expiresAt: string } | null;
  timeline: { id: string; name: string; color: string | null; description: string | null } | null;
  creator: { id: string; displayName: string | null; firstName: string | null; lastName: string | null; profileImageUrl: string | null } | null;
}

export interface PendingInviteResult {
  success: boolean;
  message: string;
  timeline?: { id: string; name: string };
  setTimelineWelcome?: boolean;
  redirectTo?: string;
}

export interface FamilyInviteDetails {
  id: string;
  familyId: string;
  familyName: string;
  expiresAt: string;
  inviter: { displayName: string | null; firstName: string | null; profileImageUrl: string | null };
}

export interface Family {
  id: string;
  name: string;
  createdAt: string;
  members: Member[];
}

export interface DailyPrompts {
  lookingBackPrompt: string;
  lookingForwardPrompt: string;
}

export interface NewTimeline {
  name: string;
  color: string;
  description?: string | null;
  icon?: string;
  isDefault?: boolean;
}

export type { User };
