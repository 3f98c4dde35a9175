// The signed-in app's outbox sender (issue 26 "she presses save, and it gets there"): while
// someone is signed in, their waiting memories and comments are sent with no tap (as the app
// opens, when the connection returns, when it is shown again, on the service worker's wake-up),
// the browser is asked once to keep the app's storage, and each create the server took, sent
// from this tab, another or the worker, refreshes what shows it.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/keys';
import { refreshAfterChange } from '../../api/refresh';
import { askToKeepStorage, onOutboxEvent, startOutbox, type OutboxEvent } from '../../lib/outbox';
import { outboxOf } from '../../lib/outbox/store';
import { prepareWaitingMemory } from './prepare';

type SentEntry = Extract<OutboxEvent, { type: 'sent' }>['entry'];

/** What a sent create made stale: a memory is in every list of memories, a comment in its memory. */
export function refreshAfterSent(queryClient: QueryClient, entry: SentEntry): Promise<void> {
  if (entry.kind === 'memory') return refreshAfterChange(queryClient, { queryKey: queryKeys.memories });
  if (entry.kind === 'comment' && entry.memoryId) {
    const memoryId = entry.memoryId;
    return Promise.all([
      refreshAfterChange(queryClient, { queryKey: queryKeys.comments(memoryId), exact: true }),
      refreshAfterChange(queryClient, { queryKey: queryKeys.memory(memoryId), exact: true }),
    ]).then(() => undefined);
  }
  return Promise.resolve();
}

/** Mounted once in the signed-in app. */
export function useOutboxSender(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const stop = startOutbox(userId, { prepare: { memory: prepareWaitingMemory } });
    // Asked once something of theirs waits, not at every open: Firefox asks the person, and
    // only then is there something on the device worth keeping.
    let asked = false;
    const askOnceSomethingWaits = () => {
      if (asked) return;
      void outboxOf(userId)
        .then((entries) => {
          if (entries.length === 0 || asked) return;
          asked = true;
          void askToKeepStorage();
        })
        .catch(() => undefined);
    };
    askOnceSomethingWaits();
    const unsubscribe = onOutboxEvent((event) => {
      if (event.type === 'changed') askOnceSomethingWaits();
      else if (event.type === 'sent' && event.entry.owner === userId) void refreshAfterSent(queryClient, event.entry);
    });
    return () => {
      stop();
      unsubscribe();
    };
  }, [userId, queryClient]);
}
