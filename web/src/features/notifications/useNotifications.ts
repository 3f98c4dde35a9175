// GET /api/notifications and the two "read" calls (memories §7). The list is polled every
// 30 s while the panel is open, as the bell polls the count (memories §9).
import { useQuery } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '../../../../common/limits';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';

/** What a read changes: the list and the bell's count. */
const refreshed = [queryKeys.notifications, queryKeys.unreadCount];

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: api.notifications.list,
    enabled,
    refetchInterval: enabled ? UNREAD_POLL_MS : false,
    // Opening the panel always shows what is new, not what the last opening saw.
    refetchOnMount: 'always',
    staleTime: 0,
  });
}

export function useMarkNotificationRead() {
  return useApiMutation<string>({
    mutationFn: (notificationId) => api.notifications.markRead(notificationId),
    invalidate: refreshed,
  });
}

export function useMarkAllNotificationsRead() {
  return useApiMutation<void>({
    mutationFn: () => api.notifications.markAllRead(),
    invalidate: refreshed,
  });
}
