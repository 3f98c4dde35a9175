// accounts §2 "Add People": the link has the form /timeline-invite/{id} on the app's origin.
export const timelineInviteUrl = (inviteId: string) => `${window.location.origin}/timeline-invite/${inviteId}`;
