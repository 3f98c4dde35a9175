import { lazyDialog } from '../../components/lazyDialog';

/** The notification panel, fetched the first time it opens and kept mounted so it can animate out. */
export const LazyNotificationPanel = lazyDialog(() => import('./NotificationPanel').then((module) => module.NotificationPanel));
