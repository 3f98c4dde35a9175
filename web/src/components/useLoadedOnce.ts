import { useState } from 'react';

/**
 * True from the first time `active` is true, for good: a lazily loaded dialog mounts when it
 * first opens and stays mounted, so it can animate closed and open again at once.
 */
export function useLoadedOnce(active: boolean): boolean {
  const [loaded, setLoaded] = useState(active);
  // React's "adjust state while rendering" pattern: no effect, no extra commit.
  if (active && !loaded) setLoaded(true);
  return loaded || active;
}
