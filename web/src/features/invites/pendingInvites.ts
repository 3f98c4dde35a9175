// accounts §3 storage flags for invites followed while signed out. Storage can be unavailable
// (private modes, blocked cookies): every access is guarded, and then no invite is pending.
import { useSyncExternalStore } from 'react';

export const storageKeys = {
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
    sessionStorage.setItem(storageKeys.pendingTimelineInviteId, inviteId);
    localStorage.setItem(storageKeys.pendingTimelineInviteId, inviteId);
  }, undefined);
  notify();
}

export function pendingTimelineInvite(): string | null {
  return guarded(
    () => sessionStorage.getItem(storageKeys.pendingTimelineInviteId) ?? localStorage.getItem(storageKeys.pendingTimelineInviteId),
    null,
  );
}

export function forgetTimelineInvite(): void {
  guarded(() => {
    sessionStorage.removeItem(storageKeys.pendingTimelineInviteId);
    localStorage.removeItem(storageKeys.pendingTimelineInviteId);
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
  guarded(() => localStorage.setItem(storageKeys.pendingTimelineWelcome, JSON.stringify({ id: timeline.id, name: timeline.name })), undefined);
}

export function rememberFamilyInvite(inviteId: string): void {
  guarded(() => sessionStorage.setItem(storageKeys.pendingInviteId, inviteId), undefined);
}

export function pendingFamilyInvite(): string | null {
  return guarded(() => sessionStorage.getItem(storageKeys.pendingInviteId), null);
}

export function forgetFamilyInvite(): void {
  guarded(() => sessionStorage.removeItem(storageKeys.pendingInviteId), undefined);
}

/** The invite a visitor came through, for sign-up on a server with REGISTRATION=invite. */
export function pendingInviteForSignup(): string | undefined {
  return pendingTimelineInvite() ?? pendingFamilyInvite() ?? undefined;
}
