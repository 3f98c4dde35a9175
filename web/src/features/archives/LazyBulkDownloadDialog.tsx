import { lazy, Suspense } from 'react';
import { useLoadedOnce } from '../../components/useLoadedOnce';

const BulkDownloadDialog = lazy(() => import('./BulkDownloadDialog').then((module) => ({ default: module.BulkDownloadDialog })));

/** The Bulk Download Memories dialog, fetched the first time it opens and kept mounted so it can animate out. */
export function LazyBulkDownloadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const loaded = useLoadedOnce(opened);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <BulkDownloadDialog opened={opened} onClose={onClose} />
    </Suspense>
  );
}
