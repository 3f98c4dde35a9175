import { lazy, Suspense, useState } from 'react';
import type { User } from '../../../../common/users';

const CaptureWizard = lazy(() => import('./CaptureWizard'));

/** The capture wizard, fetched the first time it opens and kept mounted so it can animate out. */
export function LazyCaptureWizard({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  const [requested, setRequested] = useState(opened);
  if (opened && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <CaptureWizard user={user} opened={opened} onClose={onClose} />
    </Suspense>
  );
}
