// Shapes the web reads, taken from the shared schemas in common/.
import type { TimelineInviteDetails as InviteDetails } from '../../../common/timelines';

export type { Family, FamilyInviteDetails } from '../../../common/families';
export type { DailyPrompts } from '../../../common/prompts';
export type {
  AcceptedTimelineInvite,
  CreateTimelineBody as NewTimeline,
  Member,
  ProcessedTimelineInvite as PendingInviteResult,
  Timeline,
  TimelineInvite as InviteLink,
  TimelineMember,
} from '../../../common/timelines';
export type { User } from '../../../common/users';

/** accounts §2: the invite page copes with an answer that lacks any of its three parts. */
export type TimelineInviteDetails = { [Part in keyof InviteDetails]: InviteDetails[Part] | null };
