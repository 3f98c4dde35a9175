// Issue 26: the signed-in person's comments on one memory that wait in the outbox, with the
// progress of the one being sent, and the words a screen reader hears once one has gone
// (sent from this tab, another tab or the service worker: the outbox tells them all).
import { useEffect, useState } from 'react';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import { onOutboxEvent, useOutbox, type OutboxEntry } from '../../lib/outbox';
import { useCurrentUser } from '../auth';

/** How long the live region stays empty before it is written again, so the same words are heard twice. */
const REANNOUNCE_GAP_MS = 100;

export interface WaitingCommentsView {
  entries: OutboxEntry[];
  progress: Record<string, number>;
  /** Who wrote them: the signed-in person. */
  author: User | null;
  /** 'Your comment was sent' once one has gone, for the live region. */
  sentNote: string;
}

export function useWaitingComments(memoryId: string): WaitingCommentsView {
  const { user } = useCurrentUser();
  const owner = user?.id ?? null;
  const { entries, progress } = useOutbox(owner, (entry) => entry.kind === 'comment' && entry.memoryId === memoryId);
  const [sentNote, setSentNote] = useState('');

  useEffect(() => {
    if (!owner) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onOutboxEvent((event) => {
      if (event.type !== 'sent' || event.entry.kind !== 'comment' || event.entry.owner !== owner || event.entry.memoryId !== memoryId) return;
      setSentNote('');
      clearTimeout(timer);
      timer = setTimeout(() => setSentNote(messages.commentSent), REANNOUNCE_GAP_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [owner, memoryId]);

  return { entries, progress, author: user, sentNote };
}
