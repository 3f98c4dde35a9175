import { useEffect, useState } from 'react';
import { messages } from '../../../../common/messages';
import { OnboardingTooltip } from './OnboardingTooltip';

/** Where the "seen" flag of the welcome tooltip is kept (accounts §2: stored locally). */
export const WELCOME_TOOLTIP_KEY = 'welcome-tooltip-seen';
const DELAY_MS = 1000; // accounts §9: 1 s

/** accounts §2 Home: a welcome tooltip 1 s after arriving, if never seen; "Got it!". It points at the + button. */
export function WelcomeTooltip() {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (localStorage.getItem(WELCOME_TOOLTIP_KEY)) return;
    const timer = window.setTimeout(() => setShown(true), DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const dismiss = () => {
    localStorage.setItem(WELCOME_TOOLTIP_KEY, 'true');
    setShown(false);
  };

  return (
    <OnboardingTooltip
      shown={shown}
      pointsAt="capture"
      label={messages.homeWelcomeTooltipLabel}
      title={messages.homeWelcomeTooltipTitle}
      detail={messages.homeWelcomeTooltipDetail}
      onDismiss={dismiss}
    />
  );
}
