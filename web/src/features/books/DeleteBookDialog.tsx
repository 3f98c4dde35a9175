import { Button, Group, Modal, Text } from '@mantine/core';
import type { Book } from '../../../../common/books';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';

/** My books' Delete asks first (the PDF goes; the memories in it stay). */
export function DeleteBookDialog({ book, opened, onClose, onDeleted }: { book: Book; opened: boolean; onClose: () => void; onDeleted: () => void }) {
  const remove = useApiMutation({
    mutationFn: () => api.books.remove(book.id),
    success: messages.bookDeleted,
    error: (message) => `${messages.bookDeleteFailed} ${message}`,
    invalidate: [queryKeys.books],
    onSuccess: onDeleted,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={messages.bookDeleteTitle} centered closeButtonProps={{ 'aria-label': messages.closeDialog }}>
      <Text>{messages.bookDeleteDetail(book.title)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" size="md" onClick={onClose} disabled={remove.isPending} data-autofocus>
          {messages.cancel}
        </Button>
        <Button color="red" size="md" onClick={() => remove.mutate()} loading={remove.isPending}>
          {messages.bookDelete}
        </Button>
      </Group>
    </Modal>
  );
}
