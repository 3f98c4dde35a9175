// memories §2 "Memory detail dialog": a modal with a close button, read view and edit view
// (§4: Edit, owner only, leads to the edit view; Save and Cancel return to the read view).
// Loaded lazily by MemoryDetailProvider.
import { Alert, Button, Group, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { messages } from '../../../../../common/messages';
import { api } from '../../../api/endpoints';
import { queryKeys } from '../../../api/keys';
import { useFocusOnSwap } from '../../../components/useFocusOnSwap';
import { memoryAwaitsWords, pollWhileWordsAwaited } from '../../../lib/wordsPolling';
import { useCurrentUser } from '../../auth';
import { MemoryEditView } from '../edit/MemoryEditView';
import { MemoryReadView } from './MemoryReadView';
import touch from '../touchTargets.module.css';

function LoadingMemory() {
  return (
    <Stack gap="md" aria-busy="true" aria-label={messages.detailLoading}>
      <Skeleton h={48} w="60%" radius="md" />
      <Skeleton h={220} radius="md" />
      <Skeleton h={16} radius="sm" />
      <Skeleton h={16} w="80%" radius="sm" />
    </Stack>
  );
}

/** True when focus sits in a dialog outside `own` (the modal's root): one opened from it. */
function focusIsInAnotherDialog(own: HTMLElement | null): boolean {
  const focusedDialog = document.activeElement?.closest('[role=dialog]');
  return Boolean(focusedDialog && own && !own.contains(focusedDialog));
}

export function MemoryDetailDialog({ memoryId, onClose }: { memoryId: string; onClose: () => void }) {
  const [editing, setEditing] = useState(false);
  const memory = useQuery({
    queryKey: queryKeys.memory(memoryId),
    queryFn: () => api.memories.get(memoryId),
    staleTime: 0,
    // Issue 22: words on their way arrive without a reload; not while the edit form holds the
    // memory, whose fields the person is changing.
    refetchInterval: editing ? false : pollWhileWordsAwaited(memoryAwaitsWords),
  });
  const { user } = useCurrentUser();
  const [askingToLeave, setAskingToLeave] = useState(false);
  const inside = useRef<HTMLDivElement>(null);
  // Edit and Cancel (or Save) each leave with their view: the form's first field, or Edit again.
  useFocusOnSwap(editing, () => inside.current?.querySelector<HTMLElement>(editing ? '[data-autofocus]' : '[data-edit-memory]'));
  // Closing mid-edit asks first; the edit view's Cancel is the way to drop changes at once.
  const close = () => {
    // Every open Mantine modal hears Escape: pressed in a dialog opened from this one (Share,
    // Delete), it closes only that one, and this dialog stays with focus back on its opener.
    if (focusIsInAnotherDialog(inside.current)) return;
    if (editing) setAskingToLeave(true);
    else onClose();
  };
  const title = memory.data?.title ?? (memory.isError ? messages.detailMemoryNotAvailable : messages.detailUntitled);

  return (
    <Modal
      ref={inside}
      opened
      onClose={close}
      // Nothing typed is lost to a stray key or tap: while editing, Escape and the backdrop
      // do nothing, and the close button asks first.
      closeOnEscape={!editing}
      closeOnClickOutside={!editing}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': messages.detailClose }}
      classNames={{ content: touch.content }}
      scrollAreaComponent={ScrollArea.Autosize}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {memory.isPending ? (
        <LoadingMemory />
      ) : memory.isError || !memory.data ? (
        <Alert color="red" styles={{ message: { fontSize: 'var(--mantine-font-size-md)' } }} title={messages.detailMemoryNotAvailable}>
          {messages.detailMemoryNotAvailableDetail}
          <Button variant="light" color="red" mt="sm" size="md" display="block" onClick={() => void memory.refetch()}>
            {messages.tryAgain}
          </Button>
        </Alert>
      ) : editing && memory.data.abilities.canEdit ? (
        <MemoryEditView memory={memory.data} onDone={() => setEditing(false)} />
      ) : (
        <MemoryReadView memory={memory.data} currentUserId={user?.id ?? ''} onEdit={() => setEditing(true)} onDeleted={onClose} />
      )}
      <Modal opened={askingToLeave} onClose={() => setAskingToLeave(false)} title={messages.leaveEditTitle} centered size="sm">
        <Text mb="md">{messages.leaveEditDetail}</Text>
        <Group justify="flex-end" gap="sm">
          <Button size="lg" variant="default" onClick={onClose}>
            {messages.discardChanges}
          </Button>
          <Button size="lg" onClick={() => setAskingToLeave(false)} data-autofocus>
            {messages.keepEditing}
          </Button>
        </Group>
      </Modal>
    </Modal>
  );
}
