// Invites (accounts §2 invite landings, §4 invite flows): what other features may use.
export { InviteLinkPanel } from './InviteLinkPanel';
export {
  forgetTimelineInvite,
  pendingInviteForSignup,
  pendingTimelineInvite,
  storageKeys as inviteStorageKeys,
  usePendingTimelineInvite,
} from './pendingInvites';
export { TimelineInviteLink } from './TimelineInviteLink';
export { useCreateInviteLink } from './useCreateInviteLink';
