// Issue 20 "Always current": what a notification names, so the cache is told what changed.
// The app's queries are never stale on their own (accounts §7), so a notification the poll
// brings is the word that the memory, its comments and the lists holding it are out of date.
import type { InvalidateQueryFilters } from '@tanstack/react-query';
import type { Notification } from '../../../../common/notifications';
import { queryKeys } from '../../api/keys';

/** The lists a memory can appear in: home's list and spotlight, timeline pages and their days, search, archives. */
const listsHoldingMemories: InvalidateQueryFilters[] = [
  { queryKey: queryKeys.memories, exact: true },
  { queryKey: queryKeys.memorySpotlight, exact: true },
  { queryKey: queryKeys.timelineMemoriesAll },
  { queryKey: queryKeys.timelineMemoryDaysAll },
  { queryKey: queryKeys.searchAll },
  { queryKey: queryKeys.bulkPreviewAll },
];

/** Who is on a timeline or in the family: the timelines, their members and invites, the family. */
const membership: InvalidateQueryFilters[] = [{ queryKey: queryKeys.timelines }, { queryKey: queryKeys.families }];

/** The queries a notification says are out of date. */
export function queriesNamedBy(notification: Pick<Notification, 'type' | 'relatedMemoryId'>): InvalidateQueryFilters[] {
  switch (notification.type) {
    case 'memory_shared':
    case 'comment_added': {
      const memoryId = notification.relatedMemoryId;
      // A comment changes the memory's count and its list; a share adds it to lists.
      const memory: InvalidateQueryFilters[] = memoryId
        ? [
            { queryKey: queryKeys.memory(memoryId), exact: true },
            { queryKey: queryKeys.comments(memoryId), exact: true },
          ]
        : [];
      return [...memory, ...listsHoldingMemories];
    }
    // family_joined: someone joined the family (or families merged); 'other': someone joined
    // one of the reader's timelines (DESIGN "Notifications").
    case 'family_joined':
    case 'other':
      return membership;
  }
}

/**
 * The notifications this page has not seen before: unread, and not in an earlier answer. A
 * notification already read elsewhere told its reader there, and names nothing new here.
 */
export function unseenNotifications(list: readonly Notification[], seen: ReadonlySet<string>): Notification[] {
  return list.filter((notification) => !notification.isRead && !seen.has(notification.id));
}

/** Every query the unseen notifications name, each once. */
export function queriesToRefresh(unseen: readonly Notification[]): InvalidateQueryFilters[] {
  const byKey = new Map<string, InvalidateQueryFilters>();
  for (const filter of unseen.flatMap(queriesNamedBy)) byKey.set(`${JSON.stringify(filter.queryKey)}|${filter.exact ? 1 : 0}`, filter);
  return [...byKey.values()];
}
