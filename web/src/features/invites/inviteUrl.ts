// accounts §2 "Add People": the link has the form /timeline-invite/{id} on the app's origin, the
// address of this feature's own landing (TimelineInvitePage), so it is made here.
export const timelineInviteUrl = (inviteId: string) => `${window.location.origin}/timeline-invite/${inviteId}`;
