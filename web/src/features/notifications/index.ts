// The notification panel (memories §2, §4), opened by the shell's bell.
export { LazyNotificationPanel } from './LazyNotificationPanel';
// Issue 20 "Always current": the bell's count, and what home and the timeline page refetch by.
export { refetchIfCountMoved, useUnreadCount } from './useUnreadCount';
