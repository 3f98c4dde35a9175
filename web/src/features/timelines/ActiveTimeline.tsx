// accounts §4 "Active timeline": stored under activeTimelineId; when none is set, or the
// stored one is not in the list, it becomes the user's default timeline if present, else
// the first timeline.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Timeline } from '../../api/types';
import type { User } from '../../../../common/users';
import { useTimelines } from './useTimelines';

export const ACTIVE_TIMELINE_KEY = 'activeTimelineId';

interface ActiveTimelineValue {
  timelines: Timeline[];
  isLoading: boolean;
  active: Timeline | null;
  setActive: (timelineId: string) => void;
}

const ActiveTimelineContext = createContext<ActiveTimelineValue | null>(null);

export function chooseActiveTimeline(timelines: Timeline[], storedId: string | null, defaultId: string | null): Timeline | null {
  return (
    timelines.find((timeline) => timeline.id === storedId) ??
    timelines.find((timeline) => timeline.id === defaultId) ??
    timelines[0] ??
    null
  );
}

export function ActiveTimelineProvider({ user, children }: { user: User; children: ReactNode }) {
  const { timelines, isLoading } = useTimelines();
  const [storedId, setStoredId] = useState(() => localStorage.getItem(ACTIVE_TIMELINE_KEY));

  const setActive = useCallback((timelineId: string) => {
    localStorage.setItem(ACTIVE_TIMELINE_KEY, timelineId);
    setStoredId(timelineId);
  }, []);

  const value = useMemo(
    () => ({ timelines, isLoading, active: chooseActiveTimeline(timelines, storedId, user.defaultTimelineId), setActive }),
    [timelines, isLoading, storedId, user.defaultTimelineId, setActive],
  );
  return <ActiveTimelineContext.Provider value={value}>{children}</ActiveTimelineContext.Provider>;
}

export function useActiveTimeline(): ActiveTimelineValue {
  const value = useContext(ActiveTimelineContext);
  if (!value) throw new Error('useActiveTimeline needs an ActiveTimelineProvider');
  return value;
}
