import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useToastAsked } from '../lib/toast';

/**
 * Where toasts show (memories §9): one at a time (lib/toast.ts replaces rather than queues), at
 * the bottom, clear of the fields dialogs put at the top of a phone (legibility.css).
 *
 * Mounted with the first toast, and kept from then on (issue 21 "First load"). Mantine's host
 * mounts its portal and a transition group for each of its six places by setting state from
 * layout effects; React renders such updates at once, with every effect the page still owes, so
 * mounted with the page it made one long task of a slow phone's first second.
 */
export function ToastHost() {
  const asked = useToastAsked();
  const [needed, setNeeded] = useState(asked);
  // Kept once needed: a toast leaving animates out, and the next one finds the host in place.
  if (asked && !needed) setNeeded(true);
  return needed ? <Notifications position="bottom-center" limit={1} /> : null;
}
