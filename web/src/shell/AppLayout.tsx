import { ActionIcon, Group, RemoveScroll, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMenu2, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyLoaded } from '../lib/lazyLoaded';
import { Link, Outlet } from 'react-router';
import { messages } from '../../../common/messages';
import type { User } from '../../../common/users';
import { api } from '../api/endpoints';
import { queryKeys } from '../api/keys';
import { LazyBulkDownloadDialog } from '../features/archives';
import { LazyMakeBookDialog } from '../features/books';
import { LazyCaptureWizard } from '../features/capture';
import { LazyExtrasDialog } from '../features/extras';
import { MemoryDetailProvider } from '../features/memories';
import { LazyNotificationPanel } from '../features/notifications';
import { LazySearchDialog } from '../features/search';
import { lazyDialog } from '../components/lazyDialog';
import { useOfflineDataFor } from '../lib/offline/clearOfflineData';
import { BottomNav } from './BottomNav';
import { NotificationBell } from './NotificationBell';
import { OfflineLine, UpdateNotice } from './OfflineNotices';
import classes from './Shell.module.css';
import { ShellDialogsContext, type ShellDialogName } from '../components/shellDialogs';
import { useOpenerFocus } from '../components/useOpenerFocus';

const ManageTimelinesDialog = lazyLoaded(() => import('../features/timelines/ManageTimelinesDialog').then((module) => module.default));
// Kept off the first load (issue 8 "First load"): the drawer loads the first time it opens,
// and stays mounted after so it can animate closed.
const SideMenu = lazyDialog(() => import('./SideMenu').then((module) => module.SideMenu));

type Dialog = ShellDialogName;

/** accounts §2 "App shell": sticky header, bottom navigation, side menu. */
export function AppLayout({ user }: { user: User }) {
  const [menuOpened, menu] = useDisclosure(false);
  const [dialog, setShownDialog] = useState<Dialog | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const bellButton = useRef<HTMLButtonElement>(null);
  const menuFocus = useOpenerFocus(menuButton);
  const dialogFocus = useOpenerFocus(menuButton);
  // Read by the focus returns, which run after the render that closed their dialog.
  const current = useRef({ dialog, menuOpened });
  useEffect(() => {
    current.current = { dialog, menuOpened };
  });

  const openMenu = () => {
    menuFocus.remember();
    menu.open();
  };
  const closeMenu = () => {
    menu.close();
    // A menu entry that opens a dialog closes the menu first: focus then belongs to the dialog.
    menuFocus.restore(() => current.current.dialog === null);
  };
  const setDialog = (next: Dialog | null) => {
    if (next !== null) dialogFocus.remember(menuOpened ? menuButton.current : undefined);
    else dialogFocus.restore(() => current.current.dialog === null && !current.current.menuOpened);
    setShownDialog(next);
  };
  // A signed-in page carries the answer (api/page-data.ts): no call on the way to the first screen.
  const config = useQuery({ queryKey: queryKeys.publicConfig, queryFn: api.config });
  // Issue 26: what this device kept offline is this person's alone.
  useOfflineDataFor(user.id);

  // One memory detail dialog for every page and the notification panel (memories §2).
  return (
    <MemoryDetailProvider>
      {/* The header and the bottom navigation stay put while the page scrolls under them; when a
          dialog locks the page's scroll, they keep clear of the scrollbar it hides. */}
      <header className={`${classes.header} ${RemoveScroll.classNames.zeroRight}`}>
        <div className={classes.bar}>
          <ActionIcon ref={menuButton} variant="subtle" color="gray" size={44} aria-label={messages.shellOpenMenu} onClick={openMenu}>
            <IconMenu2 size={22} />
          </ActionIcon>
          <Text component={Link} to="/" fw={800} fz={22} className={classes.title}>
            {messages.appName}
          </Text>
          <Group gap={4} wrap="nowrap">
            <NotificationBell buttonRef={bellButton} onOpen={() => setDialog('notifications')} />
            <ActionIcon variant="subtle" color="gray" size={44} aria-label={messages.shellSearchMemories} onClick={() => setDialog('search')}>
              <IconSearch size={22} />
            </ActionIcon>
          </Group>
        </div>
      </header>

      <main className={classes.main}>
        {/* Issue 26: offline, and a new version ready, said above the page (never over the navigation). */}
        <OfflineLine />
        <UpdateNotice />
        <ShellDialogsContext.Provider value={setDialog}>
          <Outlet />
        </ShellDialogsContext.Provider>
      </main>

      <footer className={`${classes.footer} ${RemoveScroll.classNames.zeroRight}`}>
        <BottomNav onCapture={() => setDialog('capture')} />
      </footer>

      <SideMenu
        user={user}
        opened={menuOpened}
        feedbackUrl={config.data?.feedbackUrl ?? 'mailto:?subject=Heirloom%20feedback'}
        onClose={closeMenu}
        onOpenDialog={setDialog}
      />
      {dialog === 'timelines' && (
        <Suspense fallback={null}>
          <ManageTimelinesDialog user={user} opened onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {/* Extras (features/extras): loads on first open. */}
      <LazyExtrasDialog opened={dialog === 'extras'} onClose={() => setDialog(null)} />
      {/* The capture wizard (features/capture): loads on first open. */}
      <LazyCaptureWizard user={user} opened={dialog === 'capture'} onClose={() => setDialog(null)} />
      {/* The notification panel (features/notifications, memories §2): loads on first open. */}
      <LazyNotificationPanel opened={dialog === 'notifications'} onClose={() => setDialog(null)} returnFocusTo={bellButton} />
      {/* Search Memories (features/search, memories §2): loads on first open. */}
      <LazySearchDialog opened={dialog === 'search'} onClose={() => setDialog(null)} />
      {/* Bulk Download Memories (features/archives, memories §2): loads on first open. */}
      <LazyBulkDownloadDialog opened={dialog === 'download'} onClose={() => setDialog(null)} />
      {/* Make a book (features/books, issue 24): loads on first open. */}
      <LazyMakeBookDialog opened={dialog === 'book'} onClose={() => setDialog(null)} />
    </MemoryDetailProvider>
  );
}
