// Issue 26: where home and a timeline's page show the person's waiting memories. Home is the
// first screen, and nearly always nothing waits: this reads the outbox (a few lines of
// IndexedDB) and loads the list, with its cards, bars and dialog, only once something of theirs
// waits; loaded, it stays, so its live region can still say "Sent" when the last one goes.
import { lazy, Suspense, useState } from 'react';
import { useOutbox } from '../../lib/outbox';
import { useCurrentUser } from '../auth';
import { shownOnHome } from './shownOnHome';

const WaitingMemoriesList = lazy(() => import('./WaitingMemoriesList').then((module) => ({ default: module.WaitingMemoriesList })));

export function WaitingMemories({ timelineId }: { timelineId?: string }) {
  const { user } = useCurrentUser();
  const { entries } = useOutbox(user?.id ?? null, shownOnHome);
  const [needed, setNeeded] = useState(false);
  // Set while rendering (React's pattern for state that follows a value), never set back.
  if (entries.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <WaitingMemoriesList timelineId={timelineId} />
    </Suspense>
  );
}
