import { lazy } from 'react';

/** The timeline page (memories §2), loaded when first visited. */
export const LazyTimelinePage = lazy(() => import('./TimelinePage').then((module) => ({ default: module.TimelinePage })));
