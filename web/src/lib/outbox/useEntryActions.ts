// What a person may do with a refused entry where it shows (issue 26): send it again now, or
// remove it after being asked (removing loses what was said). The state of each, for the
// buttons' "loading" and the question's dialog.
import { useState } from 'react';
import type { OutboxEntry } from './entry';
import { retryEntry, type SendOptions } from './send';
import { removeEntry } from './store';

export function useEntryActions(entry: OutboxEntry, options: SendOptions = {}) {
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [retrying, setRetrying] = useState(false);
  return {
    retrying,
    retry: () => {
      setRetrying(true);
      void retryEntry(entry.id, entry.owner, options)
        .catch((error: unknown) => console.error(`The waiting ${entry.kind} could not be sent again`, error))
        .finally(() => setRetrying(false));
    },
    asking,
    ask: () => setAsking(true),
    keep: () => setAsking(false),
    removing,
    remove: () => {
      setRemoving(true);
      void removeEntry(entry.id)
        .catch((error: unknown) => console.error(`The waiting ${entry.kind} could not be removed`, error))
        .finally(() => {
          setRemoving(false);
          setAsking(false);
        });
    },
  };
}
