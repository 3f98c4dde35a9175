// accounts §4 "Onboarding for a signed-in user": which screen comes next, as a pure rule.

export type OnboardingScreen = 'profile' | 'timeline' | 'install';

export interface OnboardingFacts {
  hasDisplayName: boolean;
  profileSetupShown: boolean;
  /** Null when the timeline list could not be read: rules that need it do not apply. */
  timelineCount: number | null;
  /** A timeline invite followed while signed out is still being joined: its timeline is on its way. */
  invitePending: boolean;
  isMobile: boolean;
  isStandalone: boolean;
  installShown: boolean;
}

export function nextOnboardingScreen(facts: OnboardingFacts): OnboardingScreen | null {
  // No display name and profile setup never shown: profile setup, step 1.
  if (!facts.hasDisplayName && !facts.profileSetupShown) return 'profile';
  // Profile setup shown (or made needless by a display name given at sign-up, issue 9 "First
  // run") but still no timeline: setup again, for timeline creation (step 2). Not while an
  // invite is being joined, which brings a timeline of its own.
  if ((facts.profileSetupShown || facts.hasDisplayName) && facts.timelineCount === 0 && !facts.invitePending) return 'timeline';
  // A phone, not yet installed, never offered, set up and with a timeline: the install screen.
  if (
    facts.isMobile &&
    !facts.isStandalone &&
    !facts.installShown &&
    facts.profileSetupShown &&
    facts.timelineCount !== null &&
    facts.timelineCount >= 1
  ) {
    return 'install';
  }
  return null;
}
