import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';

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
    <ConfirmDeleteDialog
      opened={opened}
      onClose={onClose}
      title={messages.everythingDeleteTitle}
      detail={messages.everythingDeleteDetail}
      confirmLabel={messages.everythingDelete}
      remove={remove}
    />
  );
}
