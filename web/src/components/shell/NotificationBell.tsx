import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { BADGE_CAP, UNREAD_POLL_MS } from '../../../../common/limits';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';

/** accounts §2 and §4: the unread count, polled every 30 s, "9+" above 9. */
export function badgeLabel(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

export function NotificationBell({ onOpen }: { onOpen: () => void }) {
  const unread = useQuery({
    queryKey: queryKeys.unreadCount,
    queryFn: api.notifications.unreadCount,
    refetchInterval: UNREAD_POLL_MS,
  });
  const count = unread.data?.count ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';

  return (
    <Indicator label={badgeLabel(count)} size={18} color="red" disabled={count === 0} offset={6} data-testid="unread-badge">
      <ActionIcon variant="subtle" color="gray" size={44} aria-label={label} onClick={onOpen}>
        <IconBell size={22} />
      </ActionIcon>
    </Indicator>
  );
}
