// Issue 20 "Always current": which queries a notification says are out of date.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../../common/notifications';
import { queryKeys } from '../../api/keys';
import { queriesNamedBy, queriesToRefresh, unseenNotifications } from './notificationTargets';

const note = (id: string, type: Notification['type'], relatedMemoryId: string | null, isRead = false): Notification => ({
  id,
  type,
  title: 't',
  message: 'm',
  isRead,
  createdAt: '2026-11-25T10:00:00.000Z',
  relatedMemoryId,
});

/** The keys of a cache holding one of everything, and which of them the filters match. */
function matched(filters: ReturnType<typeof queriesNamedBy>): string[] {
  const client = new QueryClient();
  const keys = [
    queryKeys.memory('m1'),
    queryKeys.comments('m1'),
    queryKeys.memory('m2'),
    queryKeys.comments('m2'),
    queryKeys.memories,
    queryKeys.memorySpotlight,
    queryKeys.timelineMemories('t1'),
    queryKeys.timelineMemories('t1', { start: '2024-01-01', end: '2024-01-31' }),
    queryKeys.timelineMemoryDays('t1'),
    queryKeys.search({ q: 'lake' }),
    queryKeys.bulkPreview('2024-01', '2024-02', null),
    queryKeys.timelines,
    queryKeys.timelineMembers('t1'),
    queryKeys.family('f1'),
    queryKeys.currentUser,
    queryKeys.unreadCount,
    queryKeys.notifications,
  ];
  for (const key of keys) client.setQueryData(key, 'x');
  const cache = client.getQueryCache();
  return keys.filter((key) => filters.some((filter) => cache.findAll(filter).some((query) => query.queryHash === JSON.stringify(key)))).map((key) => key.join('/'));
}

describe('what a notification names', () => {
  it('a comment names its memory, its comments and every list that may hold the memory, and no other memory', () => {
    expect(matched(queriesNamedBy(note('n1', 'comment_added', 'm1')))).toEqual([
      'memories/m1',
      'memories/m1/comments',
      'memories',
      'memories/spotlight',
      'memories/timeline/t1//',
      'memories/timeline/t1/2024-01-01/2024-01-31',
      'memories/timeline-days/t1',
      'memories/search/lake////',
      'memories/bulk-preview/2024-01/2024-02/',
    ]);
  });

  it('a shared memory names the memory and the lists, as a comment does', () => {
    expect(matched(queriesNamedBy(note('n1', 'memory_shared', 'm2')))).toEqual([
      'memories/m2',
      'memories/m2/comments',
      'memories',
      'memories/spotlight',
      'memories/timeline/t1//',
      'memories/timeline/t1/2024-01-01/2024-01-31',
      'memories/timeline-days/t1',
      'memories/search/lake////',
      'memories/bulk-preview/2024-01/2024-02/',
    ]);
  });

  it('someone joining the family or a timeline names the timelines, their members and the family, no memory', () => {
    const joined = ['timelines', 'timelines/t1/members', 'families/f1'];
    expect(matched(queriesNamedBy(note('n1', 'family_joined', null)))).toEqual(joined);
    expect(matched(queriesNamedBy(note('n1', 'other', null)))).toEqual(joined);
  });
});

describe('which notifications are new to the page', () => {
  it('takes the unread ones not in an earlier answer', () => {
    const list = [note('n3', 'comment_added', 'm1'), note('n2', 'memory_shared', 'm2'), note('n1', 'comment_added', 'm1', true)];
    expect(unseenNotifications(list, new Set(['n2'])).map((n) => n.id)).toEqual(['n3']);
    expect(unseenNotifications(list, new Set()).map((n) => n.id)).toEqual(['n3', 'n2']);
  });

  it('names each query once however many notifications name it', () => {
    const filters = queriesToRefresh([note('a', 'comment_added', 'm1'), note('b', 'comment_added', 'm1'), note('c', 'family_joined', null)]);
    expect(filters).toHaveLength(queriesNamedBy(note('a', 'comment_added', 'm1')).length + 2);
  });
});
