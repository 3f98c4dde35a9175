// Invites (accounts §2 invite landings, §4 invite flows): what other features may use.
export {
  forgetTimelineInvite,
  pendingInviteForSignup,
  pendingTimelineInvite,
  storageKeys as inviteStorageKeys,
  usePendingTimelineInvite,
} from './pendingInvites';
