import { Divider, Drawer, Group, NavLink, Stack, Switch, Text, useMantineColorScheme } from '@mantine/core';
import { IconBook, IconBooks, IconDownload, IconLogout, IconMessage, IconSettings, IconSparkles, IconTimeline, IconUsersGroup } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../common/messages';
import { displayNameOf } from '../../../common/people';
import type { User } from '../../../common/users';
import { navigation } from '../api/endpoints';
import { UserAvatar } from '../components/UserAvatar';
import { clearOfflineData } from '../lib/offline/clearOfflineData';
import { toast } from '../lib/toast';
import { BOOKS_PATH } from '../features/books';
import type { ShellDialogName } from '../components/shellDialogs';
import classes from './Shell.module.css';


interface SideMenuProps {
  user: User;
  opened: boolean;
  feedbackUrl: string;
  onClose: () => void;
  onOpenDialog: (dialog: ShellDialogName) => void;
}

/** accounts §2 "App shell": the side menu. */
export function SideMenu({ user, opened, feedbackUrl, onClose, onOpenDialog }: SideMenuProps) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const open = (dialog: ShellDialogName) => () => {
    onClose();
    onOpenDialog(dialog);
  };

  const signOut = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    // The session ends on the server: with no connection the navigation would only show the
    // browser's error page, the person still signed in, after this device's kept data was gone.
    if (!navigator.onLine) {
      toast.info(messages.signOutOfflineTitle, messages.signOutOffline);
      return;
    }
    void clearOfflineData().finally(() => window.location.assign(navigation.logout));
  };

  return (
    <Drawer opened={opened} onClose={onClose} title={messages.menuTitle} size={300} padding="md" closeButtonProps={{ 'aria-label': messages.menuClose }}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" mb="sm">
          <UserAvatar person={user} size="lg" />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {displayNameOf(user, messages.unnamedUser)}
            </Text>
            <Text c="dimmed" truncate>
              {user.email}
            </Text>
          </div>
        </Group>
        <NavLink component="button" label={messages.menuManageTimelines} leftSection={<IconTimeline size={20} />} onClick={open('timelines')} />
        {/* issue 9: the communities page (members and invite links) is one tap from the menu. */}
        <NavLink component={Link} to="/community" label={messages.menuCommunities} leftSection={<IconUsersGroup size={20} />} onClick={onClose} />
        <NavLink component="button" label={messages.menuDownload} leftSection={<IconDownload size={20} />} onClick={open('download')} />
        {/* issue 24: the family book, made in a dialog and kept in My books. */}
        <NavLink component="button" label={messages.menuMakeBook} leftSection={<IconBook size={20} />} onClick={open('book')} />
        <NavLink component={Link} to={BOOKS_PATH} label={messages.menuMyBooks} leftSection={<IconBooks size={20} />} onClick={onClose} />
        <NavLink component={Link} to="/profile" label={messages.menuSettings} leftSection={<IconSettings size={20} />} onClick={onClose} />
        <NavLink component={Link} to="/extras" label={messages.menuExtras} leftSection={<IconSparkles size={20} />} onClick={onClose} />
        <NavLink
          component="a"
          href={feedbackUrl}
          target="_blank"
          rel="noopener noreferrer"
          label={messages.sendFeedback}
          leftSection={<IconMessage size={20} />}
          onClick={onClose}
        />
        <Divider my="xs" />
        <Switch
          label={messages.menuDarkTheme}
          checked={colorScheme !== 'light'}
          onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
          px="sm"
        />
        <Divider my="xs" />
        {/* accounts §2: sign-out is a full navigation to /api/logout; issue 26: after this
            device's kept data is gone, so nothing of this person's stays for the next. */}
        <NavLink component="a" href={navigation.logout} label={messages.menuSignOut} leftSection={<IconLogout size={20} />} className={classes.signOut} onClick={signOut} />
      </Stack>
    </Drawer>
  );
}
