// accounts §4: the bell's unread count, polled every 30 s. Issue 20 "Always current": the poll
// is also how this page hears that something changed. When the count moves, the list is asked
// once (no polling beyond the spec's), and every notification it brings that this page has not
// seen invalidates what it names (notificationTargets.ts). The moment the count last moved is
// kept, so home and the timeline page fetch their first page again when they come back.
import { hashKey, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Notification } from '../../../../common/notifications';
import { UNREAD_POLL_MS } from '../../../../common/limits';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { refreshAfterChange } from '../../api/refresh';
import { useFirstPaintDone } from '../../lib/firstPaint';
import { queriesToRefresh, unseenNotifications } from './notificationTargets';

interface PageWatch {
  /** Notifications already acted on (or already there when first seen). */
  seen: Set<string>;
  /** Date.now() when the unread count last changed between two polls; 0 when never. */
  countMovedAt: number;
  unsubscribe: (() => void) | null;
}
const watches = new WeakMap<QueryClient, PageWatch>();
function watchOf(client: QueryClient): PageWatch {
  let watch = watches.get(client);
  if (!watch) {
    watch = { seen: new Set(), countMovedAt: 0, unsubscribe: null };
    watches.set(client, watch);
  }
  return watch;
}

const listHash = hashKey(queryKeys.notifications);

/** Invalidates what the unseen notifications of a new answer name, then counts them as seen. */
export function applyNotifications(client: QueryClient, list: readonly Notification[]): void {
  const watch = watchOf(client);
  const unseen = unseenNotifications(list, watch.seen);
  for (const notification of list) watch.seen.add(notification.id);
  for (const filter of queriesToRefresh(unseen)) void refreshAfterChange(client, filter);
}

/** Listens for every answer to GET /api/notifications, whoever asked (the panel's poll or the count's move). */
function listenToTheList(client: QueryClient): () => void {
  const watch = watchOf(client);
  if (!watch.unsubscribe) {
    watch.unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== listHash) return;
      applyNotifications(client, (event.query.state.data as Notification[] | undefined) ?? []);
    });
  }
  return () => {
    watch.unsubscribe?.();
    watch.unsubscribe = null;
  };
}

/** The unread count, polled every 30 s, that keeps the page's cache current (mounted once, by the bell). */
export function useUnreadCount(): number {
  const client = useQueryClient();
  const unread = useQuery({ queryKey: queryKeys.unreadCount, queryFn: api.notifications.unreadCount, refetchInterval: UNREAD_POLL_MS, enabled: useFirstPaintDone() });
  const count = unread.data?.count;
  const previous = useRef<number | undefined>(undefined);

  useEffect(() => listenToTheList(client), [client]);

  useEffect(() => {
    if (count === undefined) return;
    const before = previous.current;
    previous.current = count;
    if (before === undefined || before === count) return;
    watchOf(client).countMovedAt = Date.now();
    // The count says something changed, not what: the list says what.
    client.fetchQuery({ queryKey: queryKeys.notifications, queryFn: api.notifications.list, staleTime: 0 }).catch((error: unknown) => {
      console.error('Notifications not loaded after the unread count moved', error);
    });
  }, [count, client]);

  return count ?? 0;
}

/**
 * refetchOnMount for home's and the timeline page's lists: coming back to the page fetches the
 * first page again when the unread count moved since the list was last fetched.
 */
export function refetchIfCountMoved(client: QueryClient) {
  return (query: Pick<Query, 'state'>): boolean | 'always' => (query.state.dataUpdatedAt < watchOf(client).countMovedAt ? 'always' : true);
}
