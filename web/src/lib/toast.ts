// Toasts, one at a time (the Notifications host has limit 1). accounts §8: errors are
// titled "Error" unless noted.
import { notifications } from '@mantine/notifications';

export const toast = {
  success(title: string, message?: string, autoClose = 4000) {
    notifications.show({ title, message: message ?? '', color: 'teal', autoClose });
  },
  info(title: string, message?: string, autoClose = 4000) {
    notifications.show({ title, message: message ?? '', color: 'violet', autoClose });
  },
  error(message: string, title = 'Error') {
    notifications.show({ title, message, color: 'red', autoClose: 6000 });
  },
};
