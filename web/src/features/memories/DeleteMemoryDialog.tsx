import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '../../../../common/messages';
import touch from './touchTargets.module.css';
import { useDeleteMemory } from './useDeleteMemory';

/** memories §2: 'Are you sure?' with Cancel and Delete; §8: 'Memory deleted' or the failure. */
export function DeleteMemoryDialog({
  memoryId,
  opened,
  onClose,
  onDeleted,
  onRemoved,
  failureText,
}: {
  memoryId: string;
  opened: boolean;
  onClose: () => void;
  onDeleted?: () => void;
  /** Runs once the server has deleted it, before the lists refresh. */
  onRemoved?: () => void;
  /** The failure toast's text, when not the card's 'Failed to delete memory: {message}'. */
  failureText?: string;
}) {
  const remove = useDeleteMemory({
    onRemoved,
    failureText,
    onDeleted: () => {
      onClose();
      onDeleted?.();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={messages.deleteMemoryTitle} centered closeButtonProps={{ 'aria-label': messages.closeDialog }} classNames={{ content: touch.content }}>
      <Text>{messages.deleteMemoryDetail}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" size="md" onClick={onClose} disabled={remove.isPending}>
          {messages.cancel}
        </Button>
        <Button color="red" size="md" onClick={() => remove.mutate(memoryId)} loading={remove.isPending}>
          {messages.detailDelete}
        </Button>
      </Group>
    </Modal>
  );
}
