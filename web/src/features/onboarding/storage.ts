// accounts §3 "Local browser storage flags" that onboarding reads and writes. Storage can be
// unavailable (private modes, blocked cookies): every access is guarded. The invite flags are
// lib/pendingInvites.ts's, written by the invites feature.
import { inviteStorageKeys as inviteKeys, pendingTimelineInvite } from '../../lib/pendingInvites';

export const storageKeys = {
  profileSetupShown: 'profile-setup-shown',
  installShownMobile: 'pwa-install-shown-mobile',
  createdTimelineName: 'createdTimelineName',
  timelineWelcomeShown: 'timeline-welcome-shown',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Nothing to keep it in: onboarding may simply show again next time.
  }
}

export interface OnboardingFlags {
  profileSetupShown: boolean;
  installShown: boolean;
}

export function readOnboardingFlags(): OnboardingFlags {
  return {
    profileSetupShown: read(storageKeys.profileSetupShown) !== null,
    installShown: read(storageKeys.installShownMobile) !== null,
  };
}

export function markProfileSetupShown(): void {
  write(storageKeys.profileSetupShown, 'true');
}

export function markInstallShown(): void {
  write(storageKeys.installShownMobile, 'true');
}

/** After the first timeline exists: the home page's timeline welcome may show again for it. */
export function rememberCreatedTimeline(name: string): void {
  write(storageKeys.createdTimelineName, name);
  write(storageKeys.timelineWelcomeShown, null);
}

/** The shared timeline a visitor was invited to, from what the invite flow stored. */
export function pendingInvitation(): { pending: boolean; timelineName: string | null } {
  const welcome = read(inviteKeys.pendingTimelineWelcome);
  const inviteId = pendingTimelineInvite();
  let timelineName: string | null = null;
  if (welcome) {
    try {
      const parsed = JSON.parse(welcome) as { name?: unknown };
      if (typeof parsed.name === 'string' && parsed.name.trim()) timelineName = parsed.name;
    } catch {
      // Unreadable welcome data still means an invitation.
    }
  }
  return { pending: welcome !== null || inviteId !== null, timelineName };
}
