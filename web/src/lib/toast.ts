// Toasts (memories §9): one at a time, 5000 ms unless a rule says otherwise, and (issue 9)
// the newest replaces the older at once instead of queueing behind it. accounts §8: errors
// are titled "Error" unless noted. Where they show: components/ToastHost.tsx and legibility.css.
import { notifications, notificationsStore } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '../../../common/limits';
import { messages } from '../../../common/messages';

/** Mantine's close button is an icon alone: it needs a name for screen readers. */
const closeButtonProps = { 'aria-label': messages.closeNotification };

function show(title: string, message: string, color: string, autoClose: number, id?: string) {
  // The host's limit of 1 would queue this behind the one on screen, so that a fix-this
  // message could arrive seconds after the mistake; clear first.
  notifications.clean();
  notifications.show({ id, title, message, color, autoClose, closeButtonProps });
}

export const toast = {
  success(title: string, message?: string, autoClose = TOAST_DURATION_MS) {
    show(title, message ?? '', 'teal', autoClose);
  },
  info(title: string, message?: string, autoClose = TOAST_DURATION_MS) {
    show(title, message ?? '', 'violet', autoClose);
  },
  /** `id` names it for `withdraw`, for an error that is over before its time is. */
  error(message: string, title: string = messages.errorTitle, { id }: { id?: string } = {}) {
    show(title, message, 'red', TOAST_DURATION_MS, id);
  },
  /** Takes the toast shown with `id` away, if it is still there. */
  withdraw(id: string) {
    // Called whenever a reason may be over, so the store (which every toast reader follows) is written only when the toast is there.
    const { notifications: shown, queue } = notificationsStore.getState();
    if (shown.some((item) => item.id === id) || queue.some((item) => item.id === id)) notifications.hide(id);
  },
};

/**
 * One fact of the toasts' store, re-rendering only when that fact changes (not for the host's own
 * settings, which it writes into the store as it mounts).
 */
function useToastFact(fact: (state: ReturnType<typeof notificationsStore.getState>) => boolean): boolean {
  return useSyncExternalStore(notificationsStore.subscribe, () => fact(notificationsStore.getState()));
}

/**
 * True while a toast is on screen. The onboarding tooltips float where toasts show (above the
 * bottom navigation), so they wait for the toast to go rather than sit half under it.
 */
export function useToastShowing(): boolean {
  return useToastFact((state) => state.notifications.length > 0);
}

/** True once any toast is asked for, shown or waiting its turn: the host mounts then (components/ToastHost.tsx). */
export function useToastAsked(): boolean {
  return useToastFact((state) => state.notifications.length > 0 || state.queue.length > 0);
}
