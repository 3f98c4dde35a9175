// @vitest-environment jsdom
// Sign Out (accounts §2) with no connection: the session is the server's, so the menu says the
// person is still signed in and changes nothing, rather than leaving for the browser's error page.
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../common/messages';
import type { User } from '../../../common/users';
import { ToastHost } from '../components/ToastHost';
import * as offlineData from '../lib/offline/clearOfflineData';
import { installBrowserStandIns, renderWithMantine } from '../test/renderWithMantine';
import { SideMenu } from './SideMenu';

const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace', firstName: null, lastName: null, profileImageUrl: null } as unknown as User;

let assigned: string[];
beforeEach(() => {
  installBrowserStandIns();
  assigned = [];
  vi.spyOn(offlineData, 'clearOfflineData').mockResolvedValue(undefined);
  vi.stubGlobal('location', { ...window.location, assign: (url: string) => assigned.push(url) });
});
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function openMenu() {
  renderWithMantine(
    <MemoryRouter>
      <ToastHost />
      <SideMenu user={user} opened feedbackUrl="" onClose={() => undefined} onOpenDialog={() => undefined} />
    </MemoryRouter>,
  );
}

describe('Sign Out', () => {
  it('offline: says the person is still signed in, and neither clears this device nor leaves the page', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    openMenu();
    fireEvent.click(screen.getByRole('link', { name: messages.menuSignOut }));
    expect(await screen.findByText(messages.signOutOffline)).toBeTruthy();
    expect(screen.getByText(messages.signOutOfflineTitle)).toBeTruthy();
    expect(offlineData.clearOfflineData).not.toHaveBeenCalled();
    expect(assigned).toEqual([]);
  });

  it("online: clears this device's kept data, then goes to /api/logout", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    openMenu();
    fireEvent.click(screen.getByRole('link', { name: messages.menuSignOut }));
    await waitFor(() => expect(assigned).toEqual(['/api/logout']));
    expect(offlineData.clearOfflineData).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(messages.signOutOffline)).toBeNull();
  });
});
