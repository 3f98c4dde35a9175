// The notification panel (memories §2, §4), opened by the shell's bell.
export { LazyNotificationPanel } from './LazyNotificationPanel';
