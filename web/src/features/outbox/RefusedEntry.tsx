// What shows under a waiting memory or comment the server refused (issue 26): the server's own
// words, Try again, and Remove, which asks first since removing loses what was said. One
// component for both lists, so a refusal reads and behaves the same wherever it shows.
import { Button, Group, Text } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { messages } from '../../../../common/messages';
import { lazyDialog } from '../../components/lazyDialog';
import { loadUntilLoaded } from '../../lib/lazyLoaded';
import { useEntryActions, type OutboxEntry, type SendOptions } from '../../lib/outbox';

const loadConfirm = () => import('../../components/ConfirmDeleteDialog').then((module) => module.ConfirmDeleteDialog);
/**
 * Home's first script carries the waiting list (it must show offline with no service worker),
 * but not the dialog library this question needs: it loads with the first refusal shown, which
 * the server has just given, so the connection is there to fetch it. Remove is offered once it
 * has come: opened offline with no worker to hand it over, the question would otherwise appear
 * only when the connection returned, long after the tap (lib/lazyLoaded asks again till then).
 */
const ConfirmDeleteDialog = lazyDialog(loadConfirm);

function useQuestionLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void loadUntilLoaded(loadConfirm).then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

export interface RefusedEntryWords {
  /** The server's words when it gave none of its own. */
  detail: string;
  /** Try again's and Remove's names for a screen reader, naming what they act on. */
  retryLabel: string;
  removeLabel: string;
  /** Remove's own word, on its button and on the question's. */
  remove: string;
  /** The question. */
  removeTitle: string;
  removeDetail: string;
}

/** A refused comment's words, wherever it shows: under its memory, or on home once that is gone. */
export const commentRefusalWords: RefusedEntryWords = {
  detail: messages.commentRefusedDetail,
  retryLabel: messages.commentRetry,
  removeLabel: messages.commentRemoveWaitingLabel,
  remove: messages.commentRemoveWaiting,
  removeTitle: messages.commentRemoveWaitingTitle,
  removeDetail: messages.commentRemoveWaitingDetail,
};

/** A refused memory's words, naming it by its title. */
export const memoryRefusalWords = (title: string): RefusedEntryWords => ({
  detail: messages.memoryRefusedDetail,
  retryLabel: messages.memoryRetry(title),
  removeLabel: messages.memoryRemoveWaitingLabel(title),
  remove: messages.memoryRemoveWaiting,
  removeTitle: messages.memoryRemoveWaitingTitle,
  removeDetail: messages.memoryRemoveWaitingDetail,
});

export function RefusedEntry({ entry, words, options }: { entry: OutboxEntry; words: RefusedEntryWords; options?: SendOptions }) {
  const { asking, ask, keep, removing, remove, retrying, retry } = useEntryActions(entry, options);
  const canAsk = useQuestionLoaded();
  return (
    <>
      <Text c="red">{entry.lastMessage ?? words.detail}</Text>
      <Group gap="xs" wrap="wrap">
        <Button size="md" variant="light" leftSection={<IconRefresh size={18} />} onClick={retry} loading={retrying} aria-label={words.retryLabel}>
          {messages.tryAgain}
        </Button>
        <Button size="md" variant="subtle" color="red" leftSection={<IconTrash size={18} />} onClick={ask} disabled={!canAsk} aria-label={words.removeLabel}>
          {words.remove}
        </Button>
      </Group>
      <ConfirmDeleteDialog
        opened={asking}
        onClose={keep}
        title={words.removeTitle}
        detail={words.removeDetail}
        confirmLabel={words.remove}
        remove={{ mutate: remove, isPending: removing }}
      />
    </>
  );
}
