// memories §4 "Onboarding tooltips": a timeline tooltip 1.5 s after the first memory exists,
// that is when the memory count stored on this device was 0 and is now at least 1. It
// points at the Timeline entry of the bottom navigation.
import { useEffect, useState } from 'react';
import { TIMELINE_TOOLTIP_DELAY_MS } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { OnboardingTooltip } from './OnboardingTooltip';

/**
 * The memory count last seen on this device. Home knows only whether any memory exists (the
 * spotlight answers one or none), which is all the rule needs, so it stores 0 or 1.
 */
export const MEMORY_COUNT_KEY = 'timeline-tooltip-memory-count';

/** True when a count moves from a stored 0 to at least 1: the moment the tooltip is due. */
export function firstMemoryArrived(stored: string | null, count: number): boolean {
  return stored === '0' && count >= 1;
}

/** `memoryCount` is null until it is known. */
export function TimelineTooltip({ memoryCount }: { memoryCount: number | null }) {
  const [due, setDue] = useState(false);
  const [shown, setShown] = useState(false);
  // Each new count is compared with the stored one once, while rendering (React's "storing
  // information from previous renders"); the store is written after the render commits.
  const [compared, setCompared] = useState<number | null>(null);
  if (memoryCount !== null && memoryCount !== compared) {
    setCompared(memoryCount);
    if (firstMemoryArrived(localStorage.getItem(MEMORY_COUNT_KEY), memoryCount)) setDue(true);
  }

  useEffect(() => {
    if (memoryCount !== null) localStorage.setItem(MEMORY_COUNT_KEY, String(Math.min(memoryCount, 1)));
  }, [memoryCount]);

  useEffect(() => {
    if (!due) return;
    const timer = window.setTimeout(() => setShown(true), TIMELINE_TOOLTIP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [due]);

  const dismiss = () => {
    setShown(false);
    setDue(false);
  };

  return (
    <OnboardingTooltip
      shown={shown}
      pointsAt="timeline"
      label={messages.homeTimelineTooltipLabel}
      title={messages.homeTimelineTooltipTitle}
      detail={messages.homeTimelineTooltipDetail}
      onDismiss={dismiss}
    />
  );
}
