import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';

/** Download everything's Delete asks first: the zip goes from the server, the memories stay. */
export function DeleteArchiveDialog({ archiveId, opened, onClose, onDeleted }: { archiveId: string; opened: boolean; onClose: () => void; onDeleted: () => void }) {
  const remove = useApiMutation({
    mutationFn: () => api.everythingArchives.remove(archiveId),
    success: messages.everythingDeleted,
    error: (message) => `${messages.everythingDeleteFailed} ${message}`,
    invalidate: [queryKeys.everythingArchives],
    onSuccess: onDeleted,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={messages.everythingDeleteTitle} centered closeButtonProps={{ 'aria-label': messages.closeDialog }}>
      <Text>{messages.everythingDeleteDetail}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" size="md" onClick={onClose} disabled={remove.isPending} data-autofocus>
          {messages.cancel}
        </Button>
        <Button color="red" size="md" onClick={() => remove.mutate()} loading={remove.isPending}>
          {messages.everythingDelete}
        </Button>
      </Group>
    </Modal>
  );
}
