// @vitest-environment jsdom
// memories §2, §4: the notification panel. A click on an unread item marks it read, closes the
// panel and opens its memory; an item without a memory only closes; 'Mark all read' marks
// every one; the empty state says so.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../../common/notifications';
import { api } from '../../api/endpoints';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { NotificationPanel } from './NotificationPanel';
import { messages } from '../../../../common/messages';

const openMemory = vi.hoisted(() => vi.fn());
vi.mock('../memories', () => ({ useOpenMemory: () => openMemory }));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const shared: Notification = {
  id: 'n1',
  type: 'memory_shared',
  title: 'New memory shared',
  message: 'Ada Lovelace shared "Summer at the lake" with you',
  isRead: false,
  createdAt: minutesAgo(5),
  relatedMemoryId: 'memory-1',
};
const joined: Notification = {
  id: 'n2',
  type: 'family_joined',
  title: 'New family member',
  message: 'Charles Babbage joined your family',
  isRead: true,
  createdAt: minutesAgo(120),
  relatedMemoryId: null,
};

function renderPanel() {
  const onClose = vi.fn();
  // The bell that opened the panel (shell/AppLayout.tsx hands it in).
  const bell = { current: document.createElement('button') };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <NotificationPanel opened onClose={onClose} returnFocusTo={bell} />
    </QueryClientProvider>,
  );
  return { onClose, bell: bell.current };
}

beforeEach(() => {
  installBrowserStandIns();
  openMemory.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the notification panel', () => {
  it('lists title, message and relative time, marking the unread ones', async () => {
    vi.spyOn(api.notifications, 'list').mockResolvedValue([shared, joined]);
    renderPanel();
    expect(await screen.findByText('Ada Lovelace shared "Summer at the lake" with you')).toBeTruthy();
    expect(screen.getByText('5 minutes ago')).toBeTruthy();
    expect(screen.getByText('2 hours ago')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Unread:\s*New memory shared/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Unread:\s*New family member/ })).toBeNull();
    expect(screen.getByText('1 unread')).toBeTruthy();
  });

  it('a click marks the item read, closes the panel and opens its memory, whose closing gives focus to the bell', async () => {
    vi.spyOn(api.notifications, 'list').mockResolvedValue([shared, joined]);
    const markRead = vi.spyOn(api.notifications, 'markRead').mockResolvedValue({ success: true });
    const { onClose, bell } = renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: /Summer at the lake/ }));
    await waitFor(() => expect(markRead).toHaveBeenCalledWith('n1'));
    expect(onClose).toHaveBeenCalledTimes(1);
    // The notification leaves with the panel: the memory hands focus back to the bell instead.
    expect(openMemory).toHaveBeenCalledWith('memory-1', bell);
  });

  it('a read item without a memory only closes the panel', async () => {
    vi.spyOn(api.notifications, 'list').mockResolvedValue([joined]);
    const markRead = vi.spyOn(api.notifications, 'markRead').mockResolvedValue({ success: true });
    const { onClose } = renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: /Charles Babbage joined your family/ }));
    expect(markRead).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(openMemory).not.toHaveBeenCalled();
  });

  it("'Mark all read' marks every notification and refreshes the list", async () => {
    const list = vi.spyOn(api.notifications, 'list').mockResolvedValueOnce([shared]).mockResolvedValue([{ ...shared, isRead: true }]);
    const markAll = vi.spyOn(api.notifications, 'markAllRead').mockResolvedValue({ success: true });
    renderPanel();
    await screen.findByText('1 unread');
    fireEvent.click(screen.getByRole('button', { name: messages.notificationsMarkAllRead }));
    await waitFor(() => expect(markAll).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(messages.notificationsAllCaughtUp)).toBeTruthy();
    expect(list).toHaveBeenCalledTimes(2);
    expect((screen.getByRole('button', { name: messages.notificationsMarkAllRead }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when there are none', async () => {
    vi.spyOn(api.notifications, 'list').mockResolvedValue([]);
    renderPanel();
    expect(await screen.findByText(messages.notificationsNone)).toBeTruthy();
  });
});
