import { lazy, Suspense, useState } from 'react';

const ExtrasDialog = lazy(() => import('./ExtrasDialog').then((module) => ({ default: module.ExtrasDialog })));

/** The Extras dialog, fetched the first time it opens and kept mounted so it can animate out. */
export function LazyExtrasDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [requested, setRequested] = useState(opened);
  if (opened && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ExtrasDialog opened={opened} onClose={onClose} />
    </Suspense>
  );
}
