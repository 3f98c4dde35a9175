import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '../../../../common/messages';
import { useDeleteMemory } from './useMemories';

/** memories §2: 'Are you sure?' with Cancel and Delete; §8: 'Memory deleted' or the failure. */
export function DeleteMemoryDialog({
  memoryId,
  opened,
  onClose,
  onDeleted,
}: {
  memoryId: string;
  opened: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteMemory({
    onDeleted: () => {
      onClose();
      onDeleted?.();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={messages.deleteMemoryTitle} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Text size="sm">{messages.deleteMemoryDetail}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={() => remove.mutate(memoryId)} loading={remove.isPending}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
