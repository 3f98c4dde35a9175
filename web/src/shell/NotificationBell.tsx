import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { Ref } from 'react';
import { BADGE_CAP } from '../../../common/limits';
import { messages } from '../../../common/messages';
import { useUnreadCount } from '../features/notifications';

/** accounts §2 and §4: the unread count, polled every 30 s, "9+" above 9. */
export function badgeLabel(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

export function NotificationBell({ onOpen, buttonRef }: { onOpen: () => void; buttonRef?: Ref<HTMLButtonElement> }) {
  // Issue 20 "Always current": the poll also tells the page's cache what changed.
  const count = useUnreadCount();
  const label = count > 0 ? messages.shellNotificationsUnread(count) : messages.notificationsTitle;

  return (
    <Indicator label={badgeLabel(count)} size={18} color="red" disabled={count === 0} offset={6} data-testid="unread-badge">
      <ActionIcon ref={buttonRef} variant="subtle" color="gray" size={44} aria-label={label} onClick={onOpen}>
        <IconBell size={22} />
      </ActionIcon>
    </Indicator>
  );
}
