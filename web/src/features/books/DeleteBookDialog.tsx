import type { Book } from '../../../../common/books';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';

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
    <ConfirmDeleteDialog
      opened={opened}
      onClose={onClose}
      title={messages.bookDeleteTitle}
      detail={messages.bookDeleteDetail(book.title)}
      confirmLabel={messages.bookDelete}
      remove={remove}
    />
  );
}
