import { lazy, Suspense } from 'react';
import { useLoadedOnce } from '../../components/useLoadedOnce';

const SearchDialog = lazy(() => import('./SearchDialog').then((module) => ({ default: module.SearchDialog })));

/** The Search Memories dialog, fetched the first time it opens and kept mounted so it can animate out. */
export function LazySearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const loaded = useLoadedOnce(opened);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <SearchDialog opened={opened} onClose={onClose} />
    </Suspense>
  );
}
