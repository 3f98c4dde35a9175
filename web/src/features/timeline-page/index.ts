import { lazyLoaded } from '../../lib/lazyLoaded';

/** The timeline page (memories §2), loaded when first visited. */
export const LazyTimelinePage = lazyLoaded(() => import('./TimelinePage').then((module) => module.TimelinePage));
