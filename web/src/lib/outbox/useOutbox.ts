// One person's waiting creates as React state (issue 26), read again at every change in any
// tab, with the progress of the one being sent. Plain React: the storyteller's page uses it too.
import { useEffect, useState } from 'react';
import type { OutboxEntry } from './entry';
import { onOutboxEvent, outboxOf } from './store';

export interface OutboxView {
  entries: OutboxEntry[];
  /** Percent sent of the entry being sent now, by id; absent while it waits. */
  progress: Record<string, number>;
}

const empty: OutboxView = { entries: [], progress: {} };

/** `owner`'s entries (none while `owner` is null), optionally only those `keep` selects. */
export function useOutbox(owner: string | null, keep?: (entry: OutboxEntry) => boolean): OutboxView {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});

  useEffect(() => {
    if (!owner) return;
    let live = true;
    const read = () =>
      outboxOf(owner)
        .then((kept) => live && setEntries(kept))
        .catch(() => live && setEntries([]));
    void read();
    const unsubscribe = onOutboxEvent((event) => {
      if (event.type === 'progress') {
        setProgress(({ [event.id]: _previous, ...rest }) => (event.percent === null ? rest : { ...rest, [event.id]: event.percent! }));
      } else {
        void read();
      }
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [owner]);

  if (!owner) return empty;
  return { entries: keep ? entries.filter(keep) : entries, progress };
}
