// Toasts, one at a time (the Notifications host has limit 1). accounts §8: errors are
// titled "Error" unless noted.
import { notifications } from '@mantine/notifications';

/** Mantine's close button is an icon alone: it needs a name for screen readers. */
const closeButtonProps = { 'aria-label': 'Close notification' };

export const toast = {
  success(title: string, message?: string, autoClose = 4000) {
    notifications.show({ title, message: message ?? '', color: 'teal', autoClose, closeButtonProps });
  },
  info(title: string, message?: string, autoClose = 4000) {
    notifications.show({ title, message: message ?? '', color: 'violet', autoClose, closeButtonProps });
  },
  error(message: string, title = 'Error') {
    notifications.show({ title, message, color: 'red', autoClose: 6000, closeButtonProps });
  },
};
