import { ActionIcon, UnstyledButton, Stack, Text } from '@mantine/core';
import { IconHome, IconPlus, IconTimeline } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { messages } from '../../../common/messages';
import { navEntryAttribute, type NavEntryName } from '../components/navEntries';
import classes from './Shell.module.css';

/** accounts §2: Home, a central "+" capture button, Timeline. */
export function BottomNav({ onCapture }: { onCapture: () => void }) {
  const { pathname } = useLocation();
  const onTimeline = pathname === '/timeline' || pathname.startsWith('/timeline/');

  return (
    <nav aria-label={messages.shellMainNavigation} className={`${classes.bar} ${classes.navBar}`}>
      <NavItem to="/" label={messages.shellHome} active={pathname === '/'} icon={<IconHome size={24} />} />
      <ActionIcon size={56} radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }} aria-label={messages.captureAMemory} onClick={onCapture} className={classes.capture} {...navEntryAttribute('capture')}>
        <IconPlus size={30} />
      </ActionIcon>
      <NavItem to="/timeline" label={messages.timeline} active={onTimeline} icon={<IconTimeline size={24} />} entry="timeline" />
    </nav>
  );
}

/** `entry`: how what points at this item finds it (components/navEntries.ts). */
function NavItem({ to, label, active, icon, entry }: { to: string; label: string; active: boolean; icon: React.ReactNode; entry?: NavEntryName }) {
  return (
    <UnstyledButton component={Link} to={to} aria-current={active ? 'page' : undefined} className={classes.navItem} data-active={active || undefined} {...(entry && navEntryAttribute(entry))}>
      <Stack gap={2} align="center">
        {icon}
        <Text fw={600}>
          {label}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
