// accounts §3 storage flags for invites followed while signed out. Storage can be unavailable
// (private modes, blocked cookies): every access is guarded, and then no invite is pending.
// Three features need them: the invite landings write them, sign-up sends the pending invite
// (REGISTRATION=invite), onboarding waits while one is. Sign-up sits below the landings, which
// reuse its form, so the flags sit below both (issue 21: no circle between features).
import { useSyncExternalStore } from 'react';

export const inviteStorageKeys = {
  pendingInviteId: 'pendingInviteId',
  pendingTimelineInviteId: 'pendingTimelineInviteId',
  pendingTimelineWelcome: 'pendingTimelineWelcome',
} as const;

// Onboarding waits while a timeline invite is pending, so it hears when one is remembered or forgotten.
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function guarded<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function rememberTimelineInvite(inviteId: string): void {
  guarded(() => {
    sessionStorage.setItem(inviteStorageKeys.pendingTimelineInviteId, inviteId);
    localStorage.setItem(inviteStorageKeys.pendingTimelineInviteId, inviteId);
  }, undefined);
  notify();
}

export function pendingTimelineInvite(): string | null {
  return guarded(
    () => sessionStorage.getItem(inviteStorageKeys.pendingTimelineInviteId) ?? localStorage.getItem(inviteStorageKeys.pendingTimelineInviteId),
    null,
  );
}

export function forgetTimelineInvite(): void {
  guarded(() => {
    sessionStorage.removeItem(inviteStorageKeys.pendingTimelineInviteId);
    localStorage.removeItem(inviteStorageKeys.pendingTimelineInviteId);
  }, undefined);
  notify();
}

/** The timeline invite still waiting to be joined, kept current as it is joined or dropped. */
export function usePendingTimelineInvite(): string | null {
  return useSyncExternalStore(subscribe, pendingTimelineInvite);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function storeTimelineWelcome(timeline: { id: string; name: string }): void {
  guarded(() => localStorage.setItem(inviteStorageKeys.pendingTimelineWelcome, JSON.stringify({ id: timeline.id, name: timeline.name })), undefined);
}

export function rememberFamilyInvite(inviteId: string): void {
  guarded(() => sessionStorage.setItem(inviteStorageKeys.pendingInviteId, inviteId), undefined);
}

export function pendingFamilyInvite(): string | null {
  return guarded(() => sessionStorage.getItem(inviteStorageKeys.pendingInviteId), null);
}

export function forgetFamilyInvite(): void {
  guarded(() => sessionStorage.removeItem(inviteStorageKeys.pendingInviteId), undefined);
}

/** The invite a visitor came through, for sign-up on a server with REGISTRATION=invite. */
export function pendingInviteForSignup(): string | undefined {
  return pendingTimelineInvite() ?? pendingFamilyInvite() ?? undefined;
}
