// memories §2 "Notification panel" and §4: the list, 'Mark all read'; a click marks that
// notification read, closes the panel and opens its memory when it has one.
import { Alert, Button, Group, Modal, ScrollArea, Skeleton, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell, IconBellOff, IconChecks, IconMessageCircle, IconShare, IconUsers } from '@tabler/icons-react';
import type { RefObject } from 'react';
import type { Notification, NotificationType } from '../../../../common/notifications';
import { useOpenMemory } from '../memories';
import classes from './NotificationPanel.module.css';
import { timeAgo } from './relativeTime';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './useNotifications';
import { messages } from '../../../../common/messages';

const typeIcons: Record<NotificationType, typeof IconBell> = {
  memory_shared: IconShare,
  comment_added: IconMessageCircle,
  family_joined: IconUsers,
  other: IconBell,
};

interface NotificationPanelProps {
  opened: boolean;
  onClose: () => void;
  /** Where focus goes when a memory this panel opened closes: the panel closed as it opened, with the notification. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function NotificationPanel({ opened, onClose, returnFocusTo }: NotificationPanelProps) {
  const list = useNotifications(opened);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const openMemory = useOpenMemory();
  const notifications = list.data ?? [];
  const unread = notifications.filter((notification) => !notification.isRead).length;

  const choose = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    onClose();
    if (notification.relatedMemoryId) openMemory(notification.relatedMemoryId, returnFocusTo?.current);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={messages.notificationsTitle} closeButtonProps={{ 'aria-label': messages.notificationsClose }} scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text c="dimmed" aria-live="polite">
            {list.isSuccess ? (unread > 0 ? messages.notificationsUnread(unread) : messages.notificationsAllCaughtUp) : ''}
          </Text>
          <Button
            variant="subtle"
            leftSection={<IconChecks size={18} />}
            disabled={unread === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
            className={classes.target}
          >
            {messages.notificationsMarkAllRead}
          </Button>
        </Group>

        {list.isPending ? (
          <Stack gap="xs" aria-label={messages.notificationsLoading} aria-busy="true">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} h={72} radius="md" />
            ))}
          </Stack>
        ) : list.isError ? (
          <Alert color="red" title={messages.notificationsLoadFailed}>
            <Button variant="light" color="red" mt="xs" onClick={() => void list.refetch()}>
              {messages.tryAgain}
            </Button>
          </Alert>
        ) : notifications.length === 0 ? (
          <Stack align="center" gap={4} py="lg" ta="center">
            <IconBellOff size={32} opacity={0.6} />
            <Text fw={600}>{messages.notificationsNone}</Text>
            <Text c="dimmed">{messages.notificationsNoneDetail}</Text>
          </Stack>
        ) : (
          <Stack component="ul" gap="xs" className={classes.list} aria-label={messages.notificationsList}>
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onChoose={choose} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

function NotificationItem({ notification, onChoose }: { notification: Notification; onChoose: (notification: Notification) => void }) {
  const Icon = typeIcons[notification.type];
  return (
    <UnstyledButton className={classes.item} data-unread={!notification.isRead || undefined} onClick={() => onChoose(notification)}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" radius="xl" size={36} aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text fw={notification.isRead ? 500 : 700} truncate>
              {!notification.isRead && <VisuallyHidden>{messages.notificationUnread}</VisuallyHidden>}
              {notification.title}
            </Text>
            {!notification.isRead && <span className={classes.unreadDot} aria-hidden />}
          </Group>
          <Text className={classes.message}>{notification.message}</Text>
          <Text c="dimmed" component="time" dateTime={notification.createdAt}>
            {timeAgo(notification.createdAt)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
