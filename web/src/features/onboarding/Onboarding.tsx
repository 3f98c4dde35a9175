// accounts §4 "Onboarding for a signed-in user", mounted once in the signed-in layout. It only
// decides; the screens themselves load when they are due.
import { Suspense, useEffect, useState } from 'react';
import { lazyLoaded } from '../../lib/lazyLoaded';
import { useLocation } from 'react-router';
import { ONBOARDING_DELAY_MS, ONBOARDING_FOLLOW_UP_DELAY_MS } from '../../../../common/limits';
import type { User } from '../../../../common/users';
import { usePendingTimelineInvite } from '../../lib/pendingInvites';
import { useTimelines } from '../timelines';
import { nextOnboardingScreen, type OnboardingScreen } from './decide';
import { isMobileDevice, isStandalone } from './device';
import './installPrompt';
import { markInstallShown, markProfileSetupShown, readOnboardingFlags } from './storage';

const ProfileSetupDialog = lazyLoaded(() => import('./ProfileSetupDialog').then((module) => module.ProfileSetupDialog));
const InstallDialog = lazyLoaded(() => import('./InstallDialog').then((module) => module.InstallDialog));

export function Onboarding({ user }: { user: User }) {
  const { timelines, isLoading, error } = useTimelines();
  // A signed-in person reading an invite's landing is deciding on that invite: asking them
  // meanwhile to make a first timeline of their own would cover its Join button.
  const onInviteLanding = /^\/(timeline-invite|invite)\//.test(useLocation().pathname);
  const invitePending = usePendingTimelineInvite() !== null || onInviteLanding;
  const [flags, setFlags] = useState(readOnboardingFlags);
  const [open, setOpen] = useState<OnboardingScreen | null>(null);
  // Finished or skipped in this visit: setup does not come back until the next one; only the
  // install screen may follow, sooner (accounts §9: 0.3 s).
  const [setupDone, setSetupDone] = useState(false);

  const candidate = isLoading
    ? null
    : nextOnboardingScreen({
        hasDisplayName: Boolean(user.displayName?.trim()),
        profileSetupShown: flags.profileSetupShown,
        timelineCount: error ? null : timelines.length,
        invitePending,
        isMobile: isMobileDevice(),
        isStandalone: isStandalone(),
        installShown: flags.installShown,
      });
  const due = setupDone && candidate !== 'install' ? null : candidate;

  useEffect(() => {
    if (open || !due) return;
    const delay = setupDone ? ONBOARDING_FOLLOW_UP_DELAY_MS : ONBOARDING_DELAY_MS;
    const timer = window.setInterval(() => {
      // The install offer is a suggestion: it never opens over a dialog the person is using
      // (a memory half told in the wizard), and waits until that one closes.
      if (due === 'install' && document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      window.clearInterval(timer);
      setOpen(due);
    }, delay);
    return () => window.clearInterval(timer);
  }, [open, due, setupDone]);

  const profileSaved = () => {
    markProfileSetupShown();
    setFlags(readOnboardingFlags());
  };
  const setupFinished = () => {
    profileSaved();
    setSetupDone(true);
    setOpen(null);
  };
  const installOffered = () => {
    markInstallShown();
    setFlags(readOnboardingFlags());
    setOpen(null);
  };

  // The due screen is mounted closed while its delay runs, so its code has arrived by the time
  // it opens: it appears on time rather than after a download.
  const screen = open ?? due;
  if (screen === 'profile' || screen === 'timeline') {
    return (
      <Suspense fallback={null}>
        <ProfileSetupDialog
          opened={open !== null}
          user={user}
          timelines={timelines}
          initialStep={screen === 'profile' ? 1 : 2}
          onProfileSaved={profileSaved}
          onFinished={setupFinished}
        />
      </Suspense>
    );
  }
  if (screen === 'install') {
    return (
      <Suspense fallback={null}>
        <InstallDialog opened={open !== null} onDone={installOffered} />
      </Suspense>
    );
  }
  return null;
}
