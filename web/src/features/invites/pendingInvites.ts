// accounts §3 storage flags for invites followed while signed out.
export const storageKeys = {
  pendingInviteId: 'pendingInviteId',
  pendingTimelineInviteId: 'pendingTimelineInviteId',
  pendingTimelineWelcome: 'pendingTimelineWelcome',
} as const;

export function rememberTimelineInvite(inviteId: string): void {
  sessionStorage.setItem(storageKeys.pendingTimelineInviteId, inviteId);
  localStorage.setItem(storageKeys.pendingTimelineInviteId, inviteId);
}

export function pendingTimelineInvite(): string | null {
  return sessionStorage.getItem(storageKeys.pendingTimelineInviteId) ?? localStorage.getItem(storageKeys.pendingTimelineInviteId);
}

export function forgetTimelineInvite(): void {
  sessionStorage.removeItem(storageKeys.pendingTimelineInviteId);
  localStorage.removeItem(storageKeys.pendingTimelineInviteId);
}

export function storeTimelineWelcome(timeline: { id: string; name: string }): void {
  localStorage.setItem(storageKeys.pendingTimelineWelcome, JSON.stringify({ id: timeline.id, name: timeline.name }));
}
