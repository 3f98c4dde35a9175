import { Suspense, useState, type ComponentType } from 'react';
import { lazyLoaded, usePartReady } from '../lib/lazyLoaded';

/**
 * True from the first time `active` is true, for good: a lazily loaded dialog mounts when it
 * first opens and stays mounted, so it can animate closed and open again at once.
 */
function useLoadedOnce(active: boolean): boolean {
  const [loaded, setLoaded] = useState(active);
  // React's "adjust state while rendering" pattern: no effect, no extra commit.
  if (active && !loaded) setLoaded(true);
  return loaded || active;
}

/**
 * A dialog kept off the first load (issue 8 "First load"): its code is fetched the first time
 * it opens, and it stays mounted after so it can animate closed. The one way the shell's
 * dialogs, the side menu and a card's delete confirmation load (issue 21).
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazyLoaded(load);
  function LazyDialog(props: P) {
    const wanted = useLoadedOnce(props.opened);
    // Mounted once its code is here, so it opens at once rather than after React's hold.
    const ready = usePartReady(Dialog, wanted);
    if (!wanted || !ready) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
