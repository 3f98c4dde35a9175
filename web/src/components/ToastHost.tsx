import { Notifications } from '@mantine/notifications';
import { useFirstPaintDone } from '../lib/firstPaint';

/**
 * Where toasts show (memories §9): one at a time (lib/toast.ts replaces rather than queues), at
 * the bottom, clear of the fields dialogs put at the top of a phone (legibility.css).
 *
 * Mounted once the first screen is painted (issue 21 "First load"). Mantine's host mounts its
 * portal and a transition group per position by setting state from layout effects, and such
 * updates are rendered at once, inside the first commit: one long task on a slow phone. A toast
 * asked for before then waits in Mantine's store and shows when the host mounts.
 */
export function ToastHost() {
  return useFirstPaintDone() ? <Notifications position="bottom-center" limit={1} /> : null;
}
