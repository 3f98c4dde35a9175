// Invites (accounts §2 invite landings, §4 invite flows): what other features may use.
export { InviteLinkPanel } from './InviteLinkPanel';
export { TimelineInviteLink } from './TimelineInviteLink';
export { useCreateInviteLink } from './useCreateInviteLink';
