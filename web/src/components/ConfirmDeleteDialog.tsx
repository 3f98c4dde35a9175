import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '../../../common/messages';

export interface ConfirmDeleteDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What goes and what stays, in a sentence. */
  detail: string;
  confirmLabel: string;
  /** The delete's mutation (useApiMutation): Cancel waits while it runs, the button shows it. */
  remove: { mutate: () => void; isPending: boolean };
}

/**
 * The Delete that asks first, for a thing made from the memories (a book's PDF, an archive):
 * Cancel has the focus, so Enter never deletes by accident.
 */
export function ConfirmDeleteDialog({ opened, onClose, title, detail, confirmLabel, remove }: ConfirmDeleteDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': messages.closeDialog }}>
      <Text>{detail}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" size="md" onClick={onClose} disabled={remove.isPending} data-autofocus>
          {messages.cancel}
        </Button>
        <Button color="red" size="md" onClick={() => remove.mutate()} loading={remove.isPending}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
