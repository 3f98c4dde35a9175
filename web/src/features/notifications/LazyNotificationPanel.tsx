import { lazy, Suspense, useState } from 'react';

const NotificationPanel = lazy(() => import('./NotificationPanel').then((module) => ({ default: module.NotificationPanel })));

/** The notification panel, fetched the first time it opens and kept mounted so it can animate out. */
export function LazyNotificationPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [requested, setRequested] = useState(opened);
  if (opened && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <NotificationPanel opened={opened} onClose={onClose} />
    </Suspense>
  );
}
